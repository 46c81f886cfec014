// The first-JavaScript budget `npm run bench` holds every marketing page to (docs/decisions/0002-first-js-budget.md):
// the pages most visitors enter by, from search, on a phone. The shop's and account pages are reported, not held.

/** Initial JavaScript per marketing page, gzip level 9. */
export const initialJsBudgetBytes = 100 * 1024;

export interface PageSize {
  route: string;
  gzipBytes: number;
  /** A marketing page (adopted from its prerendered markup on the first load, src/app/adopted-page.tsx). */
  marketing: boolean;
}

const described = (page: PageSize) => `${page.route} (${(page.gzipBytes / 1024).toFixed(1)} KiB)`;

/** The marketing pages over the budget; empty when every one fits. */
export function pagesOverBudget(pages: readonly PageSize[]): string[] {
  return pages.filter((page) => page.marketing && page.gzipBytes > initialJsBudgetBytes).map(described);
}

/** The other pages whose first load is above the marketing pages' budget (reported only). */
export function otherPagesAboveBudget(pages: readonly PageSize[]): string[] {
  return pages.filter((page) => !page.marketing && page.gzipBytes > initialJsBudgetBytes).map(described);
}
