// Server-side routing facts shared by `npm start` and the Netlify config the build writes.

/** Routes rendered only in the browser (personal or form pages, all noindex): served the SPA shell. */
export const clientOnlyRoutes = [
  '/cart',
  '/checkout',
  '/checkout/result',
  '/auth',
  '/auth/confirm',
  '/reset-password',
  '/update-password',
  '/admin/login',
  '/admin/dashboard',
  '/account',
] as const;

/** Permanent redirects (docs/product-rules.md D2 "Dead links"). */
export const redirects = [{ from: '/virtual-sessions', to: '/virtual-appointments', status: 301 }] as const;
