import { Accordion } from '@/components/ui/accordion';
import type { FaqEntry } from '@/content/faq';

export const FAQ_ID_DATA = 'faq-id';
export const FAQ_CATEGORY_DATA = 'faq-category';

interface FaqAccordionProps {
  entries: readonly FaqEntry[];
  className?: string;
}

/** FAQ entries as a single-open, collapsible accordion (used on /faq and, with the first five, on /about). */
export function FaqAccordion({ entries, className }: FaqAccordionProps) {
  return (
    <Accordion
      className={className}
      items={entries.map((entry) => ({
        id: `faq-${entry.id}`,
        title: entry.question,
        content: <p>{entry.answer}</p>,
        // The search island reads the entries back from the prerendered page (faq-browser-island.tsx).
        data: { [FAQ_ID_DATA]: String(entry.id), [FAQ_CATEGORY_DATA]: entry.category },
      }))}
    />
  );
}
