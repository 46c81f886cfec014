import { faqCategoryIds, type FaqCategory, type FaqEntry } from '@/content/faq';

// The FAQ page's filtering (docs/product-rules.md §2 "/faq", §4 "FAQ", §5): search text and category are independent and
// combine. The search matches when every word of it is a case-insensitive substring of the question or the
// answer ('cancel appointment' finds 'Can I reschedule or cancel an appointment?'); that finds everything the
// whole-term substring rule of docs/product-rules.md §2 finds, since each word of a matching term is itself a substring.

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

/** Whether an entry matches the search: every whitespace-separated word in its question or its answer. */
export function matchesSearch(entry: FaqEntry, search: string): boolean {
  const words = normaliseSearch(search).toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const question = entry.question.toLowerCase();
  const answer = entry.answer.toLowerCase();
  return words.every((word) => question.includes(word) || answer.includes(word));
}

export function filterFaqs(entries: readonly FaqEntry[], { search, category }: FaqFilter): FaqEntry[] {
  return entries.filter(
    (entry) => (category === 'all' || entry.category === category) && matchesSearch(entry, search),
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
