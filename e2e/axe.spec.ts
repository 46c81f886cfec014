import type { Page } from '@playwright/test';
import { sitemapEntries } from '../src/config/sitemap';
import { describeViolations, scanWithAxe } from './axe';
import { answerConsent, expect, test, waitForHydration } from './fixtures';
import { expectKeyboardWalk } from './keyboard-walk';

// WCAG 2.1 A/AA scan (axe-core) of every public route, at phone and desktop widths, in the default and the
// high-contrast palette. Any violation fails, listed as rule id, target and summary.

const routes = [
  ...new Set([
    ...sitemapEntries.map((entry) => entry.path),
    '/sitemap',
    '/auth',
    '/reset-password',
    '/update-password',
    '/admin/login',
    '/cart',
    '/checkout',
    '/individual-audios',
    '/this-page-does-not-exist',
  ]),
];
const widths = [375, 1280] as const;
const palettes = ['default', 'high-contrast'] as const;
type Palette = (typeof palettes)[number];

async function expectNoViolations(page: Page, label: string, alsoRules?: string[]) {
  const violations = await scanWithAxe(page, { alsoRules });
  expect(violations.length, `${label}\n${describeViolations(violations).join('\n')}`).toBe(0);
}

async function usePalette(page: Page, palette: Palette) {
  await page.addInitScript((highContrast) => {
    localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast }));
  }, palette === 'high-contrast');
}

const withConsentStored = (page: Page) => answerConsent(page);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // Let lazily loaded page parts settle (no transitions mid-scan: motion is reduced for the scan).
  await page.waitForLoadState('networkidle');
}

test.describe('axe: WCAG 2.1 AA', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the scan is not vacuous: it finds and reports violations put into a page', async ({ page }) => {
    await withConsentStored(page);
    await open(page, '/contact');
    await page.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML(
          'beforeend',
          '<img id="no-alt" src="/favicon.svg"><button id="no-name"></button><p id="faint" style="color:#bbb">faint</p>',
        );
    });
    const violations = await scanWithAxe(page);
    expect(violations.map((violation) => violation.id).sort()).toEqual([
      'button-name',
      'color-contrast',
      'image-alt',
    ]);
    const text = describeViolations(violations).join('\n');
    expect(text).toContain('image-alt (critical): Images must have alternative text\n    at #no-alt');
    expect(text).toContain('at #no-name');
    expect(text).toContain('at #faint');
    // AAA contrast (7:1) is checked only when asked for: 4.6:1 grey passes AA and fails AAA.
    await page.evaluate(() => {
      for (const id of ['no-alt', 'no-name', 'faint']) document.getElementById(id)?.remove();
      document
        .querySelector('main')
        ?.insertAdjacentHTML(
          'beforeend',
          '<p id="aa-only" style="color:#757575;background:#fff">AA only</p>',
        );
    });
    expect((await scanWithAxe(page)).map((violation) => violation.id)).toEqual([]);
    expect(
      (await scanWithAxe(page, { alsoRules: ['color-contrast-enhanced'] })).map((violation) => violation.id),
    ).toEqual(['color-contrast-enhanced']);
  });

  for (const width of widths) {
    for (const palette of palettes) {
      test(`cookie banner and its detail view at ${width}px, ${palette}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await usePalette(page, palette);
        await open(page, '/');
        const region = page.getByRole('region', { name: 'Cookies on this site' });
        await expect(region).toBeVisible();
        await expectNoViolations(page, `/ with the cookie banner, ${width}px, ${palette}`);
        await region.getByRole('button', { name: 'Customize' }).click();
        await expect(page.getByRole('region', { name: 'Cookie preferences' })).toBeVisible();
        await expectNoViolations(page, `/ with the cookie preferences, ${width}px, ${palette}`);
        // Closing it by keyboard (tested): the banner goes and nothing is stored.
        await page.keyboard.press('Escape');
        await expect(page.locator('#cookie-banner')).toHaveCount(0);
        expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
      });

      test(`accessibility dialog at ${width}px, ${palette}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await withConsentStored(page);
        await usePalette(page, palette);
        await open(page, '/about');
        await page.getByRole('button', { name: 'Accessibility settings' }).click();
        await expect(page.getByRole('dialog', { name: 'Accessibility settings' })).toBeVisible();
        await expectNoViolations(page, `/about with the accessibility dialog, ${width}px, ${palette}`);
      });
    }

    // The side menu exists below the lg breakpoint only, so it is scanned at phone width.
    if (width < 1024)
      test(`side menu at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await withConsentStored(page);
        for (const palette of palettes) {
          if (palette === 'high-contrast') await usePalette(page, palette);
          await open(page, '/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await expectNoViolations(page, `/ with the side menu, ${width}px, ${palette}`);
        }
      });
  }

  // One test per page and width: the page loads once for the default palette's scan and the keyboard walk, and
  // once more in the high-contrast palette.
  for (const path of routes) {
    for (const width of widths) {
      test(`${path} at ${width}px: both palettes, and every control by keyboard`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 900 });
        await withConsentStored(page);
        await open(page, path);
        await expectNoViolations(page, `${path}, ${width}px, default palette`);
        await expectKeyboardWalk(page, `${path} at ${width}px`);
        await usePalette(page, 'high-contrast');
        await open(page, path);
        await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
        // The high-contrast palette promises WCAG AAA contrast (7:1, 4.5:1 for large text) too.
        await expectNoViolations(page, `${path}, ${width}px, high-contrast palette`, [
          'color-contrast-enhanced',
        ]);
      });
    }
  }
});
