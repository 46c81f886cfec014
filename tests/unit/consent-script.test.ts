import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_ALLOWED_ATTRIBUTE,
  BANNER_CLOSED_ATTRIBUTE,
  consentScript,
} from '@/features/consent/consent-script';
import { CONSENT_KEY, readStoredConsent, writeConsent } from '@/features/consent/consent-storage';
import { earlyInputScript } from '@/lib/early-input-script';

// The before-paint consent script (inlined into index.html by the build, tests/unit/before-paint-scripts.test.ts)
// must agree with readStoredConsent on whether a choice is stored.

const root = document.documentElement;

// Each run of the scripts adds its own window listeners; they are removed after each test.
const removers: (() => void)[] = [];
const addListener = window.addEventListener.bind(window);
beforeEach(() => {
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    addListener(type, listener, options);
    removers.push(() => window.removeEventListener(type, listener, options));
  });
});
afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
});

function runScript() {
  // The script is a classic inline script: run it as one.
  new Function(consentScript)();
}

beforeEach(() => {
  localStorage.clear();
  root.removeAttribute(BANNER_ALLOWED_ATTRIBUTE);
});
afterEach(() => {
  vi.restoreAllMocks();
  root.removeAttribute(BANNER_ALLOWED_ATTRIBUTE);
});

describe('the before-paint consent script', () => {
  for (const flag of [null, 'true', 'false', 'TRUE', '', '{"x":1}']) {
    it(`allows the banner exactly when nothing is stored (cookie-consent ${JSON.stringify(flag)})`, () => {
      if (flag !== null) localStorage.setItem(CONSENT_KEY, flag);
      runScript();
      expect(root.hasAttribute(BANNER_ALLOWED_ATTRIBUTE)).toBe(!readStoredConsent().hasConsented);
    });
  }

  it('allows the banner when storage cannot be read, and never throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runScript).not.toThrow();
    expect(root.hasAttribute(BANNER_ALLOWED_ATTRIBUTE)).toBe(true);
    expect(readStoredConsent().hasConsented).toBe(false);
  });
});

describe('the banner before its code arrives', () => {
  let banner: HTMLElement;
  beforeEach(() => {
    new Function(earlyInputScript)();
    runScript();
    document.body.innerHTML =
      '<main tabindex="-1"></main><section id="cookie-banner" data-early-boundary="">' +
      '<button data-consent-choice="essential">Essential Only</button>' +
      '<button data-consent-choice="all">Accept All</button>' +
      '<button>Customize</button><button data-consent-choice="close">Close</button></section>';
    banner = document.getElementById('cookie-banner')!;
  });
  afterEach(() => {
    root.removeAttribute(BANNER_CLOSED_ATTRIBUTE);
    document.body.innerHTML = '';
  });
  const press = (name: string) =>
    [...banner.querySelectorAll('button')].find((button) => button.textContent === name)!.click();

  for (const [name, choices] of [
    ['Accept All', { analytics: true, functional: true, marketing: true }],
    ['Essential Only', { analytics: false, functional: false, marketing: false }],
  ] as const) {
    it(`'${name}' stores the choice exactly as the app does, closes the banner and tells the page`, () => {
      const changed = vi.fn();
      window.addEventListener('cookie-consent-changed', changed);
      banner.querySelector('button')!.focus();
      press(name);
      const stored = { ...localStorage };
      localStorage.clear();
      writeConsent(choices);
      expect(stored).toEqual({ ...localStorage });
      expect(root.hasAttribute(BANNER_ALLOWED_ATTRIBUTE)).toBe(false);
      expect(changed).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(document.querySelector('main'));
    });
  }

  it("'Close' closes it for this page view without storing anything", () => {
    press('Close');
    expect(localStorage.length).toBe(0);
    expect(root.hasAttribute(BANNER_ALLOWED_ATTRIBUTE)).toBe(false);
    expect(root.hasAttribute(BANNER_CLOSED_ATTRIBUTE)).toBe(true);
  });

  it("holds 'Customize' for the banner's code, which gets it once it claims the banner", () => {
    const reached = vi.fn();
    banner.addEventListener('click', reached);
    press('Customize');
    expect(reached).not.toHaveBeenCalled();
    const presses = window.__earlyInput!.claim(banner);
    expect(presses.map((p) => p.control.textContent)).toEqual(['Customize']);
    // Claimed: presses now reach the banner's own handlers, and the script no longer answers the choices.
    press('Accept All');
    expect(reached).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });
});
