import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESSIBILITY_STORAGE_KEY,
  applySettings,
  parseSettings,
} from '@/features/accessibility/accessibility-settings';
import { settingsScript } from '@/features/accessibility/settings-script';

// The before-paint script the build inlines into index.html (tests/unit/before-paint-scripts.test.ts) must do
// exactly what the app does with the stored settings.

const root = document.documentElement;

function runScript() {
  // The script is a classic inline script: run it as one.
  new Function(settingsScript)();
}

function htmlState() {
  return { classes: [...root.classList].sort(), fontSize: root.getAttribute('data-font-size') };
}

function appState(raw: string | null, system: boolean) {
  const scratch = document.createElement('html');
  applySettings(scratch, parseSettings(raw, system));
  return { classes: [...scratch.classList].sort(), fontSize: scratch.getAttribute('data-font-size') };
}

function mockSystemReducedMotion(matches: boolean) {
  window.matchMedia = vi.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  localStorage.clear();
  root.className = '';
  root.removeAttribute('data-font-size');
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the before-paint settings script', () => {
  const stored: (string | null)[] = [
    null,
    '{"highContrast":true,"reducedMotion":true,"fontSize":"large","announcements":false,"keyboardNavigation":false}',
    '{"fontSize":"extra-large"}',
    '{"fontSize":"small","keyboardNavigation":false}',
    '{"reducedMotion":false}',
    '{"highContrast":"true","fontSize":"huge","reducedMotion":1}',
    '{corrupt json',
    '',
    'null',
    '7',
    '"high"',
    '[true]',
  ];

  for (const system of [false, true]) {
    it.each(stored)(`matches the app for %j (system reduced motion: ${system})`, (raw) => {
      mockSystemReducedMotion(system);
      if (raw !== null) localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, raw);
      expect(() => runScript()).not.toThrow();
      expect(htmlState()).toEqual(appState(raw, system));
    });
  }

  it('applies the defaults when there is no matchMedia and storage throws', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(() => runScript()).not.toThrow();
    } finally {
      getItem.mockRestore();
    }
    expect(htmlState()).toEqual({ classes: ['keyboard-navigation'], fontSize: 'medium' });
  });

  it('shows stored high contrast and large text before any app code runs', () => {
    localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, '{"highContrast":true,"fontSize":"large"}');
    runScript();
    expect(root.classList.contains('high-contrast')).toBe(true);
    expect(root.dataset.fontSize).toBe('large');
  });
});
