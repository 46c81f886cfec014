import { test as base, expect, type Page } from '@playwright/test';

// Every end-to-end test fails on a console error, an uncaught page error or a React warning, so a
// hydration mismatch or a broken page cannot pass silently.
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // A page that deliberately answers 404 (the 404 page) logs its own status; that is not a problem.
      const expected404s = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) expected404s.add(response.url());
      });
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith('Failed to load resource') && expected404s.has(message.location().url)) return;
        if (message.type() === 'error' || /Warning:|hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
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
export const stackUrl = process.env.E2E_STACK_URL ?? `http://localhost:${process.env.E2E_STACK_PORT ?? 54329}`;

/** Waits until React has hydrated the prerendered page (the app marks <html> when it is interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
