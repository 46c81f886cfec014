import {
  CONSENT_CHANGED_EVENT,
  readStoredConsent,
  writeConsent,
  type CookieChoices,
  type StoredConsent,
} from './consent-storage';

// The stored consent as an external store for useSyncExternalStore. The prerendered HTML and the hydration
// render use the server snapshot (null: not known yet, so no banner); then the browser's stored choice.

let cached: StoredConsent | null = null;

export function getConsentSnapshot(): StoredConsent {
  cached ??= readStoredConsent();
  return cached;
}

export function getServerConsentSnapshot(): StoredConsent | null {
  return null;
}

export function subscribeToConsent(onChange: () => void): () => void {
  window.addEventListener(CONSENT_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_CHANGED_EVENT, onChange);
}

/** Saves a choice to storage and to this store (even when storage is blocked), then tells the whole page. */
export function saveConsent(choices: CookieChoices): void {
  cached = { hasConsented: true, preferences: writeConsent(choices) };
  window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}

/** For tests: forget the cached snapshot so the next read comes from storage. */
export function resetConsentStoreForTests(): void {
  cached = null;
}
