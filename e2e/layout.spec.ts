import type { Page } from '@playwright/test';
import { sitemapEntries } from '../src/config/sitemap';
import { PUBLIC_KEY } from './stack-keys';
import { expect, stackUrl, test, waitForHydration } from './fixtures';
import { findLayoutProblems } from './layout-check';
import { walkWithTab } from './tab-walk';

// The layout check: every public page, the auth pages, the cart and checkout, and the open side menu,
// accessibility dialog and cookie banner detail view, at five widths and three text sizes. Nothing may scroll
// sideways (a table may scroll only inside its own labelled region) and no text or control may be cut off by
// its container. Each page loads once; text sizes are switched in place and widths by resizing that page, and
// each check is one evaluate that returns every problem it found, so a failure names them all.

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

test.describe('layout of every page', () => {
  // One test per page, so the two workers share them and a failure names its page. The page loads once; the
  // text size is then switched in place, as the accessibility dialog does, and every width checked at each.
  for (const path of PAGES) {
    test(`${path} fits at every width and text size, nothing cut off`, async ({ page }) => {
      // Several seconds normally; room for a busy machine (fifteen full-page checks).
      test.setTimeout(120_000);
      await withSettings(page, 'medium');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.fontSize ?? 'medium')).toBe('medium');
      const problems: string[] = [];
      for (const fontSize of FONT_SIZES) {
        await page.evaluate((size) => {
          localStorage.setItem('accessibility-settings', JSON.stringify({ fontSize: size }));
          document.documentElement.setAttribute('data-font-size', size);
        }, fontSize);
        problems.push(...(await checkWidths(page, `${path} with '${fontSize}' text`)));
      }
      expect(problems).toEqual([]);
    });
  }
});

for (const fontSize of FONT_SIZES) {
  test.describe(`layout at '${fontSize}' text`, () => {
    test('the open side menu, accessibility dialog and cookie banner detail view fit at every width', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await withSettings(page, fontSize, false);
      await page.goto('/');
      await waitForHydration(page);
      // The stored text size applies from the first paint of a page load.
      expect(await page.evaluate(() => document.documentElement.dataset.fontSize ?? 'medium')).toBe(fontSize);
      const problems: string[] = [];

      // The cookie banner's detail view (it shows on a first visit).
      const banner = page.locator('#cookie-banner');
      await banner.getByRole('button', { name: 'Customize' }).click();
      await expect(banner.getByRole('heading', { name: 'Cookie preferences' })).toBeVisible();
      problems.push(...(await checkWidths(page, 'cookie banner detail')));
      await banner
        .getByRole('button', { name: 'Essential Only' })
        .or(banner.getByRole('button', { name: 'Save Preferences' }))
        .click();
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

// The catalogue is the practitioner's to edit: a title with a long unbroken word (a number, a long compound)
// must wrap inside its card, not widen the page, at the narrowest width with the largest text.
test('a catalogue item with a long unbroken word in its title fits at 320 and 375 px, extra-large text', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = `Selbsthypnosetiefenentspannung${Date.now()}`;
  // Added the way the practitioner adds them: as the demo admin, whom the catalogue's policies let write (the
  // service role only reads the catalogue: supabase/migrations/20261125100000_explicit_grants.sql).
  const signIn = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email: 'admin@example.com', password: 'password123' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { access_token: adminToken } = (await signIn.json()) as { access_token: string };
  const headers = {
    apikey: PUBLIC_KEY,
    Authorization: `Bearer ${adminToken}`,
    'content-type': 'application/json',
    Prefer: 'return=representation',
  };
  const created: string[] = [];
  try {
    for (const [table, row] of [
      [
        'packages',
        {
          slug: `long-${word}`.toLowerCase(),
          title: `${word} Package`,
          description: word,
          category: 'Insomnia',
          price_pence: 699,
          published: true,
          sort_order: 1,
        },
      ],
      [
        'products',
        {
          slug: `long-${word}`.toLowerCase(),
          title: word,
          description: word,
          category: 'Insomnia',
          price_pence: 299,
          duration_seconds: 600,
          audio_path: 'full/long.mp3',
          preview_path: null,
          published: true,
          sort_order: 1,
        },
      ],
    ] as const) {
      const response = await request.post(`${stackUrl}/rest/v1/${table}`, { headers, data: row });
      expect(response.ok(), await response.text()).toBe(true);
      created.push(`${table}?slug=eq.${row.slug}`);
    }
    await withSettings(page, 'extra-large');
    const problems: string[] = [];
    for (const path of ['/audio-library', '/individual-audios']) {
      await page.goto(path);
      await waitForHydration(page);
      // The refreshed catalogue (with the new items) has replaced the prerendered one.
      await expect(page.getByText(word, { exact: true }).first()).toBeAttached({ timeout: 15_000 });
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.getByText(word, { exact: true }).first().scrollIntoViewIfNeeded();
        await settle(page);
        for (const problem of (await page.evaluate(findLayoutProblems)).slice(0, 6))
          problems.push(`${path} at ${width}px: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  } finally {
    for (const target of created) await request.delete(`${stackUrl}/rest/v1/${target}`, { headers });
  }
});

test.describe('focus is never hidden under the cookie banner or the header (WCAG 2.2 2.4.11)', () => {
  for (const [width, height, fontSize] of [
    [375, 667, 'medium'],
    [320, 568, 'extra-large'],
    [1280, 800, 'medium'],
  ] as const) {
    test(`tabbing through the home page with the banner open at ${width}×${height}, '${fontSize}' text`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height });
      await withSettings(page, fontSize, false);
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('#cookie-banner')).toBeVisible();
      const hidden: string[] = [];
      let outside = 0;
      // Forty-five presses of Tab, the focus read after each one (in batches: see e2e/tab-walk.ts).
      const afterEachPress = await walkWithTab(
        page,
        () => {
          const focused = document.activeElement;
          const banner = document.getElementById('cookie-banner');
          const header = document.querySelector('header');
          if (!focused || focused === document.body || !banner) return null;
          if (banner.contains(focused)) return { inBanner: true, problem: null };
          const box = focused.getBoundingClientRect();
          const label = `${focused.tagName.toLowerCase()} "${(focused.textContent ?? focused.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`;
          // A skip link shows only while focused, fixed over the header: not hidden by it.
          const inHeader = header?.contains(focused) || getComputedStyle(focused).position === 'fixed';
          const bannerTop = banner.getBoundingClientRect().top;
          const headerBottom =
            header && !inHeader && getComputedStyle(header).position !== 'static'
              ? header.getBoundingClientRect().bottom
              : 0;
          if (box.width === 0 && box.height === 0) return { inBanner: false, problem: null };
          // Between the header and the banner, the element shows whole, or (if taller than that band) at
          // least its first 40px: never hidden behind either.
          const shown = Math.min(box.bottom, bannerTop) - Math.max(box.top, headerBottom);
          const needed = Math.min(box.height, 40) - 1;
          if (shown < needed) {
            const where = box.bottom > bannerTop ? 'under the banner' : 'under the header';
            return {
              inBanner: false,
              problem: `${label} ${where} (${Math.round(box.top)}..${Math.round(box.bottom)}, clear band ${Math.round(headerBottom)}..${Math.round(bannerTop)})`,
            };
          }
          return { inBanner: false, problem: null };
        },
        { max: 45 },
      );
      for (const [step, where] of afterEachPress.entries()) {
        if (!where) continue;
        if (!where.inBanner) outside += 1;
        if (where.problem) hidden.push(`tab ${step + 1}: ${where.problem}`);
      }
      // The walk went well past the banner into the page (header, hero, content).
      expect(outside).toBeGreaterThan(10);
      expect(hidden).toEqual([]);
    });
  }
});

test('one or two success stories sit centred on the condition pages', async ({ page }) => {
  test.setTimeout(90_000);
  await withSettings(page, 'medium');
  for (const [path, count] of [
    ['/pain-management', 1],
    ['/anxiety-stress', 2],
  ] as const) {
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await waitForHydration(page);
      const list = page.getByRole('region', { name: /Success Stories$/ }).getByRole('list');
      const { listCentre, cardsCentre, cards } = await list.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const items = [...element.children].map((child) => child.getBoundingClientRect());
        const left = Math.min(...items.map((item) => item.left));
        const right = Math.max(...items.map((item) => item.right));
        return { listCentre: box.left + box.width / 2, cardsCentre: (left + right) / 2, cards: items.length };
      });
      expect(cards, path).toBe(count);
      expect(Math.abs(listCentre - cardsCentre), `${path} at ${width}px`).toBeLessThanOrEqual(2);
    }
  }
});
