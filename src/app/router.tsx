import { Suspense, useState } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { STATIC_PAGE_ATTRIBUTE } from '@/components/island/island-attributes';
import { AdoptedPage, adoptedPageFor } from './adopted-page';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { routeModules, type RouteModuleKey } from './route-modules';

interface RouteEntry {
  path: string;
  module: RouteModuleKey;
  /**
   * A marketing page: the same for every visitor, its interactive parts marked as islands. Its first load
   * adopts the prerendered markup instead of loading the page (src/app/adopted-page.tsx).
   */
  adoptable?: true;
}

/** The whole route table (docs/product-rules.md §2). Each page module loads on demand. */
export const routeTable: readonly RouteEntry[] = [
  { path: paths.home, module: 'home', adoptable: true },
  { path: paths.about, module: 'about', adoptable: true },
  { path: paths.faq, module: 'faq', adoptable: true },
  { path: paths.contact, module: 'contact', adoptable: true },
  { path: paths.privacyPolicy, module: 'privacyPolicy', adoptable: true },
  { path: paths.termsAndConditions, module: 'termsAndConditions', adoptable: true },
  { path: paths.virtualAppointments, module: 'virtualAppointments', adoptable: true },
  { path: paths.habitsAddictions, module: 'habitsAddictions', adoptable: true },
  { path: paths.anxietyStress, module: 'anxietyStress', adoptable: true },
  { path: paths.painManagement, module: 'painManagement', adoptable: true },
  { path: paths.weightManagement, module: 'weightManagement', adoptable: true },
  { path: paths.sportsPerformance, module: 'sportsPerformance', adoptable: true },
  { path: paths.professionalPerformance, module: 'professionalPerformance', adoptable: true },
  { path: paths.salesHypnosis, module: 'salesHypnosis', adoptable: true },
  { path: paths.selfHypnosisGuide, module: 'selfHypnosisGuide', adoptable: true },
  { path: paths.sitemap, module: 'sitemap', adoptable: true },
  { path: paths.audioLibrary, module: 'audioLibrary' },
  { path: paths.individualAudios, module: 'individualAudios' },
  { path: paths.cart, module: 'cart' },
  { path: paths.checkout, module: 'checkout' },
  { path: paths.paymentResult, module: 'paymentResult' },
  { path: paths.auth, module: 'auth' },
  { path: paths.authConfirm, module: 'authConfirm' },
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

/**
 * A marketing page: on the first load, its adopted prerendered markup; otherwise the page's module, in the
 * same wrapper element the first load finds.
 */
function AdoptablePage({ Page }: { Page: LazyPage }) {
  const { pathname } = useLocation();
  // Decided once per page (the layout remounts the page on every path change).
  const [adopted] = useState(() => adoptedPageFor(pathname));
  return (
    <Suspense fallback={<PageLoading />}>
      {adopted ? (
        <AdoptedPage page={adopted} />
      ) : (
        <div {...{ [STATIC_PAGE_ATTRIBUTE]: '' }}>
          <Page />
        </div>
      )}
    </Suspense>
  );
}

/**
 * The pages inside the layout, as React Router routes (declarative mode): every path is static and the table
 * flat (one layout around every page).
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Routes>
        {/* The old site linked here; docs/product-rules.md D2: it redirects rather than 404s. */}
        <Route path={paths.virtualSessionsLegacy} element={<Navigate to={paths.virtualAppointments} replace />} />
        {routeTable.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={route.adoptable ? <AdoptablePage Page={pages[route.module]} /> : suspended(pages[route.module])}
          />
        ))}
        <Route path="*" element={suspended(pages.notFound)} />
      </Routes>
    </RootLayout>
  );
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
