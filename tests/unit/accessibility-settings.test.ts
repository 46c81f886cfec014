import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESSIBILITY_STORAGE_KEY,
  applySettings,
  defaultSettings,
  parseSettings,
  type AccessibilitySettings,
} from '@/features/accessibility/accessibility-settings';
import {
  getSettingsSnapshot,
  resetSettings,
  resetSettingsStoreForTests,
  serverSettings,
  setSettings,
  subscribeToSettings,
} from '@/features/accessibility/settings-store';

const root = document.documentElement;

function mockSystemReducedMotion(matches: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' ? matches : false,
    media: query,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  localStorage.clear();
  resetSettingsStoreForTests();
  root.className = '';
  root.removeAttribute('data-font-size');
});
afterEach(() => {
  // jsdom has no matchMedia of its own.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('defaults (docs/product-rules.md §3)', () => {
  it('are: no high contrast, medium text, announcements and keyboard navigation on', () => {
    expect(defaultSettings(false)).toEqual({
      highContrast: false,
      reducedMotion: false,
      fontSize: 'medium',
      announcements: true,
      keyboardNavigation: true,
    });
  });

  it('take reduced motion from the system preference', () => {
    expect(defaultSettings(true).reducedMotion).toBe(true);
  });

  it('are what the server renders with', () => {
    expect(serverSettings).toEqual(defaultSettings(false));
  });
});

describe('parseSettings', () => {
  it('returns the defaults when nothing is stored', () => {
    expect(parseSettings(null, false)).toEqual(defaultSettings(false));
    expect(parseSettings(null, true)).toEqual(defaultSettings(true));
  });

  it('reads every stored field', () => {
    const stored: AccessibilitySettings = {
      highContrast: true,
      reducedMotion: true,
      fontSize: 'extra-large',
      announcements: false,
      keyboardNavigation: false,
    };
    expect(parseSettings(JSON.stringify(stored), false)).toEqual(stored);
  });

  it('lets a stored reduced-motion choice override the system preference', () => {
    expect(parseSettings('{"reducedMotion":false}', true).reducedMotion).toBe(false);
    expect(parseSettings('{"highContrast":true}', true).reducedMotion).toBe(true);
  });

  it.each(['{corrupt', '', 'null', '42', '"large"', '[1,2]', 'undefined'])('returns the defaults for %j', (raw) => {
    expect(parseSettings(raw, false)).toEqual(defaultSettings(false));
  });

  it('replaces each invalid field by its default and keeps the valid ones', () => {
    const raw = JSON.stringify({ highContrast: 'yes', fontSize: 'huge', announcements: false, keyboardNavigation: 0 });
    expect(parseSettings(raw, false)).toEqual({ ...defaultSettings(false), announcements: false });
  });

  it.each(['small', 'medium', 'large', 'extra-large'] as const)('accepts the font size %s', (fontSize) => {
    expect(parseSettings(JSON.stringify({ fontSize }), false).fontSize).toBe(fontSize);
  });
});

describe('applySettings', () => {
  it('puts each setting on <html>', () => {
    applySettings(root, {
      highContrast: true,
      reducedMotion: true,
      fontSize: 'large',
      announcements: true,
      keyboardNavigation: true,
    });
    expect([...root.classList].sort()).toEqual(['high-contrast', 'keyboard-navigation', 'reduce-motion']);
    expect(root.dataset.fontSize).toBe('large');
    applySettings(root, defaultSettings(false));
    expect([...root.classList]).toEqual(['keyboard-navigation']);
    expect(root.dataset.fontSize).toBe('medium');
  });
});

describe('settings store', () => {
  it('reads storage once, with the system preference as the reduced-motion default', () => {
    mockSystemReducedMotion(true);
    localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, '{"fontSize":"small"}');
    const snapshot = getSettingsSnapshot();
    expect(snapshot).toEqual({ ...defaultSettings(true), fontSize: 'small' });
    expect(getSettingsSnapshot()).toBe(snapshot);
  });

  it('applies, stores and announces a change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSettings(listener);
    const next = { ...defaultSettings(false), highContrast: true, fontSize: 'extra-large' as const };
    setSettings(next);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSettingsSnapshot()).toEqual(next);
    expect(JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY) ?? '')).toEqual(next);
    expect(root.classList.contains('high-contrast')).toBe(true);
    expect(root.dataset.fontSize).toBe('extra-large');
  });

  it('resets to the defaults (and stores them)', () => {
    setSettings({ highContrast: true, reducedMotion: true, fontSize: 'small', announcements: false, keyboardNavigation: false });
    resetSettings();
    expect(getSettingsSnapshot()).toEqual(defaultSettings(false));
    expect(JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY) ?? '')).toEqual(defaultSettings(false));
    expect([...root.classList]).toEqual(['keyboard-navigation']);
  });

  it('still applies settings when storage throws', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      setSettings({ ...defaultSettings(false), highContrast: true });
      expect(root.classList.contains('high-contrast')).toBe(true);
    } finally {
      setItem.mockRestore();
    }
  });
});
