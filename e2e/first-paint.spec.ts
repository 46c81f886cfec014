import type { Page } from '@playwright/test';
import { scanWithAxe } from './axe';
import { expect, test } from './fixtures';
import { adoptedRoutes } from '../scripts/site-routes';
import { holdTheAppCode, slowPhone, throttleLikeASlowPhone } from './slow-phone';

// Every tap counts from the first paint (docs/decisions/0001-islands.md): on a phone as Lighthouse models it,
// what is on screen is used the moment it is painted, long before the page's code runs, and never waits for
// hydration here. Each use has its effect at once (a link, the consent banner's choices) or within a second of
// the code arriving (a button pressed, a tab selected, text typed into the FAQ search), on the same control.

/** The banner's buttons, one per route in turn, so every route and every button are both covered. */
const bannerButtons = [
  'Accept All',
  'Essential Only',
  'Close cookie banner without saving',
  'Customize',
] as const;

test.use({ viewport: slowPhone.viewport, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 60_000 });

interface Timeline {
  /** When the app's code started running (src/main.tsx marks it), ms since navigation; null until then. */
  codeAt: number | null;
  /** When the page's code had taken the page over (<html data-hydrated>); null until then. */
  hydratedAt: number | null;
  /** Whether the document was ever without a <title> after its first one was parsed. */
  titleMissing: boolean;
}

type Watched = { __titleMissing: boolean; __hydratedAt: number | null };

async function watchTitleAndCode(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Watched;
    w.__titleMissing = false;
    w.__hydratedAt = null;
    let seen = false;
    new MutationObserver(() => {
      if (document.querySelector('title')) seen = true;
      else if (seen) w.__titleMissing = true;
      if (w.__hydratedAt === null && document.documentElement.dataset.hydrated === 'true')
        w.__hydratedAt = performance.now();
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-hydrated'],
    });
  });
}

const timeline = (page: Page): Promise<Timeline> =>
  page.evaluate(() => ({
    codeAt: performance.getEntriesByName('app-start')[0]?.startTime ?? null,
    hydratedAt: (window as unknown as Watched).__hydratedAt,
    titleMissing: (window as unknown as Watched).__titleMissing,
  }));

/** What the page shows once a use has had its effect (checked in the page, without eval: the CSP forbids it). */
type Effect = { menuOpen: true } | { bannerDetail: true } | { tabSelected: string } | { faqMatching: string };

/** Waits for `effect` in the page and returns when it first held (ms since navigation). */
async function when(page: Page, effect: Effect): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted: Effect) => {
      const holds =
        'menuOpen' in wanted
          ? document.querySelector('dialog[open] #side-menu-title') !== null
          : 'bannerDetail' in wanted
            ? [...document.querySelectorAll('#cookie-banner h2')].some(
                (h) => h.textContent === 'Cookie preferences',
              )
            : 'tabSelected' in wanted
              ? [...document.querySelectorAll('[role=tab]')].some(
                  (t) => t.textContent === wanted.tabSelected && t.getAttribute('aria-selected') === 'true',
                )
              : (document.querySelector('[role=status]')?.textContent ?? '').includes(
                  `matching "${wanted.faqMatching}"`,
                );
      return holds ? performance.now() : false;
    },
    effect,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Taps the element `selector` names the moment it has a box on screen (scrolled to, as a visitor would), with
 * the touchscreen, and tells whether its code was still to take it over (src/lib/early-input-script.ts) when
 * it was found on screen. Polling and tapping are done with as
 * little work in the page as possible: Playwright's own locators run in the page's (slowed) main thread and
 * would tap seconds later than a visitor.
 */
async function tapWhenPainted(page: Page, selector: string): Promise<boolean> {
  const point = await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      if (!element) return null;
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      const pending = (
        window as { __earlyInput?: { pending: (e: Element) => boolean } }
      ).__earlyInput?.pending(element);
      return box.width > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2, pending } : null;
    },
    selector,
    { polling: 'raf', timeout: 30_000 },
  );
  const { x, y, pending } = (await point.jsonValue()) as { x: number; y: number; pending: boolean };
  await page.touchscreen.tap(x, y);
  return pending;
}

const bannerSelector: Record<(typeof bannerButtons)[number], string> = {
  'Accept All': '#cookie-banner [data-consent-choice="all"]',
  'Essential Only': '#cookie-banner [data-consent-choice="essential"]',
  'Close cookie banner without saving': '#cookie-banner [data-consent-choice="close"]',
  Customize: '#cookie-banner button:not([data-consent-choice])',
};

for (const [index, route] of adoptedRoutes.entries()) {
  const bannerButton = bannerButtons[index % bannerButtons.length]!;
  test(`${route}: '${bannerButton}' and the phone menu work from the first paint`, async ({ page }) => {
    await watchTitleAndCode(page);
    await throttleLikeASlowPhone(page);
    // However fast this machine is, the taps below come before the page's code has run.
    const code = await holdTheAppCode(page);
    await page.goto(route, { waitUntil: 'commit' });

    // The banner first (the first thing most visitors touch), then the menu.
    const early: Record<string, boolean> = {};
    early.banner = await tapWhenPainted(page, bannerSelector[bannerButton]);
    // The inline script answers the banner's choices at once; 'Customize' waits for the banner's code.
    if (bannerButton !== 'Customize')
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-cookie-banner'))).toBe(
        false,
      );
    early.menu = await tapWhenPainted(page, '#mobile-menu-button');
    // Each control was tapped before its code had taken it over (or this test would test nothing).
    expect(early, 'used before the code took over').toEqual({ banner: true, menu: true });
    expect((await timeline(page)).codeAt, 'the code had not run').toBeNull();
    code.release();

    // Each effect timed from when it first holds (watched side by side, not one after the other).
    const effects = await Promise.all([
      when(page, { menuOpen: true }),
      ...(bannerButton === 'Customize' ? [when(page, { bannerDetail: true })] : []),
    ]);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const { hydratedAt, titleMissing } = await timeline(page);
    for (const at of effects)
      expect(at - hydratedAt!, 'effect within a second of the code arriving').toBeLessThan(1000);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();

    // A choice made before the code arrived is the app's: stored (or, for Close, kept for this page view),
    // and the banner does not come back once the app has taken over.
    await page.waitForTimeout(300);
    // (By its id: the open menu, a modal dialog, leaves the rest of the page inert, out of the role tree.)
    if (bannerButton === 'Customize') await expect(page.locator('#cookie-banner')).toBeVisible();
    else await expect(page.locator('#cookie-banner')).toBeHidden();
    const stored = await page.evaluate(() => [
      localStorage.getItem('cookie-consent'),
      localStorage.getItem('cookie-preferences'),
    ]);
    if (bannerButton === 'Accept All')
      expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ functional: true, analytics: true });
    if (bannerButton === 'Essential Only')
      expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ functional: false });
    if (bannerButton === 'Close cookie banner without saving') expect(stored[0]).toBeNull();
    expect(titleMissing, 'the document was without a <title>').toBe(false);
  });
}

test('/virtual-appointments: a service tab tapped from the first paint is selected', async ({ page }) => {
  await watchTitleAndCode(page);
  await throttleLikeASlowPhone(page);
  const code = await holdTheAppCode(page);
  await page.goto('/virtual-appointments', { waitUntil: 'commit' });
  const third = '[role=tablist] > [role=tab]:nth-child(3)';
  expect(await tapWhenPainted(page, third), 'tapped before the code took over').toBe(true);
  code.release();
  const name = await page.evaluate((sel) => document.querySelector(sel)?.textContent ?? '', third);
  const selected = await when(page, { tabSelected: name });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const { hydratedAt } = await timeline(page);
  expect(selected - hydratedAt!, 'selected within a second of the code arriving').toBeLessThan(1000);
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
});

test('/faq: text typed into the search from the first paint filters the list, caret kept', async ({
  page,
}) => {
  await watchTitleAndCode(page);
  await throttleLikeASlowPhone(page);
  const code = await holdTheAppCode(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  expect(
    await tapWhenPainted(page, 'input[data-control="faq-search"]'),
    'tapped before the code took over',
  ).toBe(true);
  await page.keyboard.type('refnd');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('u');
  expect((await timeline(page)).codeAt, 'typed before the code had run').toBeNull();
  code.release();
  const filtered = await when(page, { faqMatching: 'refund' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const { hydratedAt } = await timeline(page);
  expect(filtered - hydratedAt!, 'filtered within a second of the code arriving').toBeLessThan(1000);
  const search = page.locator('input[data-control="faq-search"]');
  await expect(search).toHaveValue('refund');
  await expect(search).toBeFocused();
  // The caret where the visitor left it, then typing goes on there.
  expect(await search.evaluate((box: HTMLInputElement) => [box.selectionStart, box.selectionEnd])).toEqual([
    4, 4,
  ]);
  await page.keyboard.type('s');
  await expect(search).toHaveValue('refusnd');
});

test.describe('before the code arrives', () => {
  test.use({ viewport: slowPhone.viewport });

  for (const route of ['/', '/faq', '/virtual-appointments', '/individual-audios']) {
    test(`${route}: axe is clean at first paint and after the code, the banner height is known before paint, the title never missing`, async ({
      page,
    }) => {
      await watchTitleAndCode(page);
      // The network alone slowed, the CPU not (so axe itself is quick); the code held back until the first
      // paint was scanned, however fast or busy the machine.
      await throttleLikeASlowPhone(page, { cpu: false });
      const code = await holdTheAppCode(page);
      await page.goto(route, { waitUntil: 'commit' });
      await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
      const bannerHeight = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--cookie-banner-height'),
      );
      expect(bannerHeight).toMatch(/^\d+px$/);
      expect((await timeline(page)).codeAt).toBeNull();
      expect(await scanWithAxe(page)).toEqual([]);
      code.release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
        timeout: 30_000,
      });
      expect(await scanWithAxe(page)).toEqual([]);
      expect((await timeline(page)).titleMissing).toBe(false);
      await expect(page).toHaveTitle(/\S/);
    });
  }

  test('keyboard focus is never under the banner before the code arrives (/ at 375 px)', async ({ page }) => {
    await throttleLikeASlowPhone(page, { cpu: false });
    await holdTheAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
    const covered: string[] = [];
    for (let stop = 0; stop < 25; stop += 1) {
      await page.keyboard.press('Tab');
      // Focus scrolls smoothly (html { scroll-behavior: smooth }): the focused element has two seconds to end up
      // clear of the banner; one still under it then is reported.
      const hidden = await page
        .waitForFunction(
          () => {
            const element = document.activeElement;
            const box = element?.getBoundingClientRect();
            const bannerTop =
              document.getElementById('cookie-banner')?.getBoundingClientRect().top ?? Infinity;
            return !element || !box || element.closest('#cookie-banner') !== null || box.bottom <= bannerTop;
          },
          undefined,
          { timeout: 2_000 },
        )
        .then(
          () => null,
          () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim()),
        );
      if (hidden) covered.push(hidden);
    }
    expect(covered).toEqual([]);
  });
});
