/**
 * The site's one money formatter. £2.99, £120, £1,500: pence in, en-GB currency out; whole pounds drop the
 * pence unless `exact` (the admin dashboard's figures, £120.00, line up as a column of sums). Written out rather
 * than with Intl.NumberFormat: the first Intl formatter a page creates loads locale data, which costs tens of
 * milliseconds of main thread on a phone, and the content modules format prices as every page loads.
 */
export function formatPence(pence: number, { exact = false }: { exact?: boolean } = {}): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = abs % 100;
  return `${sign}£${pounds}${rest === 0 && !exact ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** Whole pence from pounds (a purchase's price column), without floating-point pennies: 0.1 + 0.2 → 30. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}
