import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { allPreferences, defaultPreferences, type CookieChoices, type CookiePreferences } from './consent-storage';
import { getConsentSnapshot, getServerConsentSnapshot, saveConsent, subscribeToConsent } from './consent-store';

export const COOKIE_BANNER_ID = 'cookie-banner';

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
  // null (nothing known, no banner) during prerender and hydration; then the stored choice.
  const stored = useSyncExternalStore(subscribeToConsent, getConsentSnapshot, getServerConsentSnapshot);
  // null: follow storage (open when nothing is stored); otherwise the visitor's last action on this visit.
  const [override, setOverride] = useState<'open' | 'closed' | null>(null);
  const bannerOpen = override === 'open' || (override === null && stored !== null && !stored.hasConsented);

  // No memo needed: this provider sits at the top and re-renders only when its own state changes.
  const closeBanner = () => setOverride('closed');
  const save = (choices: CookieChoices) => {
    saveConsent(choices);
    closeBanner();
  };
  const value: CookieConsentValue = {
    preferences: stored?.preferences ?? defaultPreferences,
    hasConsented: stored?.hasConsented ?? false,
    bannerOpen,
    bannerRequested: override === 'open',
    acceptAll: () => save(allPreferences),
    essentialOnly: () => save(defaultPreferences),
    save,
    openBanner: () => setOverride('open'),
    closeBanner,
  };

  return <CookieConsentContext.Provider value={value}>{children}</CookieConsentContext.Provider>;
}

export function useCookieConsent(): CookieConsentValue {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent must be used within CookieConsentProvider');
  return value;
}
