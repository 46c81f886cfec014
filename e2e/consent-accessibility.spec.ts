import type { Page, Route } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// Cookie consent (docs/product-rules.md §4, D16) and accessibility settings (docs/product-rules.md §3, §4) in a real browser, against the
// production build: what each choice stores, reopening, corrupt storage, each setting's visible effect,
// persistence with no flash, and keyboard-only use.

const ALL_OFF = { essential: true, analytics: false, functional: false, marketing: false };
const ALL_ON = { essential: true, analytics: true, functional: true, marketing: true };

function banner(page: Page) {
  return page.locator('#cookie-banner');
}

async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    consent: localStorage.getItem('cookie-consent'),
    preferences: JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null') as unknown,
    keys: Object.keys(localStorage).sort(),
  }));
}

/** Stores a consent choice before any page script runs (every later navigation in the test keeps it). */
async function withConsent(page: Page, preferences: object = ALL_OFF) {
  await page.addInitScript((value) => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-preferences', value);
  }, JSON.stringify(preferences));
}

async function withSettings(page: Page, settings: object | string) {
  await page.addInitScript(
    (value) => localStorage.setItem('accessibility-settings', value),
    typeof settings === 'string' ? settings : JSON.stringify(settings),
  );
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('cookie banner', () => {
  test('first visit: shown with Essential Only as prominent as Accept All; nothing stored yet', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const region = page.getByRole('region', { name: 'Cookies on this site' });
    await expect(region).toBeVisible();
    const essential = region.getByRole('button', { name: 'Essential Only' });
    const all = region.getByRole('button', { name: 'Accept All' });
    const look = (locator: typeof essential) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [
          style.backgroundColor,
          style.color,
          style.fontSize,
          style.fontWeight,
          Math.round(box.width),
          Math.round(box.height),
        ];
      });
    expect(await look(essential)).toEqual(await look(all));
    expect((await storedConsent(page)).keys).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  test('the banner is in the first paint: prerendered, shown before any JavaScript, hidden without it or once chosen', async ({
    page,
    browser,
  }) => {
    // The app's JavaScript emptied: what shows is the prerendered page and the before-paint scripts alone.
    const noApp = (route: Route) => route.fulfill({ contentType: 'text/javascript', body: '' });
    await page.route(/\/assets\/.*\.js$/, noApp);
    await page.goto('/audio-library');
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();

    // A visitor who has chosen never sees it, not even before hydration.
    const chosen = await browser.newPage();
    await withConsent(chosen);
    await chosen.route(/\/assets\/.*\.js$/, noApp);
    await chosen.goto('/audio-library');
    await expect(chosen.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(chosen)).toHaveCount(1);
    await expect(banner(chosen)).toBeHidden();
    await chosen.close();

    // Without JavaScript its buttons could do nothing: hidden.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto('/audio-library');
    await expect(noScript.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(noScript)).toBeHidden();
    await context.close();
  });

  test('a visitor who has chosen: the prerendered banner goes at hydration and opens again from Cookie settings', async ({
    page,
  }) => {
    await withConsent(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
  });

  test("'Essential Only' stores exactly the flag and essential-only preferences, and stays closed after a reload", async ({
    page,
  }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual({
      consent: 'true',
      preferences: ALL_OFF,
      keys: ['cookie-consent', 'cookie-preferences'],
    });
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    await expect(banner(page)).toHaveCount(0);
  });

  test("'Accept All' stores all four true", async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual({
      consent: 'true',
      preferences: ALL_ON,
      keys: ['cookie-consent', 'cookie-preferences'],
    });
  });

  test("'Customize': essential locked on, 'Back' returns, 'Save Preferences' stores the switches", async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    const detail = page.getByRole('region', { name: 'Cookie preferences' });
    await expect(detail.getByRole('switch', { name: 'Essential' })).toBeChecked();
    await expect(detail.getByRole('switch', { name: 'Essential' })).toBeDisabled();
    await detail.getByRole('switch', { name: 'Analytics' }).check();
    await detail.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
    expect((await storedConsent(page)).keys).toEqual([]);
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await detail.getByRole('switch', { name: 'Functional' }).check();
    await detail.getByRole('switch', { name: 'Analytics' }).uncheck();
    await detail.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual({
      consent: 'true',
      preferences: { essential: true, analytics: false, functional: true, marketing: false },
      keys: ['cookie-consent', 'cookie-preferences'],
    });
  });

  test('the close icon hides it without saving; it returns on the next visit', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Close cookie banner without saving' }).click();
    await expect(banner(page)).toHaveCount(0);
    // Not back on a client-side navigation in the same visit.
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await page.waitForTimeout(300);
    await expect(banner(page)).toHaveCount(0);
    expect((await storedConsent(page)).keys).toEqual([]);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
  });

  test("the footer's 'Cookie settings' reopens it with the current choices, and consent can be withdrawn", async ({
    page,
  }) => {
    await withConsent(page, { essential: true, analytics: false, functional: true, marketing: false });
    await page.goto('/contact');
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
    const link = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await link.click();
    const region = page.getByRole('region', { name: 'Cookies on this site' });
    await expect(region).toBeVisible();
    await expect(region).toContainText('Your current choice: essential cookies plus functional.');
    await expect(region.getByRole('heading', { name: 'Cookies on this site' })).toBeFocused();
    await region.getByRole('button', { name: 'Customize' }).click();
    await expect(page.getByRole('switch', { name: 'Functional' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(link).toBeFocused();
    expect((await storedConsent(page)).preferences).toEqual(ALL_OFF);
  });

  test('corrupt stored preferences: the spec warning, the defaults kept, the page unharmed', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      localStorage.setItem('cookie-consent', 'true');
      localStorage.setItem('cookie-preferences', '{"functional":tr');
    });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('button', { name: 'Customize' }).click();
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      await expect(page.getByRole('switch', { name })).not.toBeChecked();
    }
    expect(warnings).toContain('Failed to parse cookie preferences');
  });

  test('before consent nothing non-essential runs: only same-origin requests, no cookies, no scheduler', async ({
    page,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol !== 'data:')
        foreign.push(request.url());
    });
    for (const path of ['/', '/virtual-appointments']) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(banner(page)).toBeVisible();
    }
    await page.waitForTimeout(500);
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.locator('iframe').count()).toBe(0);
    expect((await storedConsent(page)).keys).toEqual([]);
  });

  test('keyboard only: reach the banner right after the skip links and accept from it', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Essential Only' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Customize' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('link', { name: 'Read our privacy policy' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Cookie preferences' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Functional' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Functional' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    // Focus is not lost: it lands on the main content.
    await expect(page.locator('#main-content')).toBeFocused();
    expect((await storedConsent(page)).preferences).toEqual({ ...ALL_OFF, functional: true });
  });

  test('Escape hides the banner without saving', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await banner(page).getByRole('button', { name: 'Accept All' }).focus();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toHaveCount(0);
    expect((await storedConsent(page)).keys).toEqual([]);
  });
});

test.describe('accessibility settings', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  test('high contrast swaps to the high-contrast palette', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const colours = () =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body);
        const primary = document.querySelector('main a.bg-primary, main .bg-primary');
        return { text: body.color, primary: primary ? getComputedStyle(primary).backgroundColor : null };
      });
    expect(await colours()).toEqual({ text: 'rgb(28, 21, 48)', primary: 'rgb(109, 40, 217)' });
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'High contrast' }).check();
    await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
    // Colours transition over 150 ms.
    await expect.poll(colours).toEqual({ text: 'rgb(0, 0, 0)', primary: 'rgb(59, 7, 100)' });
  });

  test('reduced motion stops transitions and smooth scrolling', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await waitForHydration(page);
    const motion = () =>
      page.evaluate(() => {
        const button = document.querySelector('header button') as HTMLElement;
        return {
          scroll: getComputedStyle(document.documentElement).scrollBehavior,
          transition: getComputedStyle(button).transitionDuration,
        };
      });
    expect(await motion()).toEqual({ scroll: 'smooth', transition: '0.15s' });
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('switch', { name: 'Reduce motion' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Reduce motion' }).check();
    expect(await motion()).toEqual({ scroll: 'auto', transition: '1e-05s' });
  });

  test('reduced motion defaults to the system preference when nothing is stored', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\breduce-motion\b/);
    await waitForHydration(page);
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('switch', { name: 'Reduce motion' })).toBeChecked();
  });

  test('font size scales all text from the root', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const sizes = () =>
      page.evaluate(() => ({
        root: getComputedStyle(document.documentElement).fontSize,
        body: getComputedStyle(document.querySelector('main p') as Element).fontSize,
      }));
    const medium = await sizes();
    expect(medium.root).toBe('16px');
    const dialog = await openSettings(page);
    const expected = { Small: 14, Large: 18, 'Extra large': 20, Medium: 16 } as const;
    for (const [name, px] of Object.entries(expected)) {
      await dialog.getByRole('radio', { name, exact: true }).check();
      const now = await sizes();
      expect(now.root).toBe(`${px}px`);
      expect(parseFloat(now.body)).toBeCloseTo((parseFloat(medium.body) * px) / 16, 1);
    }
  });

  test('keyboard navigation shows strong focus outlines, and can be turned off', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const outline = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        // The strong style adds an outer ring (11px box shadow) around the thicker outline.
        return {
          width: style.outlineWidth,
          style: style.outlineStyle,
          outerRing: style.boxShadow.includes('11px'),
        };
      });
    await page.keyboard.press('Tab');
    expect(await outline()).toEqual({ width: '3px', style: 'solid', outerRing: true });
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'Strong focus outlines' }).uncheck();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await outline()).toEqual({ width: '2px', style: 'solid', outerRing: false });
  });

  test('announcements speak the new page title after a navigation, and stop when turned off', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const region = page.locator('#a11y-announcer');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveText('');
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(region).toHaveText(/^About/);
    expect(await region.textContent()).toBe(await page.title());
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'Screen reader announcements' }).uncheck();
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.waitForTimeout(500);
    await expect(region).toHaveText('');
  });

  test('settings persist across a reload and are on <html> before the app hydrates (no flash)', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'High contrast' }).check();
    await dialog.getByRole('switch', { name: 'Reduce motion' }).check();
    await dialog.getByRole('radio', { name: 'Extra large' }).check();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('accessibility-settings'))) ?? ''),
    ).toEqual({
      highContrast: true,
      reducedMotion: true,
      fontSize: 'extra-large',
      announcements: true,
      keyboardNavigation: true,
    });

    // Hold the app's JavaScript back, so what is seen is the prerendered HTML plus the inline script only.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null && document.querySelector('h1') !== null);
    const beforeHydration = await page.evaluate(() => ({
      classes: document.documentElement.className,
      fontSize: document.documentElement.dataset.fontSize,
      rootPx: getComputedStyle(document.documentElement).fontSize,
      text: getComputedStyle(document.body).color,
      hydrated: document.documentElement.dataset.hydrated ?? null,
    }));
    expect(beforeHydration.hydrated).toBeNull();
    expect(beforeHydration.classes).toMatch(/\bhigh-contrast\b/);
    expect(beforeHydration.classes).toMatch(/\breduce-motion\b/);
    expect(beforeHydration.fontSize).toBe('extra-large');
    expect(beforeHydration.rootPx).toBe('20px');
    expect(beforeHydration.text).toBe('rgb(0, 0, 0)');
    release();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
    const reopened = await openSettings(page);
    await expect(reopened.getByRole('switch', { name: 'High contrast' })).toBeChecked();
    await expect(reopened.getByRole('radio', { name: 'Extra large' })).toBeChecked();
  });

  test("'Reset to Defaults' restores the defaults", async ({ page }) => {
    await withSettings(page, {
      highContrast: true,
      reducedMotion: true,
      fontSize: 'small',
      announcements: false,
      keyboardNavigation: false,
    });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await waitForHydration(page);
    const dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(page.locator('html')).toHaveAttribute('class', 'keyboard-navigation');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'medium');
    await expect(dialog.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Screen reader announcements' })).toBeChecked();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('accessibility-settings'))) ?? ''),
    ).toEqual({
      highContrast: false,
      reducedMotion: false,
      fontSize: 'medium',
      announcements: true,
      keyboardNavigation: true,
    });
  });

  test('corrupt stored settings: the defaults, and no error', async ({ page }) => {
    await withSettings(page, '{"highContrast":true,');
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'medium');
    await expect(page.locator('html')).not.toHaveClass(/high-contrast/);
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('switch', { name: 'High contrast' })).not.toBeChecked();
  });

  test('keyboard only: open the dialog, change settings, Escape, focus back on the button', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Accessibility settings' });
    for (
      let i = 0;
      i < 25 && !(await button.evaluate((element) => element === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
    await expect(dialog).toBeVisible();
    // Focus is inside the modal dialog and never reaches the page behind it (from the last control the browser
    // may take focus to its own UI, then back into the dialog: no trap, no escape into the inert page).
    let insideCount = 0;
    for (let i = 0; i < 16; i += 1) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((element) =>
        element.contains(document.activeElement)
          ? 'inside'
          : document.activeElement === document.body
            ? 'browser'
            : 'page',
      );
      expect(where).not.toBe('page');
      if (where === 'inside') insideCount += 1;
    }
    expect(insideCount).toBeGreaterThanOrEqual(14);
    await dialog.getByRole('switch', { name: 'High contrast' }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
    await dialog.getByRole('radio', { name: 'Medium' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // And again with the Done button.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the settings button is on every kind of page, at phone width too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/', '/faq', '/auth', '/cart', '/no-such-page']) {
      await page.goto(path);
      await waitForHydration(page);
      const button = page.getByRole('button', { name: 'Accessibility settings' });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    }
    const dialog = await openSettings(page);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  });
});
