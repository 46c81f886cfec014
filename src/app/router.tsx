import { Suspense } from 'react';
import { matchPath, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { routeModules, type RouteModuleKey } from './route-modules';

/** The whole route table (spec §2). Each page module loads on demand. */
export const routeTable: readonly { path: string; module: RouteModuleKey }[] = [
  { path: paths.home, module: 'home' },
  { path: paths.about, module: 'about' },
  { path: paths.faq, module: 'faq' },
  { path: paths.contact, module: 'contact' },
  { path: paths.privacyPolicy, module: 'privacyPolicy' },
  { path: paths.termsAndConditions, module: 'termsAndConditions' },
  { path: paths.virtualAppointments, module: 'virtualAppointments' },
  { path: paths.habitsAddictions, module: 'habitsAddictions' },
  { path: paths.anxietyStress, module: 'anxietyStress' },
  { path: paths.painManagement, module: 'painManagement' },
  { path: paths.weightManagement, module: 'weightManagement' },
  { path: paths.sportsPerformance, module: 'sportsPerformance' },
  { path: paths.professionalPerformance, module: 'professionalPerformance' },
  { path: paths.salesHypnosis, module: 'salesHypnosis' },
  { path: paths.selfHypnosisGuide, module: 'selfHypnosisGuide' },
  { path: paths.sitemap, module: 'sitemap' },
  { path: paths.audioLibrary, module: 'audioLibrary' },
  { path: paths.individualAudios, module: 'individualAudios' },
  { path: paths.cart, module: 'cart' },
  { path: paths.checkout, module: 'checkout' },
  { path: paths.auth, module: 'auth' },
  { path: paths.resetPassword, module: 'resetPassword' },
  { path: paths.updatePassword, module: 'updatePassword' },
  { path: paths.adminLogin, module: 'adminLogin' },
  { path: paths.account, module: 'account' },
  { path: paths.adminDashboard, module: 'adminDashboard' },
];

const pages = Object.fromEntries(
  Object.entries(routeModules).map(([key, load]) => [key, lazyPage(load)]),
) as Record<RouteModuleKey, LazyPage>;

/** The page module a URL path renders: a route of the table, or the 404 page. */
export function moduleForPath(pathname: string): RouteModuleKey {
  return routeTable.find((route) => matchPath(route.path, pathname))?.module ?? 'notFound';
}

/** Loads the page for a path before the first render (prerender and hydration). */
export function preloadPage(pathname: string): Promise<void> {
  return pages[moduleForPath(pathname)].preload();
}

function suspended(Page: LazyPage) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

// Route objects rather than <Routes>/<Route> children: the same table without React Router's JSX-to-objects
// step in every page's first JavaScript.
const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...routeTable.map(({ path, module }) => ({ path, element: suspended(pages[module]) })),
      // The old site linked here; PRODUCT.md: it redirects rather than 404s.
      { path: paths.virtualSessionsLegacy, element: <Navigate to={paths.virtualAppointments} replace /> },
      { path: '*', element: suspended(pages.notFound) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routeObjects);
}

function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="sr-only">Loading page…</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent"
      />
    </div>
  );
}
