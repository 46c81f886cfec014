import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated, useHydratedStore } from '@/lib/hydration';
import { allPreferences, defaultPreferences, type CookieChoices, type CookiePreferences } from './consent-storage';
import { BANNER_ALLOWED_ATTRIBUTE } from './consent-script';
import {
  getConsentSnapshot,
  getServerConsentSnapshot,
  readClosedEarly,
  saveConsent,
  subscribeToConsent,
} from './consent-store';

const notClosed = () => false;

export interface CookieConsentValue {
  preferences: CookiePreferences;
  /** A choice is stored (the consent flag). */
  hasConsented: boolean;
  bannerOpen: boolean;
  /** The banner was opened by the visitor (not shown by itself): it takes focus then. */
  bannerRequested: boolean;
  acceptAll: () => void;
  essentialOnly: () => void;
  /** Stores a choice (essential is always on) and closes the banner. */
  save: (choices: CookieChoices) => void;
  /** Shows the banner again (the footer's 'Cookie settings'), with the current choices. */
  openBanner: () => void;
  /** Hides the banner without saving; with no stored choice it comes back on the next visit. */
  closeBanner: () => void;
}

const CookieConsentContext = createContext<CookieConsentValue | null>(null);

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  // Nothing stored (the banner open, as prerendered) during prerender and hydration; then the stored choice.
  const stored = useHydratedStore(subscribeToConsent, getConsentSnapshot, getServerConsentSnapshot);
  const hydrated = useHydrated();
  // Closed before the banner's code had arrived (consent-script.ts): for this page view, as closeBanner.
  const closedEarly = useHydratedStore(subscribeToConsent, readClosedEarly, notClosed);
  // null: follow storage (open when nothing is stored); otherwise the visitor's last action on this visit.
  const [override, setOverride] = useState<'open' | 'closed' | null>(null);

  // The before-paint script hides the prerendered banner from a visitor who has already chosen (or chose
  // before the code arrived); once React shows the banner only when it should, it may show whenever React
  // renders it (e.g. 'Cookie settings'), from the same frame.
  const bannerOpen = override === 'open' || (override === null && !closedEarly && !stored.hasConsented);
  // (Again whenever the banner opens: the before-paint script removes the attribute when it closes it.)
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.setAttribute(BANNER_ALLOWED_ATTRIBUTE, '');
  }, [hydrated, bannerOpen]);

  // Memoised: while a prerendered banner waits for its code, a new context value would make React drop its HTML.
  const value = useMemo<CookieConsentValue>(() => {
    const closeBanner = () => setOverride('closed');
    const save = (choices: CookieChoices) => {
      saveConsent(choices);
      closeBanner();
    };
    return {
      preferences: stored.preferences,
      hasConsented: stored.hasConsented,
      bannerOpen,
      bannerRequested: override === 'open',
      acceptAll: () => save(allPreferences),
      essentialOnly: () => save(defaultPreferences),
      save,
      openBanner: () => setOverride('open'),
      closeBanner,
    };
  }, [stored, override, bannerOpen]);

  return <CookieConsentContext.Provider value={value}>{children}</CookieConsentContext.Provider>;
}

export function useCookieConsent(): CookieConsentValue {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent must be used within CookieConsentProvider');
  return value;
}
