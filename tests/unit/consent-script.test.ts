import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_ALLOWED_ATTRIBUTE, consentScript } from '@/features/consent/consent-script';
import { CONSENT_KEY, readStoredConsent } from '@/features/consent/consent-storage';

// The before-paint consent script must agree with readStoredConsent on whether a choice is stored.

const root = document.documentElement;

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
  it('is an inline script in index.html, in <head>, after the settings script', () => {
    const html = readFileSync('index.html', 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script>${consentScript}</script>`);
    expect(head.indexOf(consentScript)).toBeGreaterThan(head.indexOf('accessibility-settings'));
  });

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
