import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_CONTENT_ID, SkipLinks } from '@/components/layout/skip-links';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AccessibilitySettingsButton } from '@/features/accessibility/accessibility-settings-button';
import { RouteAnnouncer } from '@/features/accessibility/route-announcer';
import { useHeaderAuth } from '@/features/auth/use-header-auth';
import { BookingButton } from '@/features/booking/booking-button';
import { installBookingPrefill } from '@/features/booking/booking-prefill';
import { useCart } from '@/features/cart/cart-context';
import { CookieBannerHost } from '@/features/consent/cookie-banner-host';
import { CookieSettingsLink } from '@/features/consent/cookie-settings-link';
import { PlayerHost } from '@/features/player/player-host';
import { chromeText } from '@/content/chrome';
import { useLeaveAdoptedPage } from '@/app/adopted-page';
import { useClaimEarlyInputOutsideParts } from '@/lib/early-input';
import { EARLY_BOUNDARY_ATTRIBUTE } from '@/lib/early-input-script';
import { RouteErrorBoundary } from './route-error-boundary';

/** New pages start at the top, unless the URL targets an anchor on the page. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** The chrome around every page (docs/product-rules.md §2 "Shared chrome"). */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, onSignOut } = useHeaderAuth();
  const { itemCount } = useCart();
  useScrollToTopOnNavigate();
  useLeaveAdoptedPage(pathname);
  // Booking links on every page, adopted ones included, carry a signed-in customer's email when followed.
  useEffect(() => installBookingPrefill(), []);
  // The chrome is hydrated: its buttons pressed before the code arrived (the menu, settings) are pressed
  // again. The page (<main>), the banner and islands take over on their own (src/lib/early-input-script.ts).
  useClaimEarlyInputOutsideParts();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLinks />
      {/* Early in the reading order, so keyboard and screen-reader visitors meet it first; shown fixed at the bottom. */}
      <CookieBannerHost />
      <RouteAnnouncer />
      <Header
        user={user}
        cartCount={itemCount}
        onSignOut={onSignOut}
        tools={<AccessibilitySettingsButton />}
        menuAction={<BookingButton size="md" className="w-full">{chromeText.menuBooking}</BookingButton>}
      />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex-1 focus:outline-none"
        {...{ [EARLY_BOUNDARY_ATTRIBUTE]: '' }}
      >
        <RouteErrorBoundary key={pathname}>
          {children}
        </RouteErrorBoundary>
      </main>
      <Footer
        year={new Date().getFullYear()}
        extraLinks={<CookieSettingsLink className="inline-flex min-h-11 cursor-pointer items-center underline-offset-4 hover:underline" />}
      />
      {/* The audio player: pads the page while open, the bar itself loads on first play. */}
      <PlayerHost />
      <LazyToaster />
    </div>
  );
}
