import { Fragment } from 'react';
import { Container } from '@/components/ui/container';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import type { LegalBlock, LegalDocument as LegalDocumentData, RichText } from '@/content/legal';
import { cn } from '@/lib/cn';
import { AppLink } from '@/components/ui/app-link';

const linkClass = 'font-semibold text-primary underline underline-offset-4 hover:no-underline';

function Rich({ text }: { text: RichText }) {
  if (typeof text === 'string') return text;
  return text.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if ('to' in part) {
      return (
        <AppLink key={index} to={part.to} className={linkClass}>
          {part.text}
        </AppLink>
      );
    }
    if (/^https?:/.test(part.href)) {
      return (
        <ExternalLink key={index} href={part.href} className={linkClass}>
          {part.text}
        </ExternalLink>
      );
    }
    return (
      <a
        key={index}
        href={part.href}
        className={cn(linkClass, part.href.startsWith('tel:') ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]')}
      >
        {part.text}
      </a>
    );
  });
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case 'p':
      return (
        <p>
          <Rich text={block.text} />
        </p>
      );
    case 'ul':
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-primary">
          {block.items.map((item, index) => (
            <li key={index}>
              <Rich text={item} />
            </li>
          ))}
        </ul>
      );
    case 'h3':
      return <h3 className="pt-2 text-xl font-bold text-foreground">{block.text}</h3>;
    case 'table':
      return (
        // If the table is ever wider than the screen it scrolls in this named, focusable region, never the page.
        <div
          role="region"
          aria-label={block.caption}
          // A scroll area must be reachable by keyboard to be scrolled (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl border border-border"
        >
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{block.caption}</caption>
            <thead className="bg-muted text-foreground">
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {block.rows.map(([what, howLong]) => (
                <tr key={what}>
                  <th scope="row" className="px-4 py-3 align-top font-normal text-foreground">
                    {what}
                  </th>
                  <td className="px-4 py-3 align-top font-semibold text-foreground">{howLong}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/**
 * A legal text (Privacy Policy, Terms and Conditions): the page's <h1>, its fixed 'Last updated' date, a table
 * of contents linking to each section, and one <h2> per section.
 */
export function LegalDocument({ document }: { document: LegalDocumentData }) {
  return (
    <>
      <PageHeader title={document.title} lead={document.lead}>
        <p className="text-sm font-medium text-muted-foreground">
          Last updated: <time dateTime={document.lastUpdated.iso}>{document.lastUpdated.label}</time>
        </p>
      </PageHeader>
      <Container className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-heading" className="text-lg font-bold text-foreground">
            {document.tocHeading}
          </h2>
          <ol className="mt-3 space-y-1 border-l-2 border-border">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-0.5 flex min-h-11 items-center border-l-2 border-transparent py-1 pl-4 text-muted-foreground hover:border-primary hover:text-primary"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-prose space-y-12 text-lg leading-relaxed text-muted-foreground">
          {document.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2
                id={section.id}
                className="scroll-mt-24 font-serif text-2xl font-bold text-foreground sm:text-3xl"
              >
                {section.title}
              </h2>
              <div className="mt-4 space-y-4">
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
