// Cookie consent in browser storage (docs/product-rules.md §3 "Cookie preferences", §8, §9): the consent flag and the
// preferences under one key each. The booking feature's useFunctionalConsent reads the same keys and listens
// for the same event, so the scheduler embed follows every save at once.

export const CONSENT_KEY = 'cookie-consent';
export const PREFERENCES_KEY = 'cookie-preferences';
/** Dispatched on window after every save (read by src/features/booking/functional-consent.ts). */
export const CONSENT_CHANGED_EVENT = 'cookie-consent-changed';

export interface CookiePreferences {
  /** Always true: essential cookies cannot be turned off (docs/product-rules.md §5). */
  essential: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
}

/** What a visitor chooses; essential is always on whatever is passed. */
export type CookieChoices = Omit<CookiePreferences, 'essential'> & { essential?: boolean };

export interface StoredConsent {
  hasConsented: boolean;
  preferences: CookiePreferences;
}

export const defaultPreferences: CookiePreferences = {
  essential: true,
  analytics: false,
  functional: false,
  marketing: false,
};

export const allPreferences: CookiePreferences = {
  essential: true,
  analytics: true,
  functional: true,
  marketing: true,
};

export function toPreferences(choices: CookieChoices): CookiePreferences {
  return {
    essential: true,
    analytics: choices.analytics === true,
    functional: choices.functional === true,
    marketing: choices.marketing === true,
  };
}

/**
 * The stored preferences, or the defaults. Unreadable JSON or a value that is not an object logs the warning of
 * docs/product-rules.md §8 and keeps the defaults; a missing or non-boolean field reads as off (nothing optional without a clear yes).
 */
export function parsePreferences(raw: string | null): CookiePreferences {
  if (raw === null) return defaultPreferences;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return toPreferences(parsed as CookieChoices);
    }
  } catch {
    // Reported below.
  }
  console.warn('Failed to parse cookie preferences');
  return defaultPreferences;
}

/** Nothing stored: the banner shows. One object, so a page without a stored choice never sees it change. */
export const noConsent: StoredConsent = { hasConsented: false, preferences: defaultPreferences };

/** Consent is given when the flag is stored as 'true'; only then are the preferences read. */
export function readStoredConsent(): StoredConsent {
  try {
    if (localStorage.getItem(CONSENT_KEY) === 'true') {
      return { hasConsented: true, preferences: parsePreferences(localStorage.getItem(PREFERENCES_KEY)) };
    }
  } catch {
    // Storage blocked by the browser: as if nothing were stored.
  }
  return noConsent;
}

/** Stores a choice: the flag and the preferences. Returns what was stored. */
export function writeConsent(choices: CookieChoices): CookiePreferences {
  const preferences = toPreferences(choices);
  try {
    localStorage.setItem(CONSENT_KEY, 'true');
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Storage blocked or full: the choice still applies for this visit.
  }
  return preferences;
}
