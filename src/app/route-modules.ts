// Every page module, loaded on demand.
export const routeModules = {
  home: () => import('@/routes/marketing/home'),
  about: () => import('@/routes/marketing/about'),
  faq: () => import('@/routes/marketing/faq'),
  contact: () => import('@/routes/marketing/contact'),
  privacyPolicy: () => import('@/routes/marketing/privacy-policy'),
  termsAndConditions: () => import('@/routes/marketing/terms-and-conditions'),
  virtualAppointments: () => import('@/routes/marketing/virtual-appointments'),
  conditionPage: () => import('@/routes/marketing/condition-page'),
  salesHypnosis: () => import('@/routes/marketing/sales-hypnosis'),
  selfHypnosisGuide: () => import('@/routes/marketing/self-hypnosis-guide'),
  sitemap: () => import('@/routes/marketing/sitemap'),
  notFound: () => import('@/routes/marketing/not-found'),
  audioLibrary: () => import('@/routes/shop/audio-library'),
  individualAudios: () => import('@/routes/shop/individual-audios'),
  cart: () => import('@/routes/shop/cart'),
  checkout: () => import('@/routes/shop/checkout'),
  auth: () => import('@/routes/auth/auth'),
  resetPassword: () => import('@/routes/auth/reset-password'),
  updatePassword: () => import('@/routes/auth/update-password'),
  adminLogin: () => import('@/routes/auth/admin-login'),
  account: () => import('@/routes/account/account'),
  adminDashboard: () => import('@/routes/admin/dashboard'),
} as const;

export type RouteModuleKey = keyof typeof routeModules;
