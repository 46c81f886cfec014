// Its own module: the money and date formatters are also used by Node-side tests, where Vite defines nothing.
/** The site's build date (YYYY-MM-DD), injected by Vite; used as sitemap lastmod. */
export const buildDate: string = __BUILD_DATE__;
