import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allPreferences,
  CONSENT_KEY,
  defaultPreferences,
  parsePreferences,
  PREFERENCES_KEY,
  readStoredConsent,
  toPreferences,
  writeConsent,
} from '@/features/consent/consent-storage';
import {
  getConsentSnapshot,
  getServerConsentSnapshot,
  resetConsentStoreForTests,
  saveConsent,
  subscribeToConsent,
} from '@/features/consent/consent-store';

const WARNING = 'Failed to parse cookie preferences';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  resetConsentStoreForTests();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('keys and shapes', () => {
  it('uses one key for the consent flag and one for the preferences', () => {
    expect(CONSENT_KEY).toBe('cookie-consent');
    expect(PREFERENCES_KEY).toBe('cookie-preferences');
  });

  it('defaults to essential only; accept-all is all four on', () => {
    expect(defaultPreferences).toEqual({ essential: true, analytics: false, functional: false, marketing: false });
    expect(allPreferences).toEqual({ essential: true, analytics: true, functional: true, marketing: true });
  });

  it('keeps essential on whatever is asked', () => {
    expect(toPreferences({ essential: false, analytics: true, functional: false, marketing: true })).toEqual({
      essential: true,
      analytics: true,
      functional: false,
      marketing: true,
    });
  });
});

describe('parsePreferences', () => {
  it('returns the defaults when nothing is stored, without a warning', () => {
    expect(parsePreferences(null)).toEqual(defaultPreferences);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads stored preferences', () => {
    const raw = JSON.stringify({ essential: true, analytics: false, functional: true, marketing: false });
    expect(parsePreferences(raw)).toEqual({ essential: true, analytics: false, functional: true, marketing: false });
  });

  it.each(['{not json', 'undefined', '', '{"functional":tru'])('warns and keeps the defaults for corrupt JSON %j', (raw) => {
    expect(parsePreferences(raw)).toEqual(defaultPreferences);
    expect(warn).toHaveBeenCalledWith(WARNING);
  });

  it.each(['null', '42', '"all"', 'true', '[true,true]'])('warns and keeps the defaults for a non-object %s', (raw) => {
    expect(parsePreferences(raw)).toEqual(defaultPreferences);
    expect(warn).toHaveBeenCalledWith(WARNING);
  });

  it('reads missing or non-boolean fields as off, and essential as on', () => {
    const raw = JSON.stringify({ essential: false, analytics: 'yes', functional: 1, marketing: true });
    expect(parsePreferences(raw)).toEqual({ essential: true, analytics: false, functional: false, marketing: true });
    expect(parsePreferences('{}')).toEqual(defaultPreferences);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('readStoredConsent and writeConsent', () => {
  it('has no consent when nothing is stored', () => {
    expect(readStoredConsent()).toEqual({ hasConsented: false, preferences: defaultPreferences });
  });

  it('has no consent unless the flag is exactly "true"', () => {
    localStorage.setItem(CONSENT_KEY, 'yes');
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(allPreferences));
    expect(readStoredConsent()).toEqual({ hasConsented: false, preferences: defaultPreferences });
  });

  it('writes the flag and the preferences under one key each', () => {
    const stored = writeConsent({ analytics: true, functional: true, marketing: false });
    expect(stored).toEqual({ essential: true, analytics: true, functional: true, marketing: false });
    expect(localStorage.getItem(CONSENT_KEY)).toBe('true');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '')).toEqual(stored);
    expect(localStorage.length).toBe(2);
    expect(readStoredConsent()).toEqual({ hasConsented: true, preferences: stored });
  });

  it('keeps the defaults with a warning when the stored preferences are corrupt (consent still given)', () => {
    localStorage.setItem(CONSENT_KEY, 'true');
    localStorage.setItem(PREFERENCES_KEY, '{corrupt');
    expect(readStoredConsent()).toEqual({ hasConsented: true, preferences: defaultPreferences });
    expect(warn).toHaveBeenCalledWith(WARNING);
  });

  it('survives storage that throws', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(readStoredConsent()).toEqual({ hasConsented: false, preferences: defaultPreferences });
      expect(writeConsent({ analytics: false, functional: true, marketing: false }).functional).toBe(true);
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});

describe('consent store', () => {
  it('knows of no choice on the server (the banner is in the prerendered HTML), the same object as an empty store', () => {
    expect(getServerConsentSnapshot()).toEqual({ hasConsented: false, preferences: defaultPreferences });
    // The same object: a first visit's page sees no change after hydration (a prerendered banner waiting for
    // its code is never disturbed).
    expect(getConsentSnapshot()).toBe(getServerConsentSnapshot());
  });

  it('returns the same snapshot until a save, then the saved choice', () => {
    const first = getConsentSnapshot();
    expect(getConsentSnapshot()).toBe(first);
    expect(first.hasConsented).toBe(false);
    saveConsent({ analytics: false, functional: true, marketing: false });
    expect(getConsentSnapshot()).toEqual({
      hasConsented: true,
      preferences: { essential: true, analytics: false, functional: true, marketing: false },
    });
  });

  it("dispatches 'cookie-consent-changed' on every save", () => {
    const heard = vi.fn();
    window.addEventListener('cookie-consent-changed', heard);
    const onChange = vi.fn();
    const unsubscribe = subscribeToConsent(onChange);
    saveConsent(defaultPreferences);
    saveConsent(allPreferences);
    unsubscribe();
    window.removeEventListener('cookie-consent-changed', heard);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
