import type { Page } from '@playwright/test';
import { sitemapEntries } from '../src/config/sitemap';
import { expect, test, waitForHydration } from './fixtures';
import { findLayoutProblems } from './layout-check';

// The layout check: every public page, the auth pages, the cart and checkout, and the open side menu,
// accessibility dialog and cookie banner detail view, at five widths and three text sizes. Nothing may scroll
// sideways (a table may scroll only inside its own labelled region) and no text or control may be cut off by
// its container. Each page loads once per text size; the widths are checked by resizing that page, and each
// check is one evaluate that returns every problem it found, so a failure names them all.

const WIDTHS = [320, 375, 768, 1024, 1280] as const;
const FONT_SIZES = ['medium', 'large', 'extra-large'] as const;
type FontSize = (typeof FONT_SIZES)[number];

const PAGES = [
  ...sitemapEntries.map((entry) => entry.path),
  '/sitemap',
  '/no-such-page',
  '/auth',
  '/auth?tab=signup',
  '/reset-password',
  '/update-password',
  '/admin/login',
  '/cart',
  '/checkout',
];

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/** Checks the current page at every width; returns the problems labelled with the width. */
async function checkWidths(page: Page, label: string, beforeCheck?: (width: number) => Promise<void>) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    if (beforeCheck) await beforeCheck(width);
    await settle(page);
    const found = await page.evaluate(findLayoutProblems);
    // The first few name the cause; the rest are usually its consequences.
    for (const problem of found.slice(0, 6)) problems.push(`${label} at ${width}px: ${problem}`);
    if (found.length > 6) problems.push(`${label} at ${width}px: ... and ${found.length - 6} more`);
  }
  return problems;
}

async function withSettings(page: Page, fontSize: FontSize, consented = true) {
  await page.addInitScript(
    ({ size, consent }) => {
      localStorage.setItem('accessibility-settings', JSON.stringify({ fontSize: size }));
      if (consent) {
        localStorage.setItem('cookie-consent', 'true');
        localStorage.setItem(
          'cookie-preferences',
          JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
        );
      }
    },
    { size: fontSize, consent: consented },
  );
}

// Reduced motion makes the panels open without a transition, so each check sees the final layout.
test.use({ reducedMotion: 'reduce' });

for (const fontSize of FONT_SIZES) {
  test.describe(`layout at '${fontSize}' text`, () => {
    test('every page fits at every width, nothing cut off', async ({ page }) => {
      test.setTimeout(240_000);
      await withSettings(page, fontSize);
      const problems: string[] = [];
      for (const path of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.dataset.fontSize ?? 'medium')).toBe(fontSize);
        problems.push(...(await checkWidths(page, path)));
      }
      expect(problems).toEqual([]);
    });

    test('the open side menu, accessibility dialog and cookie banner detail view fit at every width', async ({ page }) => {
      test.setTimeout(120_000);
      await withSettings(page, fontSize, false);
      await page.goto('/');
      await waitForHydration(page);
      const problems: string[] = [];

      // The cookie banner's detail view (it shows on a first visit).
      const banner = page.locator('#cookie-banner');
      await banner.getByRole('button', { name: 'Customize' }).click();
      await expect(banner.getByRole('heading', { name: 'Cookie preferences' })).toBeVisible();
      problems.push(...(await checkWidths(page, 'cookie banner detail')));
      await banner.getByRole('button', { name: 'Essential Only' }).or(banner.getByRole('button', { name: 'Save Preferences' })).click();
      await expect(banner).toHaveCount(0);

      // The accessibility settings dialog.
      await page.getByRole('button', { name: 'Accessibility settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
      await expect(dialog).toBeVisible();
      problems.push(...(await checkWidths(page, 'accessibility dialog')));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toHaveCount(0);

      // The side menu: its button shows below the desktop breakpoint.
      problems.push(
        ...(await checkWidths(page, 'side menu', async () => {
          // The menu button shows wherever the desktop navigation does not fit (later with larger text).
          const opener = page.getByRole('button', { name: 'Open menu' });
          const menu = page.getByRole('dialog', { name: 'Menu' });
          if (!(await opener.isVisible())) {
            await expect(menu).toBeHidden();
            return;
          }
          if (!(await menu.isVisible())) {
            await opener.click();
            await expect(menu).toBeVisible();
          }
        })),
      );
      expect(problems).toEqual([]);
    });
  });
}
