import { useHydratedStore } from '@/lib/hydration';

// Functional-cookie consent, read from storage here because features do not import one another (ESLint's
// boundaries): the stored shape is the consent banner's, a JSON object under 'cookie-preferences' with a
// boolean `functional`, and the banner's saves announce themselves with the same event.

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
