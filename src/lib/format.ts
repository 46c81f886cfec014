/**
 * £2.99, £120, £1,500: pence in, en-GB currency out; whole pounds drop the pence. Written out rather than with
 * Intl.NumberFormat: the first Intl formatter a page creates loads locale data, which costs tens of
 * milliseconds of main thread on a phone, and the content modules format prices as every page loads.
 */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = abs % 100;
  return `${sign}£${pounds}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** The site's build date (YYYY-MM-DD), injected by Vite; used as sitemap lastmod. */
export const buildDate: string = __BUILD_DATE__;
