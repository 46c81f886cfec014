import { describe, expect, it } from 'vitest';
import { initialJsBudgetBytes, otherPagesAboveBudget, pagesOverBudget } from '../../scripts/bench-budget';

describe("the bench's first-JS budget", () => {
  it('is 100 KiB gzip (docs/decisions/0002-first-js-budget.md)', () => {
    expect(initialJsBudgetBytes).toBe(102_400);
  });

  it('names the marketing pages over it, and only those', () => {
    const pages = [
      { route: '/', gzipBytes: 98_000, marketing: true },
      { route: '/faq', gzipBytes: 102_400, marketing: true },
      { route: '/virtual-appointments', gzipBytes: 102_401, marketing: true },
      { route: '/about', gzipBytes: 106_086, marketing: true },
      { route: '/audio-library', gzipBytes: 110_000, marketing: false },
      { route: '/cart', gzipBytes: 80_000, marketing: false },
    ];
    expect(pagesOverBudget(pages)).toEqual(['/virtual-appointments (100.0 KiB)', '/about (103.6 KiB)']);
    expect(otherPagesAboveBudget(pages)).toEqual(['/audio-library (107.4 KiB)']);
    expect(pagesOverBudget([{ route: '/', gzipBytes: 84_000, marketing: true }])).toEqual([]);
  });
});
