import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_CONTENT_ID, SkipLinks } from '@/components/layout/skip-links';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useHeaderAuth } from '@/features/auth/use-header-auth';
import { RouteErrorBoundary } from './route-error-boundary';

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
  const { user, onSignOut } = useHeaderAuth();
  useScrollToTopOnNavigate();
  useHydratedMarker();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLinks />
      {/* The cart provider plugs in here; until then the cart is empty. */}
      <Header user={user} cartCount={0} onSignOut={onSignOut} />
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
