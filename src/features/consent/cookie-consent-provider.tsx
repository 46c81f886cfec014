import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { allPreferences, defaultPreferences, type CookieChoices, type CookiePreferences } from './consent-storage';
import { getConsentSnapshot, getServerConsentSnapshot, saveConsent, subscribeToConsent } from './consent-store';

/** The banner's root element id: focus inside it is handed back when the banner closes. */
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
  // The element that opened the banner, and whether focus was inside the banner when it closed.
  const focus = useRef<{ opener: HTMLElement | null; restore: boolean }>({ opener: null, restore: false });
  const bannerOpen = override === 'open' || (override === null && stored !== null && !stored.hasConsented);

  // Focus that was inside the banner goes back to what opened it, or to the main content. (<main> is looked up
  // rather than imported by id: importing the layout here makes the bundler split a shared chunk off the entry.)
  useEffect(() => {
    if (bannerOpen || !focus.current.restore) return;
    focus.current.restore = false;
    const { opener } = focus.current;
    (opener?.isConnected ? opener : document.querySelector('main'))?.focus();
  }, [bannerOpen]);

  // No memo needed: this provider sits at the top and re-renders only when its own state changes.
  const closeBanner = () => {
    focus.current.restore = Boolean(document.getElementById(COOKIE_BANNER_ID)?.contains(document.activeElement));
    setOverride('closed');
  };
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
    openBanner: () => {
      const active = document.activeElement;
      focus.current.opener = active instanceof HTMLElement && active !== document.body ? active : null;
      setOverride('open');
    },
    closeBanner,
  };

  return <CookieConsentContext.Provider value={value}>{children}</CookieConsentContext.Provider>;
}

export function useCookieConsent(): CookieConsentValue {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent must be used within CookieConsentProvider');
  return value;
}
