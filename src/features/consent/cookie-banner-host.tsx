import { lazy, Suspense } from 'react';
import { useCookieConsent } from './cookie-consent-provider';

// The banner's code loads only when it is shown: no stored choice, or the footer's 'Cookie settings'.
const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

export function CookieBannerHost() {
  const { bannerOpen } = useCookieConsent();
  if (!bannerOpen) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
