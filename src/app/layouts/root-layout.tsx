import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_CONTENT_ID, SkipLinks } from '@/components/layout/skip-links';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { RouteErrorBoundary } from './route-error-boundary';

const noop = () => {};

/** New pages start at the top, unless the URL targets an anchor on the page. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** Marks <html> once React is interactive; end-to-end tests wait for it before using controls. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** The chrome around every page (spec §2 "Shared chrome"). */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  useHydratedMarker();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLinks />
      {/* Auth and cart providers plug in here; until then the visitor is signed out with an empty cart. */}
      <Header user={null} cartCount={0} onSignOut={noop} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer year={new Date().getFullYear()} />
      <LazyToaster />
    </div>
  );
}
