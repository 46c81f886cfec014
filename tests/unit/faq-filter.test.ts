import { describe, expect, it } from 'vitest';
import type { FaqEntry } from '@/content/faq';
import { faqEntries } from '@/content/faq-entries';
import {
  countFaqsByCategory,
  faqResultsText,
  filterFaqs,
  matchesSearch,
  normaliseSearch,
} from '@/features/faq/faq-filter';

const sample: readonly FaqEntry[] = [
  { id: 1, category: 'general', question: 'What is Hypnotherapy?', answer: 'A focused, relaxed state.' },
  { id: 2, category: 'general', question: 'Is it safe?', answer: 'Yes, for most adults.' },
  {
    id: 3,
    category: 'appointments',
    question: 'How long is an appointment?',
    answer: 'Fifty minutes, online.',
  },
  {
    id: 4,
    category: 'pricing',
    question: 'How much does it cost?',
    answer: 'A single appointment costs £120.',
  },
  { id: 5, category: 'privacy', question: 'Are sessions recorded?', answer: 'Only with your consent.' },
];

const ids = (entries: readonly FaqEntry[]) => entries.map((entry) => entry.id);

describe('filterFaqs', () => {
  it('returns every entry for all categories and no search', () => {
    expect(ids(filterFaqs(sample, { search: '', category: 'all' }))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps only the chosen category', () => {
    expect(ids(filterFaqs(sample, { search: '', category: 'general' }))).toEqual([1, 2]);
    expect(ids(filterFaqs(sample, { search: '', category: 'treatments' }))).toEqual([]);
  });

  it('matches the question and the answer', () => {
    expect(ids(filterFaqs(sample, { search: 'safe', category: 'all' }))).toEqual([2]);
    expect(ids(filterFaqs(sample, { search: 'consent', category: 'all' }))).toEqual([5]);
    // "appointment" is in entry 3's question and entry 4's answer.
    expect(ids(filterFaqs(sample, { search: 'appointment', category: 'all' }))).toEqual([3, 4]);
  });

  it('is case-insensitive in both directions', () => {
    expect(ids(filterFaqs(sample, { search: 'HYPNOTHERAPY', category: 'all' }))).toEqual([1]);
    expect(ids(filterFaqs(sample, { search: 'fifty', category: 'all' }))).toEqual([3]);
  });

  it('matches substrings, and ignores surrounding whitespace', () => {
    expect(ids(filterFaqs(sample, { search: 'cord', category: 'all' }))).toEqual([5]);
    expect(ids(filterFaqs(sample, { search: '  £120  ', category: 'all' }))).toEqual([4]);
    expect(ids(filterFaqs(sample, { search: '   ', category: 'all' }))).toHaveLength(5);
  });

  it('combines category and search', () => {
    expect(ids(filterFaqs(sample, { search: 'appointment', category: 'pricing' }))).toEqual([4]);
    expect(ids(filterFaqs(sample, { search: 'appointment', category: 'appointments' }))).toEqual([3]);
    expect(ids(filterFaqs(sample, { search: 'appointment', category: 'general' }))).toEqual([]);
    expect(ids(filterFaqs(sample, { search: 'state', category: 'general' }))).toEqual([1]);
  });

  it('matches every word of the query, each anywhere in the question or the answer, in any order', () => {
    // 'long' and 'online' are in different fields of entry 3; 'minutes' and 'fifty' are out of order.
    expect(ids(filterFaqs(sample, { search: 'long online', category: 'all' }))).toEqual([3]);
    expect(ids(filterFaqs(sample, { search: 'minutes FIFTY', category: 'all' }))).toEqual([3]);
    expect(ids(filterFaqs(sample, { search: 'single   appointment', category: 'all' }))).toEqual([4]);
    // One word that matches nowhere rules the entry out.
    expect(ids(filterFaqs(sample, { search: 'appointment zebra', category: 'all' }))).toEqual([]);
    expect(ids(filterFaqs(sample, { search: 'cancel appointment', category: 'all' }))).toEqual([]);
  });

  it('finds everything the whole-term substring rule finds', () => {
    // Every substring of every entry's question and answer (a few lengths and offsets) still finds that entry.
    for (const entry of faqEntries) {
      for (const text of [entry.question, entry.answer]) {
        for (let start = 0; start < text.length; start += 7) {
          for (const length of [1, 4, 11, 23]) {
            const term = text.slice(start, start + length);
            if (term.trim() === '') continue;
            expect(matchesSearch(entry, term), `${entry.id}: "${term}"`).toBe(true);
            expect(matchesSearch(entry, term.toUpperCase())).toBe(true);
          }
        }
      }
    }
  });

  it("finds 'Can I reschedule or cancel an appointment?' for 'cancel appointment'", () => {
    const found = filterFaqs(faqEntries, { search: 'cancel appointment', category: 'all' });
    expect(found.map((entry) => entry.question)).toContain('Can I reschedule or cancel an appointment?');
    expect(found.length).toBeLessThan(faqEntries.length);
  });

  it('finds real questions in the site content', () => {
    const cancel = filterFaqs(faqEntries, { search: 'cancel', category: 'appointments' });
    expect(cancel.map((entry) => entry.question)).toContain('Can I reschedule or cancel an appointment?');
    expect(filterFaqs(faqEntries, { search: 'zzz-no-such-thing', category: 'all' })).toEqual([]);
  });
});

describe('countFaqsByCategory', () => {
  it('counts each category and the total', () => {
    expect(countFaqsByCategory(sample)).toEqual({
      all: 5,
      general: 2,
      appointments: 1,
      treatments: 0,
      privacy: 1,
      pricing: 1,
    });
  });

  it('counts only what the search finds', () => {
    expect(countFaqsByCategory(sample, 'appointment')).toEqual({
      all: 2,
      general: 0,
      appointments: 1,
      treatments: 0,
      privacy: 0,
      pricing: 1,
    });
  });

  it('counts the 33 site entries, the categories adding up to the total', () => {
    const counts = countFaqsByCategory(faqEntries);
    expect(counts.all).toBe(33);
    expect(counts.general + counts.appointments + counts.treatments + counts.privacy + counts.pricing).toBe(
      33,
    );
    expect(counts).toEqual({ all: 33, general: 8, appointments: 8, treatments: 7, privacy: 5, pricing: 5 });
  });
});

describe('ranking', () => {
  it('puts a match in the question above matches only in answers', () => {
    expect(ids(filterFaqs(sample, { search: 'appointment', category: 'all' }))).toEqual([3, 4]);
  });

  it('puts a whole word above part of a longer word, in the question and in the answer', () => {
    const entries: FaqEntry[] = [
      { id: 1, category: 'general', question: 'Other', answer: 'Prices are costed with care.' },
      { id: 2, category: 'general', question: 'Costing?', answer: 'Nothing.' },
      { id: 3, category: 'general', question: 'Other', answer: 'At no extra cost.' },
      { id: 4, category: 'pricing', question: 'What does it cost?', answer: 'Nothing.' },
    ];
    expect(ids(filterFaqs(entries, { search: 'cost', category: 'all' }))).toEqual([4, 2, 3, 1]);
  });

  it("ranks a cost question first for 'cost' on the site", () => {
    const [first] = filterFaqs(faqEntries, { search: 'cost', category: 'all' });
    expect(first?.question).toBe('How much does an appointment cost?');
  });

  it('keeps the page order without a search', () => {
    expect(ids(filterFaqs(sample, { search: '  ', category: 'all' }))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('faqResultsText', () => {
  it('states the count without a term', () => {
    expect(faqResultsText(33, 33, '')).toBe('Showing 33 of 33 questions');
    expect(faqResultsText(8, 33, '   ')).toBe('Showing 8 of 33 questions');
  });

  it('appends the trimmed term while searching', () => {
    expect(faqResultsText(2, 33, 'anxiety')).toBe('Showing 2 of 33 questions matching "anxiety"');
    expect(faqResultsText(0, 33, '  Smoking ')).toBe('Showing 0 of 33 questions matching "Smoking"');
  });

  it('normalises the search term by trimming only', () => {
    expect(normaliseSearch('  Pain Relief ')).toBe('Pain Relief');
  });
});
