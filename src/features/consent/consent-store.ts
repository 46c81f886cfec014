import { BANNER_CLOSED_ATTRIBUTE } from './consent-script';
import {
  CONSENT_CHANGED_EVENT,
  CONSENT_KEY,
  PREFERENCES_KEY,
  noConsent,
  readStoredConsent,
  writeConsent,
  type CookieChoices,
  type StoredConsent,
} from './consent-storage';

// The stored consent as an external store. The prerendered HTML and the hydration render use the server
// snapshot (nothing stored: the banner is in every prerendered page, hidden before the first paint for a
// visitor who has already chosen, see consent-script.ts); then the browser's stored choice.

// What this visit saved (kept even where storage is blocked); otherwise what storage holds, which the
// before-paint consent script may have written (then it dispatches CONSENT_CHANGED_EVENT).
let saved: StoredConsent | null = null;
let read: { raw: string; consent: StoredConsent } | null = null;

function storageKey(): string {
  try {
    return `${localStorage.getItem(CONSENT_KEY)}\u0000${localStorage.getItem(PREFERENCES_KEY)}`;
  } catch {
    return '';
  }
}

export function getConsentSnapshot(): StoredConsent {
  if (saved) return saved;
  // The same object while storage is unchanged (useSyncExternalStore compares snapshots by identity).
  const raw = storageKey();
  if (read?.raw !== raw) read = { raw, consent: readStoredConsent() };
  return read.consent;
}

/** Whether the visitor closed the banner before its code had arrived (consent-script.ts). */
export function readClosedEarly(): boolean {
  return document.documentElement.hasAttribute(BANNER_CLOSED_ATTRIBUTE);
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
  saved = { hasConsented: true, preferences: writeConsent(choices) };
  window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}

/** For tests: forget the cached snapshot so the next read comes from storage. */
export function resetConsentStoreForTests(): void {
  saved = null;
  read = null;
}
