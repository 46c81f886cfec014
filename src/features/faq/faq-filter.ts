import { faqCategoryIds, type FaqCategory, type FaqEntry } from '@/content/faq';

// The FAQ page's filtering (spec §2 "/faq", §4 "FAQ", §5): search text and category are independent and
// combine; the search is a case-insensitive substring match over the question and the answer.

export type FaqCategoryFilter = FaqCategory | 'all';

export interface FaqFilter {
  search: string;
  category: FaqCategoryFilter;
}

export const initialFaqFilter: FaqFilter = { search: '', category: 'all' };

/** The search term as matched and shown: surrounding whitespace never counts. */
export function normaliseSearch(search: string): string {
  return search.trim();
}

export function filterFaqs(entries: readonly FaqEntry[], { search, category }: FaqFilter): FaqEntry[] {
  const term = normaliseSearch(search).toLowerCase();
  return entries.filter(
    (entry) =>
      (category === 'all' || entry.category === category) &&
      (term === '' ||
        entry.question.toLowerCase().includes(term) ||
        entry.answer.toLowerCase().includes(term)),
  );
}

/** How many entries each chip stands for ('all' is the total); fixed, independent of the search. */
export function countFaqsByCategory(entries: readonly FaqEntry[]): Record<FaqCategoryFilter, number> {
  const counts = Object.fromEntries([
    ['all', entries.length],
    ...faqCategoryIds.map((id) => [id, 0]),
  ]) as Record<FaqCategoryFilter, number>;
  for (const entry of entries) counts[entry.category] += 1;
  return counts;
}

/** 'Showing N of 33 questions', with ' matching "term"' appended while searching. */
export function faqResultsText(shown: number, total: number, search: string): string {
  const term = normaliseSearch(search);
  const base = `Showing ${shown} of ${total} questions`;
  return term === '' ? base : `${base} matching "${term}"`;
}
