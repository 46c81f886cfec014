import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

// Every end-to-end test fails on a console error, an uncaught page error or a React warning, so a
// hydration mismatch or a broken page cannot pass silently.
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // A page that deliberately answers 404 (the 404 page) logs its own status; that is not a problem.
      const expected404s = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest())
          expected404s.add(response.url());
      });
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith('Failed to load resource') && expected404s.has(message.location().url)) return;
        if (message.type() === 'error' || /Warning:|hydrat/i.test(text))
          problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'console errors or React warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The local stack the suite's web server started (playwright.config.ts picks its port). */
export const stackUrl =
  process.env.E2E_STACK_URL ?? `http://localhost:${process.env.E2E_STACK_PORT ?? 54329}`;

/** Waits until React has hydrated the prerendered page (the app marks <html> when it is interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The demo customer the local stack seeds (supabase/local/db/baseline.ts), who owns three audios. */
export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'password123' } as const;

let emailCounter = 0;
/** An address no other test (or earlier run) has used, for a test that creates its own user. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `e2e-${label}-${Date.now()}-${process.pid}-${emailCounter}@example.com`;
}

/** Opens a page, waits for hydration and, if the cookie banner is up, answers it so it covers nothing. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
  const essentialOnly = page.getByRole('button', { name: 'Essential Only' });
  if (await essentialOnly.isVisible()) await essentialOnly.click();
}

/** Cookie consent answered (essential only) before any page loads, so the banner never shows. */
export async function answerConsent(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

/**
 * Chromium logs every 4xx answer as "Failed to load resource", which the fixture above counts as a console
 * error. A test that provokes one on purpose (a wrong password, a refused change) names it here.
 */
export function allowFailedRequests(consoleProblems: string[], statuses: number[]): void {
  for (const status of statuses) {
    const index = consoleProblems.findIndex((problem) =>
      problem.includes(`Failed to load resource: the server responded with a status of ${status}`),
    );
    expect(index, `the expected ${status} response`).toBeGreaterThanOrEqual(0);
    consoleProblems.splice(index, 1);
  }
}

/** Fills the sign-in form on the current page and submits it (`button`: the customer's or the admin's). */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  button = 'Sign In',
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** The window of a device page, which keeps the audio element the player plays (see `openDevice`). */
export type AudioWindow = Window & { __playerAudio?: HTMLAudioElement };

/**
 * A listener's page or device: consent answered, the listening-safety note acknowledged, and the player's audio
 * element kept on `window.__playerAudio` for the test to inspect.
 */
export async function prepareListener(target: Page | BrowserContext): Promise<void> {
  await answerConsent(target);
  await target.addInitScript(() => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as AudioWindow).__playerAudio = this as HTMLAudioElement;
      return play.call(this);
    };
  });
}

/**
 * A second (or third) device of the same person: a browser context of its own with consent answered, the
 * listening-safety note acknowledged and the player's audio element kept on `window.__playerAudio`. Its
 * console errors are collected in `problems` (the fixture above watches only the test's own page).
 */
export async function openDevice(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  await prepareListener(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Signs `customer` in on a device and waits for My Account to list `title` to play. */
export async function signInToAccount(
  page: Page,
  customer: { email: string; password: string },
  title: string,
): Promise<void> {
  await page.goto('/auth?redirectTo=%2Faccount');
  await waitForHydration(page);
  await submitSignIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: `Play ${title}`, exact: true })).toBeVisible({
    timeout: 40_000,
  });
}
