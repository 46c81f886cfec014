/**
 * Markup already in the document, kept as it is: an island's static part (a tab panel's content, say) that
 * it shows but does not need the code of. The wrapper takes no box of its own.
 */
export function StaticHtml({ html }: { html: string }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
