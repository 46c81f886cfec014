import { Suspense } from 'react';
import { preloadableLazy } from '@/lib/preloadable-lazy';
import { useCookieConsent } from './cookie-consent-provider';

// The banner's code loads when it is shown: every prerendered page contains the banner's HTML (a first visit
// sees it in the first paint), and src/main.tsx loads the code before hydrating when no choice is stored.
const banner = preloadableLazy(() => import('./cookie-banner').then((module) => module.CookieBanner));

/** Loads the banner's code, so the next render (the hydration) renders it synchronously. */
export const preloadCookieBanner = banner.preload;

export function CookieBannerHost() {
  const { bannerOpen } = useCookieConsent();
  if (!bannerOpen) return null;
  return (
    <Suspense fallback={null}>
      <banner.Component />
    </Suspense>
  );
}
