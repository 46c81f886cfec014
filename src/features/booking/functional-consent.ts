import { useHydratedStore } from '@/lib/hydration';

// Functional-cookie consent, read until the cookie-consent feature exposes its own hook (the lead rewires
// this module to the consent provider then). The stored shape is the consent banner's: a JSON object under
// 'cookie-preferences' with a boolean `functional`.

export const COOKIE_PREFERENCES_KEY = 'cookie-preferences';
export const CONSENT_CHANGED_EVENT = 'cookie-consent-changed';

/** Whether stored preferences allow functional cookies; anything missing or unreadable means no. */
export function readFunctionalConsent(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    const raw = storage?.getItem(COOKIE_PREFERENCES_KEY);
    if (!raw) return false;
    const parsed: unknown = JSON.parse(raw);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { functional?: unknown }).functional === true
    );
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CONSENT_CHANGED_EVENT, onChange);
  // Another tab changing the preferences.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CONSENT_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function storageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser: treat as no consent.
    return undefined;
  }
}

/** False during prerender and hydration (the HTML never assumes consent); then the stored choice, live. */
export function useFunctionalConsent(): boolean {
  return useHydratedStore(
    subscribe,
    () => readFunctionalConsent(storageOrUndefined()),
    () => false,
  );
}
