import type { BrowserContext, Page } from '@playwright/test';
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

// Resume on any device (docs/listening-positions.md), in real Chromium against the production build and the
// local stack: a customer of the test's own on a "phone" (its own browser context) leaves a track at 0:40; on a computer
// (another context) opening that track offers to continue there; then the phone moves on to 1:10 while the
// computer, left at 0:20 and paused on screen, asks which within 20 s (no reload). Axe on the question at 1280 and 375 px.

const expect = baseExpect.configure({ timeout: 20_000 });
const TITLE = 'Sleep Deeply Tonight';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const audioTime = (page: Page) =>
  page.evaluate(() => {
    const audio = (window as AudioWindow).__playerAudio;
    return audio ? { time: audio.currentTime, paused: audio.paused } : null;
  });

async function waitPlaying(page: Page) {
  await expect.poll(async () => (await audioTime(page))?.paused === false, { timeout: 30_000 }).toBe(true);
}

/** Resolves with the status of the write that carries `seconds` to the account. */
const savedPosition = (page: Page, seconds: number) =>
  page
    .waitForResponse((response) => {
      const request = response.request();
      if (!response.url().includes('/rest/v1/listening_positions') || request.method() !== 'POST')
        return false;
      const rows = request.postDataJSON() as { position_seconds: number }[];
      return rows.some((row) => row.position_seconds === seconds);
    })
    .then((response) => response.status());

/** Plays to `seconds` and pauses there; resolves once the position reached the account. */
async function leaveAt(page: Page, seconds: number) {
  const saved = savedPosition(page, seconds);
  await page.evaluate((at) => {
    (window as AudioWindow).__playerAudio!.currentTime = at;
  }, seconds);
  await page.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
  expect(await saved).toBeLessThan(300);
}

test.describe('resume on any device', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('a position reached on the phone is offered on the computer; a disagreement is asked', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const listener = await createListener(request, 'resume');
    const phone = await openDevice(browser, { viewport: { width: 375, height: 667 }, userAgent: IPHONE_UA });
    const computer = await openDevice(browser, { viewport: { width: 1280, height: 800 } });
    contexts = [phone.context, computer.context];

    await signInToAccount(phone.page, listener, TITLE);
    await phone.page.getByRole('button', { name: `Play ${TITLE}` }).click();
    await waitPlaying(phone.page);
    await leaveAt(phone.page, 40);

    await signInToAccount(computer.page, listener, TITLE);
    await computer.page.getByRole('button', { name: `Play ${TITLE}` }).click();
    const question = computer.page.getByRole('group', { name: 'Where to continue' });
    await expect(question).toContainText('Continue from 0:40, played on your phone today?');
    expect(await axeProblems(computer.page)).toEqual([]);
    await computer.page.setViewportSize({ width: 375, height: 667 });
    expect(await axeProblems(computer.page)).toEqual([]);
    await computer.page.setViewportSize({ width: 1280, height: 800 });
    await question.getByRole('button', { name: 'Continue from 0:40' }).click();
    await expect(question).toBeHidden();
    await waitPlaying(computer.page);
    await expect.poll(async () => (await audioTime(computer.page))?.time ?? 0).toBeGreaterThanOrEqual(40);
    // The computer leaves it at 0:20; later the phone reaches 1:10.
    await leaveAt(computer.page, 20);

    await phone.page.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
    await waitPlaying(phone.page);
    await leaveAt(phone.page, 70);

    // The computer, paused on screen, reads the account again within 15 s and asks which.
    await expect(question).toContainText('Continue from 1:10, played on your phone today, or 0:20?');
    await question.getByRole('button', { name: 'Continue from 0:20' }).click();
    await expect(question).toBeHidden();
    await computer.page.reload();
    await waitForHydration(computer.page);
    await expect(computer.page.getByRole('region', { name: 'Audio player' })).toBeVisible();
    await expect(question).toHaveCount(0);

    expect([...phone.problems, ...computer.problems]).toEqual([]);
  });

  for (const width of [375, 1280]) {
    test(`the question comes before any sound, is answered by keyboard and covers nothing (${width} px)`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const listener = await createListener(request, 'resume-first');
      const phone = await openDevice(browser, {
        viewport: { width: 375, height: 667 },
        userAgent: IPHONE_UA,
      });
      const second = await openDevice(browser, { viewport: { width, height: width === 375 ? 667 : 800 } });
      contexts = [phone.context, second.context];
      await signInToAccount(phone.page, listener, TITLE);
      await phone.page.getByRole('button', { name: `Play ${TITLE}` }).click();
      await waitPlaying(phone.page);
      await leaveAt(phone.page, 40);

      const page = second.page;
      await signInToAccount(page, listener, TITLE);
      const play = page.getByRole('button', { name: `Play ${TITLE}` });
      await play.focus();
      await page.keyboard.press('Enter');
      const question = page.getByRole('group', { name: 'Where to continue' });
      await expect(question).toContainText('Continue from 0:40, played on your phone today?');
      // Focus is on the answer, and nothing sounds while it waits.
      await expect(question.getByRole('button', { name: 'Continue from 0:40' })).toBeFocused();
      for (let i = 0; i < 4; i += 1) {
        const state = await audioTime(page);
        expect(state === null || state.paused, 'no sound before the answer').toBe(true);
        await page.waitForTimeout(500);
      }
      // It covers nothing: the page's end (the footer) still scrolls clear above the bar and its question.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = page.getByRole('region', { name: 'Audio player' });
      await expect(question).toBeInViewport();
      await expect
        .poll(async () => {
          const footerBottom = await page
            .locator('footer')
            .evaluate((el) => el.getBoundingClientRect().bottom);
          const questionTop = await question.evaluate((el) => el.getBoundingClientRect().top);
          return footerBottom - questionTop;
        })
        .toBeLessThanOrEqual(1);
      expect(await bar.evaluate((el, q) => el.contains(q), await question.elementHandle())).toBe(true);
      // Answered by keyboard: sound starts at 0:40, not before it.
      await page.keyboard.press('Enter');
      await expect(question).toBeHidden();
      await waitPlaying(page);
      const first = await audioTime(page);
      expect(first!.time).toBeGreaterThanOrEqual(39.5);
      expect([...phone.problems, ...second.problems]).toEqual([]);
    });
  }
});
