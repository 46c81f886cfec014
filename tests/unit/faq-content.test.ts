import { describe, expect, it } from 'vitest';
import { faqCategoryIds, faqCategoryLabels, faqTotal } from '@/content/faq';
import { faqEntries } from '@/content/faq-entries';
import { firstFaqEntries } from '@/content/faq-first';

describe('FAQ content', () => {
  it('has 33 entries with ids 1 to 33 in order', () => {
    expect(faqEntries).toHaveLength(33);
    expect(faqTotal).toBe(faqEntries.length);
    expect(faqEntries.slice(0, firstFaqEntries.length)).toEqual(firstFaqEntries);
    expect(firstFaqEntries.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5]);
    expect(faqEntries.map((entry) => entry.id)).toEqual(Array.from({ length: 33 }, (_, index) => index + 1));
  });

  it('puts every entry in one of the five categories, each used', () => {
    for (const entry of faqEntries) expect(faqCategoryIds).toContain(entry.category);
    for (const id of faqCategoryIds) expect(faqEntries.some((entry) => entry.category === id)).toBe(true);
  });

  it('has unique, non-empty questions ending in a question mark and substantial answers', () => {
    expect(new Set(faqEntries.map((entry) => entry.question)).size).toBe(33);
    for (const entry of faqEntries) {
      expect(entry.question).toMatch(/\?$/);
      expect(entry.answer.length).toBeGreaterThan(120);
    }
  });

  it('uses the chip labels of the spec verbatim', () => {
    expect(Object.values(faqCategoryLabels)).toEqual([
      'All Categories',
      'General',
      'Appointments',
      'Treatments',
      'Privacy & Security',
      'Pricing',
    ]);
  });

  it('states 50-minute appointments and the current prices, never the old 60-90 minutes', () => {
    const all = faqEntries.map((entry) => `${entry.question} ${entry.answer}`).join('\n');
    expect(all).not.toMatch(/60\s*-\s*90|60 minutes|90 minutes/);
    expect(all).toContain('50 minutes');
    for (const price of ['£120', '£360', '£2.99', '£6.99']) expect(all).toContain(price);
    expect(all).toMatch(/24 hours'? notice/);
    expect(all).toContain('50% fee');
  });
});
