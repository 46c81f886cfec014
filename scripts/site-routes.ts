import { pages, paths } from '../src/config/paths';

// Server-side routing facts shared by the build, `npm start` and the Netlify config the build writes, derived
// from the page table (src/config/paths.ts).

const pageList = Object.values(pages);

/** Routes prerendered at build (every page but the client-only ones). */
export const prerenderedRoutes: readonly string[] = pageList
  .filter((page) => page.render !== 'client')
  .map((page) => page.path);

/** The marketing pages: prerendered, and adopted as prerendered on their first load. */
export const adoptedRoutes: readonly string[] = pageList
  .filter((page) => page.render === 'adopted')
  .map((page) => page.path);

/** Routes rendered only in the browser (personal or form pages, all noindex): served the SPA shell. */
export const clientOnlyRoutes: readonly string[] = pageList
  .filter((page) => page.render === 'client')
  .map((page) => page.path);

/** Permanent redirects (docs/product-rules.md D2 "Dead links"). */
export const redirects = [
  { from: paths.virtualSessionsLegacy, to: paths.virtualAppointments, status: 301 },
] as const;
