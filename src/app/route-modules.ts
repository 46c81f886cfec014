// Every page module, loaded on demand. `file` lets the prerender step preload a page's chunk from Vite's
// manifest (no request waterfall before hydration); keep it beside its import.
export const routeModules = {
  home: { file: 'src/routes/marketing/home.tsx', load: () => import('@/routes/marketing/home') },
  about: { file: 'src/routes/marketing/about.tsx', load: () => import('@/routes/marketing/about') },
  faq: { file: 'src/routes/marketing/faq.tsx', load: () => import('@/routes/marketing/faq') },
  contact: { file: 'src/routes/marketing/contact.tsx', load: () => import('@/routes/marketing/contact') },
  privacyPolicy: {
    file: 'src/routes/marketing/privacy-policy.tsx',
    load: () => import('@/routes/marketing/privacy-policy'),
  },
  termsAndConditions: {
    file: 'src/routes/marketing/terms-and-conditions.tsx',
    load: () => import('@/routes/marketing/terms-and-conditions'),
  },
  virtualAppointments: {
    file: 'src/routes/marketing/virtual-appointments.tsx',
    load: () => import('@/routes/marketing/virtual-appointments'),
  },
  conditionPage: {
    file: 'src/routes/marketing/condition-page.tsx',
    load: () => import('@/routes/marketing/condition-page'),
  },
  salesHypnosis: {
    file: 'src/routes/marketing/sales-hypnosis.tsx',
    load: () => import('@/routes/marketing/sales-hypnosis'),
  },
  selfHypnosisGuide: {
    file: 'src/routes/marketing/self-hypnosis-guide.tsx',
    load: () => import('@/routes/marketing/self-hypnosis-guide'),
  },
  sitemap: { file: 'src/routes/marketing/sitemap.tsx', load: () => import('@/routes/marketing/sitemap') },
  notFound: { file: 'src/routes/marketing/not-found.tsx', load: () => import('@/routes/marketing/not-found') },
  audioLibrary: { file: 'src/routes/shop/audio-library.tsx', load: () => import('@/routes/shop/audio-library') },
  individualAudios: {
    file: 'src/routes/shop/individual-audios.tsx',
    load: () => import('@/routes/shop/individual-audios'),
  },
  cart: { file: 'src/routes/shop/cart.tsx', load: () => import('@/routes/shop/cart') },
  checkout: { file: 'src/routes/shop/checkout.tsx', load: () => import('@/routes/shop/checkout') },
  auth: { file: 'src/routes/auth/auth.tsx', load: () => import('@/routes/auth/auth') },
  resetPassword: { file: 'src/routes/auth/reset-password.tsx', load: () => import('@/routes/auth/reset-password') },
  updatePassword: {
    file: 'src/routes/auth/update-password.tsx',
    load: () => import('@/routes/auth/update-password'),
  },
  adminLogin: { file: 'src/routes/auth/admin-login.tsx', load: () => import('@/routes/auth/admin-login') },
  account: { file: 'src/routes/account/account.tsx', load: () => import('@/routes/account/account') },
  adminDashboard: { file: 'src/routes/admin/dashboard.tsx', load: () => import('@/routes/admin/dashboard') },
} as const;

export type RouteModuleKey = keyof typeof routeModules;
