import type { Page } from '@playwright/test';
import { axeProblems } from './axe';
import {
  expect as baseExpect,
  openDevice,
  signInToAccount,
  test,
  waitForHydration,
  type AudioWindow,
} from './fixtures';
import { createListener } from './stack-data';
import { walkWithTab } from './tab-walk';

// The practice log (docs/practice-log.md), in real Chromium against the production build and the local stack:
// a customer of the test's own listens a little over a minute on a "phone" (its own browser context); My Account on a
// "computer" (another context, same account) then shows those minutes for today. Axe and the keyboard on the
// log at 1280 and 375 px; hiding it is remembered.

const expect = baseExpect.configure({ timeout: 20_000 });
const TITLE = 'Calm Mind, Easy Breathing';
const LISTEN_MS = 70_000;
// Devices with reduced motion: scrolling is instant, so a control Tab scrolls into view is on screen when it is read.

/** Today's minutes as the calendar reads them to a screen reader (0 when nothing yet). */
async function todaysMinutes(page: Page): Promise<number> {
  const log = page.getByRole('region', { name: 'Your practice' });
  const today = log.locator('td[aria-current="date"] .sr-only');
  await expect(today).toHaveText(/, today$/);
  const text = (await today.textContent()) ?? '';
  const minutes = /: (\d+) minutes?, today$/.exec(text);
  return minutes ? Number(minutes[1]) : 0;
}

test.describe('practice log', () => {
  test('minutes listened on the phone show on the computer, today', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const listener = await createListener(request, 'practice');
    const phone = await openDevice(browser, {
      viewport: { width: 375, height: 667 },
      reducedMotion: 'reduce',
    });
    const computer = await openDevice(browser, {
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    try {
      await signInToAccount(computer.page, listener, TITLE);
      const before = await todaysMinutes(computer.page);

      await signInToAccount(phone.page, listener, TITLE);
      await phone.page.getByRole('button', { name: `Play ${TITLE}` }).click();
      await expect
        .poll(() => phone.page.evaluate(() => (window as AudioWindow).__playerAudio?.paused === false), {
          timeout: 30_000,
        })
        .toBe(true);
      await phone.page.waitForTimeout(LISTEN_MS);
      const sent = phone.page.waitForResponse(
        (response) =>
          response.url().includes('/rest/v1/listening_sessions') && response.request().method() === 'POST',
      );
      await phone.page.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
      expect((await sent).status()).toBeLessThan(300);

      await computer.page.reload();
      await waitForHydration(computer.page);
      await expect
        .poll(() => todaysMinutes(computer.page), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(before + 1);
      const log = computer.page.getByRole('region', { name: 'Your practice' });
      await expect(log.getByText('This week', { exact: true })).toBeVisible();
      expect([...phone.problems, ...computer.problems]).toEqual([]);
    } finally {
      await Promise.all([phone.context.close(), computer.context.close()]);
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`axe and the keyboard on the log at ${viewport.width} px; hiding is remembered`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const listener = await createListener(request, 'practice-log');
      const { context, page, problems } = await openDevice(browser, { viewport, reducedMotion: 'reduce' });
      try {
        await signInToAccount(page, listener, TITLE);
        const log = page.getByRole('region', { name: 'Your practice' });
        await expect(log.getByRole('table')).toBeVisible();
        expect(await axeProblems(page)).toEqual([]);

        // Tab reaches the log's controls in reading order, each on screen with a focus indicator.
        const walk = await walkWithTab(
          page,
          () => {
            const element = document.activeElement;
            if (!element || element === document.body) return null;
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            return {
              name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
              indicator:
                (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
                style.boxShadow !== 'none',
              onScreen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight,
            };
          },
          { max: 120, done: (seen) => seen.some((s) => s?.name === 'Previous month') },
        );
        const names = walk.map((s) => s?.name);
        const hideAt = names.indexOf('Hide practice log');
        const previousAt = names.indexOf('Previous month');
        expect(hideAt).toBeGreaterThanOrEqual(0);
        expect(previousAt).toBe(hideAt + 1);
        for (const step of [walk[hideAt], walk[previousAt]]) {
          expect(step).toMatchObject({ indicator: true, onScreen: true });
        }
        // The walk sends its presses in batches and may have gone on past the log: back to Previous month.
        const previous = log.getByRole('button', { name: 'Previous month' });
        for (let i = 0; i < 25 && !(await previous.evaluate((el) => el === document.activeElement)); i += 1) {
          await page.keyboard.press('Shift+Tab');
        }
        await expect(previous).toBeFocused();
        // Next month is disabled on the current month: Tab skips it. Enter shows the month before.
        const heading = log.getByRole('heading', { level: 3 });
        const thisMonth = (await heading.textContent()) ?? '';
        await page.keyboard.press('Enter');
        await expect(heading).not.toHaveText(thisMonth);
        await expect(log.getByRole('table')).toBeVisible();
        expect(await axeProblems(page)).toEqual([]);

        // Back to the toggle; hiding keeps focus on it (now 'Show practice log').
        await page.keyboard.press('Shift+Tab');
        await expect(log.getByRole('button', { name: 'Hide practice log' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(log.getByRole('button', { name: 'Show practice log' })).toBeFocused();
        await expect(log.getByRole('table')).toHaveCount(0);
        expect(await axeProblems(page)).toEqual([]);

        await page.reload();
        await waitForHydration(page);
        await expect(log.getByRole('button', { name: 'Show practice log' })).toBeVisible({ timeout: 40_000 });
        await expect(log.getByRole('table')).toHaveCount(0);
        await log.getByRole('button', { name: 'Show practice log' }).click();
        await expect(log.getByRole('table')).toBeVisible();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
