import { faqCategoryIds, type FaqCategory, type FaqEntry } from '@/content/faq';

// The FAQ page's filtering (docs/product-rules.md §2 "/faq", §4 "FAQ", §5): search text and category are independent and
// combine. The search matches when every word of it is a case-insensitive substring of the question or the
// answer ('cancel appointment' finds 'Can I reschedule or cancel an appointment?'); that finds everything the
// whole-term substring rule of docs/product-rules.md §2 finds, since each word of a matching term is itself a substring.
// Matches are ranked (question above answer, whole words above parts) and the chips count what the search finds.

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

function searchWords(search: string): string[] {
  return normaliseSearch(search).toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether an entry matches the search: every whitespace-separated word in its question or its answer. */
export function matchesSearch(entry: FaqEntry, search: string): boolean {
  const question = entry.question.toLowerCase();
  const answer = entry.answer.toLowerCase();
  return searchWords(search).every((word) => question.includes(word) || answer.includes(word));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How well one word matches a text: 2 as a whole word, 1 inside a longer word, 0 not at all. */
function wordMatch(text: string, word: string): number {
  if (!text.includes(word)) return 0;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'u').test(text) ? 2 : 1;
}

/**
 * How well an entry answers the search, or null when some word is in neither its question nor its answer.
 * Per word: a match in the question outranks any match in the answer, and a whole word outranks part of a
 * longer one ('cost' puts 'How much does an appointment cost?' above an answer mentioning 'no extra cost').
 */
function searchScore(entry: FaqEntry, words: readonly string[]): number | null {
  const question = entry.question.toLowerCase();
  const answer = entry.answer.toLowerCase();
  let score = 0;
  for (const word of words) {
    const inQuestion = wordMatch(question, word);
    const inAnswer = wordMatch(answer, word);
    if (inQuestion === 0 && inAnswer === 0) return null;
    score += inQuestion > 0 ? 2 + inQuestion : inAnswer;
  }
  return score;
}

/** The entries matching the search, best match first (ties keep the page's order). */
function searchFaqs(entries: readonly FaqEntry[], search: string): FaqEntry[] {
  const words = searchWords(search);
  if (words.length === 0) return [...entries];
  return entries
    .map((entry, index) => ({ entry, index, score: searchScore(entry, words) }))
    .filter((scored): scored is { entry: FaqEntry; index: number; score: number } => scored.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry }) => entry);
}

export function filterFaqs(entries: readonly FaqEntry[], { search, category }: FaqFilter): FaqEntry[] {
  return searchFaqs(entries, search).filter((entry) => category === 'all' || entry.category === category);
}

/** How many entries each chip stands for ('all' is the total), among those the search matches. */
export function countFaqsByCategory(entries: readonly FaqEntry[], search = ''): Record<FaqCategoryFilter, number> {
  const matching = searchFaqs(entries, search);
  const counts = Object.fromEntries([
    ['all', matching.length],
    ...faqCategoryIds.map((id) => [id, 0]),
  ]) as Record<FaqCategoryFilter, number>;
  for (const entry of matching) counts[entry.category] += 1;
  return counts;
}

/** 'Showing N of 33 questions', with ' matching "term"' appended while searching. */
export function faqResultsText(shown: number, total: number, search: string): string {
  const term = normaliseSearch(search);
  const base = `Showing ${shown} of ${total} questions`;
  return term === '' ? base : `${base} matching "${term}"`;
}
