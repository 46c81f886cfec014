import type { RouteModuleKey } from './route-modules';

// Source file of each page module, for the prerender step to preload a page's chunk from Vite's manifest
// (no request waterfall before hydration). Imported only by the server entry, so the strings stay out of
// the browser bundle; a unit test keeps it in step with route-modules.ts.
export const routeModuleFiles: Record<RouteModuleKey, string> = {
  home: 'src/routes/marketing/home.tsx',
  about: 'src/routes/marketing/about.tsx',
  faq: 'src/routes/marketing/faq.tsx',
  contact: 'src/routes/marketing/contact.tsx',
  privacyPolicy: 'src/routes/marketing/privacy-policy.tsx',
  termsAndConditions: 'src/routes/marketing/terms-and-conditions.tsx',
  virtualAppointments: 'src/routes/marketing/virtual-appointments.tsx',
  habitsAddictions: 'src/routes/marketing/conditions/habits-addictions.tsx',
  anxietyStress: 'src/routes/marketing/conditions/anxiety-stress.tsx',
  painManagement: 'src/routes/marketing/conditions/pain-management.tsx',
  weightManagement: 'src/routes/marketing/conditions/weight-management.tsx',
  sportsPerformance: 'src/routes/marketing/conditions/sports-performance.tsx',
  professionalPerformance: 'src/routes/marketing/conditions/professional-performance.tsx',
  salesHypnosis: 'src/routes/marketing/sales-hypnosis.tsx',
  selfHypnosisGuide: 'src/routes/marketing/self-hypnosis-guide.tsx',
  sitemap: 'src/routes/marketing/sitemap.tsx',
  notFound: 'src/routes/marketing/not-found.tsx',
  audioLibrary: 'src/routes/shop/audio-library.tsx',
  individualAudios: 'src/routes/shop/individual-audios.tsx',
  cart: 'src/routes/shop/cart.tsx',
  checkout: 'src/routes/shop/checkout.tsx',
  paymentResult: 'src/routes/shop/payment-result.tsx',
  auth: 'src/routes/auth/auth.tsx',
  authConfirm: 'src/routes/auth/confirm.tsx',
  resetPassword: 'src/routes/auth/reset-password.tsx',
  updatePassword: 'src/routes/auth/update-password.tsx',
  adminLogin: 'src/routes/auth/admin-login.tsx',
  account: 'src/routes/account/account.tsx',
  adminDashboard: 'src/routes/admin/dashboard.tsx',
};
