import type { Page } from '@playwright/test';
import { scanWithAxe } from './axe';
import { expect, test } from './fixtures';
import { slowPhone, throttleLikeASlowPhone } from './slow-phone';

// Every tap counts from the first paint (docs/decisions/0001-islands.md): on a phone as Lighthouse models it,
// what is on screen is used the moment it is painted, long before the page's code runs, and never waits for
// hydration here. Each use has its effect at once (a link, the consent banner's choices) or within a second of
// the code arriving (a button pressed, a tab selected, text typed into the FAQ search), on the same control.

const marketingRoutes = [
  '/',
  '/about',
  '/virtual-appointments',
  '/contact',
  '/anxiety-stress',
  '/habits-addictions',
  '/weight-management',
  '/pain-management',
  '/professional-performance',
  '/sports-performance',
  '/self-hypnosis-guide',
  '/sales-hypnosis',
  '/faq',
  '/privacy-policy',
  '/terms-and-conditions',
  '/sitemap',
];

/** The banner's buttons, one per route in turn, so every route and every button are both covered. */
const bannerButtons = ['Accept All', 'Essential Only', 'Close cookie banner without saving', 'Customize'] as const;

test.use({ viewport: slowPhone.viewport, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 60_000 });

interface Timeline {
  /** When the app's code started running (src/main.tsx marks it), ms since navigation; null until then. */
  codeAt: number | null;
  /** Whether the document was ever without a <title> after its first one was parsed. */
  titleMissing: boolean;
}

async function watchTitleAndCode(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __titleMissing: boolean };
    w.__titleMissing = false;
    let seen = false;
    new MutationObserver(() => {
      if (document.querySelector('title')) seen = true;
      else if (seen) w.__titleMissing = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const timeline = (page: Page): Promise<Timeline> =>
  page.evaluate(() => ({
    codeAt: performance.getEntriesByName('app-start')[0]?.startTime ?? null,
    titleMissing: (window as unknown as { __titleMissing: boolean }).__titleMissing,
  }));

/** Waits for `condition` in the page and returns when it first held (ms since navigation). */
async function when(page: Page, condition: string): Promise<number> {
  const handle = await page.waitForFunction(
    `(() => { if (!(${condition})) return false; return performance.now(); })()`,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Taps a control as soon as it is painted and tells whether the app's code had started by then. */
async function tapWhenPainted(page: Page, locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  await locator.tap();
  return (await timeline(page)).codeAt === null;
}

for (const [index, route] of marketingRoutes.entries()) {
  const bannerButton = bannerButtons[index % bannerButtons.length]!;
  test(`${route}: '${bannerButton}', the phone menu${route === '/virtual-appointments' ? ', a service tab' : ''}${route === '/faq' ? ', the FAQ search' : ''} work from the first paint`, async ({ page }) => {
    await watchTitleAndCode(page);
    await throttleLikeASlowPhone(page);
    await page.goto(route, { waitUntil: 'commit' });

    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    const early: boolean[] = [];
    early.push(await tapWhenPainted(page, banner.getByRole('button', { name: bannerButton, exact: true })));
    // The inline script answers the banner's choices at once; 'Customize' waits for the banner's code.
    if (bannerButton !== 'Customize') await expect(banner).toBeHidden({ timeout: 1000 });

    let tabName: string | null = null;
    if (route === '/virtual-appointments') {
      const tab = page.getByRole('tab').nth(2);
      tabName = await tab.textContent();
      early.push(await tapWhenPainted(page, tab));
    }
    if (route === '/faq') {
      const search = page.getByRole('searchbox', { name: 'Search the questions' });
      await search.tap();
      await search.pressSequentially('refund');
      early.push((await timeline(page)).codeAt === null);
    }
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    early.push(await tapWhenPainted(page, menuButton));
    // Every use above was made before the page's code ran (or this test would test nothing).
    expect(early.every(Boolean), 'used before the code ran').toBe(true);

    const menuOpen = await when(page, `document.querySelector('dialog[open] #side-menu-title') !== null`);
    const effects: number[] = [menuOpen];
    if (bannerButton === 'Customize')
      effects.push(await when(page, `[...document.querySelectorAll('#cookie-banner h2')].some((h) => h.textContent === 'Cookie preferences')`));
    if (tabName)
      effects.push(
        await when(page, `[...document.querySelectorAll('[role=tab]')].some((t) => t.textContent === ${JSON.stringify(tabName)} && t.getAttribute('aria-selected') === 'true')`),
      );
    if (route === '/faq') effects.push(await when(page, `/matching "refund"/.test(document.querySelector('[role=status]')?.textContent ?? '')`));
    const { codeAt, titleMissing } = await timeline(page);
    expect(codeAt).not.toBeNull();
    for (const at of effects) expect(at - codeAt!, 'effect within a second of the code arriving').toBeLessThan(1000);

    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    if (route === '/faq') {
      const search = page.getByRole('searchbox', { name: 'Search the questions' });
      await expect(search).toHaveValue('refund');
    }
    // A choice made before the code arrived is the app's: stored (or, for Close, kept for this page view),
    // and the banner does not come back once the app has taken over.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(300);
    if (bannerButton === 'Customize') await expect(banner).toBeVisible();
    else await expect(banner).toBeHidden();
    const consent = await page.evaluate(() => [localStorage.getItem('cookie-consent'), localStorage.getItem('cookie-preferences')]);
    if (bannerButton === 'Accept All') expect(JSON.parse(consent[1] ?? '{}')).toMatchObject({ functional: true, analytics: true });
    if (bannerButton === 'Essential Only') expect(JSON.parse(consent[1] ?? '{}')).toMatchObject({ functional: false });
    if (bannerButton === 'Close cookie banner without saving') expect(consent[0]).toBeNull();
    expect(titleMissing, 'the document was without a <title>').toBe(false);
  });
}

test.describe('before the code arrives', () => {
  test.use({ viewport: slowPhone.viewport });

  for (const route of ['/', '/faq', '/virtual-appointments', '/individual-audios']) {
    test(`${route}: axe is clean at first paint and after the code, the banner height is known before paint, the title never missing`, async ({ page }) => {
      await watchTitleAndCode(page);
      // The network alone slowed (so the code comes late), the CPU not (so axe itself is quick).
      await throttleLikeASlowPhone(page, { cpu: false });
      await page.goto(route, { waitUntil: 'commit' });
      await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
      const bannerHeight = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--cookie-banner-height'),
      );
      expect(bannerHeight).toMatch(/^\d+px$/);
      expect((await timeline(page)).codeAt).toBeNull();
      expect(await scanWithAxe(page)).toEqual([]);
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
    await page.goto('/', { waitUntil: 'commit' });
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    const covered: string[] = [];
    for (let stop = 0; stop < 25 && (await timeline(page)).codeAt === null; stop += 1) {
      await page.keyboard.press('Tab');
      const hidden = await page.evaluate(() => {
        const element = document.activeElement;
        const box = element?.getBoundingClientRect();
        const bannerTop = document.getElementById('cookie-banner')?.getBoundingClientRect().top ?? Infinity;
        return element && box && !element.closest('#cookie-banner') && box.bottom > bannerTop
          ? (element.textContent ?? element.tagName).trim()
          : null;
      });
      if (hidden) covered.push(hidden);
    }
    expect(covered).toEqual([]);
  });
});
