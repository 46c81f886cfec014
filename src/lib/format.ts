const gbpWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** £2.99, £120, £1,500: pence in, en-GB currency out; whole pounds drop the pence. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? gbpWhole.format(pence / 100) : gbp.format(pence / 100);
}

/** The site's build date (YYYY-MM-DD), injected by Vite; used as sitemap lastmod. */
export const buildDate: string = __BUILD_DATE__;
