import { Accordion } from '@/components/ui/accordion';
import type { FaqEntry } from '@/content/faq';

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
      }))}
    />
  );
}
