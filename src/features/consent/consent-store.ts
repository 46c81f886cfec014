import {
  CONSENT_CHANGED_EVENT,
  noConsent,
  readStoredConsent,
  writeConsent,
  type CookieChoices,
  type StoredConsent,
} from './consent-storage';

// The stored consent as an external store. The prerendered HTML and the hydration render use the server
// snapshot (nothing stored: the banner is in every prerendered page, hidden before the first paint for a
// visitor who has already chosen, see consent-script.ts); then the browser's stored choice.

let cached: StoredConsent | null = null;

export function getConsentSnapshot(): StoredConsent {
  cached ??= readStoredConsent();
  return cached;
}

export function getServerConsentSnapshot(): StoredConsent {
  return noConsent;
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
