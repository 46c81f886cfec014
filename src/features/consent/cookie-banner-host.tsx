import { lazy, Suspense, type ComponentType } from 'react';
import { useCookieConsent } from './cookie-consent-provider';

// The banner's code loads when it is shown: every prerendered page contains the banner's HTML (a first visit
// sees it in the first paint), and src/main.tsx loads the code before hydrating when no choice is stored.
let Loaded: ComponentType | null = null;
let loading: Promise<{ default: ComponentType }> | null = null;
const load = () =>
  (loading ??= import('./cookie-banner').then(
    (module) => {
      Loaded = module.CookieBanner;
      return { default: module.CookieBanner };
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
const LazyCookieBanner = lazy(load);

/** Loads the banner's code, so the next render (the hydration) renders it synchronously. */
export async function preloadCookieBanner(): Promise<void> {
  await load();
}

export function CookieBannerHost() {
  const { bannerOpen } = useCookieConsent();
  if (!bannerOpen) return null;
  return <Suspense fallback={null}>{Loaded ? <Loaded /> : <LazyCookieBanner />}</Suspense>;
}
