// The site's pages, each written once here (docs/product-rules.md §2 route table): its path, its module and how
// its first load is served. Links use `paths`, never literals. Everything else is derived from this table: the
// router and its lazy loaders (src/app/router.tsx), the chunks the prerender preloads (src/entry-server.tsx),
// the pages prerendered and those served the SPA shell (scripts/site-routes.ts).

/**
 * How a page's first load is served:
 * - 'adopted': a marketing page, the same for every visitor, its interactive parts marked as islands:
 *   prerendered, and its first load keeps that markup, loading only its islands' code (src/app/adopted-page.tsx).
 * - 'prerendered': prerendered (the shop's pages, with the catalogue of the build), then hydrated.
 * - 'client': personal or a form (noindex): served the SPA shell and rendered in the browser.
 */
export type PageRender = 'adopted' | 'prerendered' | 'client';

export interface Page {
  path: string;
  /** Its module: a file under src/routes/ (outside a `parts` folder) exporting the page as `Component`. */
  file: string;
  render: PageRender;
}

export const pages = {
  home: { path: '/', file: 'src/routes/marketing/home.tsx', render: 'adopted' },
  about: { path: '/about', file: 'src/routes/marketing/about.tsx', render: 'adopted' },
  faq: { path: '/faq', file: 'src/routes/marketing/faq.tsx', render: 'adopted' },
  contact: { path: '/contact', file: 'src/routes/marketing/contact.tsx', render: 'adopted' },
  privacyPolicy: {
    path: '/privacy-policy',
    file: 'src/routes/marketing/privacy-policy.tsx',
    render: 'adopted',
  },
  termsAndConditions: {
    path: '/terms-and-conditions',
    file: 'src/routes/marketing/terms-and-conditions.tsx',
    render: 'adopted',
  },
  virtualAppointments: {
    path: '/virtual-appointments',
    file: 'src/routes/marketing/virtual-appointments.tsx',
    render: 'adopted',
  },
  habitsAddictions: {
    path: '/habits-addictions',
    file: 'src/routes/marketing/conditions/habits-addictions.tsx',
    render: 'adopted',
  },
  anxietyStress: {
    path: '/anxiety-stress',
    file: 'src/routes/marketing/conditions/anxiety-stress.tsx',
    render: 'adopted',
  },
  painManagement: {
    path: '/pain-management',
    file: 'src/routes/marketing/conditions/pain-management.tsx',
    render: 'adopted',
  },
  weightManagement: {
    path: '/weight-management',
    file: 'src/routes/marketing/conditions/weight-management.tsx',
    render: 'adopted',
  },
  sportsPerformance: {
    path: '/sports-performance',
    file: 'src/routes/marketing/conditions/sports-performance.tsx',
    render: 'adopted',
  },
  professionalPerformance: {
    path: '/professional-performance',
    file: 'src/routes/marketing/conditions/professional-performance.tsx',
    render: 'adopted',
  },
  salesHypnosis: {
    path: '/sales-hypnosis',
    file: 'src/routes/marketing/sales-hypnosis.tsx',
    render: 'adopted',
  },
  selfHypnosisGuide: {
    path: '/self-hypnosis-guide',
    file: 'src/routes/marketing/self-hypnosis-guide.tsx',
    render: 'adopted',
  },
  sitemap: { path: '/sitemap', file: 'src/routes/marketing/sitemap.tsx', render: 'adopted' },
  audioLibrary: { path: '/audio-library', file: 'src/routes/shop/audio-library.tsx', render: 'prerendered' },
  individualAudios: {
    path: '/individual-audios',
    file: 'src/routes/shop/individual-audios.tsx',
    render: 'prerendered',
  },
  cart: { path: '/cart', file: 'src/routes/shop/cart.tsx', render: 'client' },
  checkout: { path: '/checkout', file: 'src/routes/shop/checkout.tsx', render: 'client' },
  paymentResult: { path: '/checkout/result', file: 'src/routes/shop/payment-result.tsx', render: 'client' },
  auth: { path: '/auth', file: 'src/routes/auth/auth.tsx', render: 'client' },
  authConfirm: { path: '/auth/confirm', file: 'src/routes/auth/confirm.tsx', render: 'client' },
  resetPassword: { path: '/reset-password', file: 'src/routes/auth/reset-password.tsx', render: 'client' },
  updatePassword: { path: '/update-password', file: 'src/routes/auth/update-password.tsx', render: 'client' },
  adminLogin: { path: '/admin/login', file: 'src/routes/auth/admin-login.tsx', render: 'client' },
  account: { path: '/account', file: 'src/routes/account/account.tsx', render: 'client' },
  adminDashboard: { path: '/admin/dashboard', file: 'src/routes/admin/dashboard.tsx', render: 'client' },
} as const satisfies Record<string, Page>;

/** What any other path renders, with status 404. */
export const notFoundFile = 'src/routes/marketing/not-found.tsx';

type PagePaths = { readonly [Name in keyof typeof pages]: (typeof pages)[Name]['path'] };

/** Every path of the site by name, typed: the pages' paths, and the two addresses that are not a page. */
export const paths = {
  ...(Object.fromEntries(Object.entries(pages).map(([name, page]) => [name, page.path])) as PagePaths),
  /** The old site linked here; docs/product-rules.md D2: it redirects rather than 404s (scripts/site-routes.ts). */
  virtualSessionsLegacy: '/virtual-sessions',
  sitemapXml: '/sitemap.xml',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
