import type { Page } from '@playwright/test';
import {
  expect as baseExpect,
  prepareListener,
  signInToAccount,
  test,
  waitForHydration,
  type AudioWindow,
} from './fixtures';
import { axeProblems } from './axe';
import { createListener } from './stack-data';

// Listening as people do (docs/player.md "Length and seeking"): play in My Account, reload in the middle of the
// track, play again: the bar knows the length at once (from the catalogue's stored duration) and its seek slider
// works by keyboard (10 s per arrow, 60 s per Page key, Home/End), by pointer and by touch.

const expect = baseExpect.configure({ timeout: 20_000 });
const TITLE = 'Sleep Deeply Tonight';

const bar = (page: Page) => page.getByRole('region', { name: 'Audio player' });
const seekSlider = (page: Page) => bar(page).getByRole('slider', { name: 'Seek' });

const audioTime = (page: Page) =>
  page.evaluate(() => {
    const audio = (window as AudioWindow).__playerAudio;
    return audio ? { time: audio.currentTime, paused: audio.paused, duration: audio.duration } : null;
  });

async function waitPlaying(page: Page, atLeast = 0.2) {
  await expect
    .poll(async () => {
      const state = await audioTime(page);
      return state !== null && !state.paused && state.time >= atLeast;
    })
    .toBe(true);
}

/** The slider's announced value, e.g. '1:05 of 1:30'. */
const valueText = (page: Page) => seekSlider(page).getAttribute('aria-valuetext');

/** Seconds the media element is at, once it settled near `near` (± `within`). */
async function expectAt(page: Page, near: number, within = 2.5) {
  await expect
    .poll(async () => Math.abs(((await audioTime(page))?.time ?? -99) - near))
    .toBeLessThanOrEqual(within);
}

for (const device of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    use: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
] as const) {
  test.describe(`on a ${device.name}`, () => {
    test.use(device.use);

    test('play → reload → play: the bar shows the length and position; arrows, Page keys, Home/End and a pointer seek', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const listener = await createListener(request, 'seek');
      await prepareListener(page);
      await signInToAccount(page, listener, TITLE);
      await page.getByRole('button', { name: `Play ${TITLE}`, exact: true }).click();
      await waitPlaying(page, 3);
      await bar(page).getByTestId('player-play').click();
      await expect.poll(async () => (await audioTime(page))?.paused).toBe(true);
      const left = (await audioTime(page))!.time;

      await page.reload();
      await waitForHydration(page);
      await expect(bar(page)).toBeVisible();
      // Before any sound, the length is known (the catalogue's stored duration until the media reports its own)
      // and the slider can be used.
      await expect(bar(page).getByText(/^Duration (30:00|1:30)$/)).toBeVisible();
      await expect(seekSlider(page)).not.toHaveAttribute('data-disabled');
      // Play in the list again, as a returning listener does: it goes on from where it was left, and the bar
      // shows the media's length and that position.
      await page.getByRole('button', { name: `Play ${TITLE}`, exact: true }).click();
      await waitPlaying(page, Math.floor(left));
      await expect(bar(page).getByText('Duration 1:30', { exact: true })).toBeVisible();
      await expect
        .poll(async () => Number(/^0:(\d\d) of 1:30$/.exec((await valueText(page)) ?? '')?.[1] ?? -1))
        .toBeGreaterThanOrEqual(Math.floor(left));
      await expect(bar(page).getByText('--:--')).toHaveCount(0);
      // Paused, so the keys' effects are exact.
      await bar(page).getByTestId('player-play').click();
      await expect.poll(async () => (await audioTime(page))?.paused).toBe(true);
      const at = (await audioTime(page))!.time;

      await seekSlider(page).focus();
      await page.keyboard.press('ArrowRight');
      await expectAt(page, at + 10, 0.6);
      await expect
        .poll(() => valueText(page))
        .toBe(`0:${String(Math.floor(at + 10)).padStart(2, '0')} of 1:30`);
      await page.keyboard.press('ArrowLeft');
      await expectAt(page, at, 0.6);
      await page.keyboard.press('PageUp');
      await expectAt(page, at + 60, 0.6);
      await page.keyboard.press('PageDown');
      await expectAt(page, at, 0.6);
      await page.keyboard.press('End');
      await expectAt(page, 90, 0.6);
      await expect.poll(() => valueText(page)).toBe('1:30 of 1:30');
      await page.keyboard.press('Home');
      await expectAt(page, 0, 0.6);
      await expect.poll(() => valueText(page)).toBe('0:00 of 1:30');

      // A tap or click three quarters of the way along the bar (90 s audio: about 1:07).
      const box = await seekSlider(page).locator('xpath=../..').boundingBox();
      if (!box) throw new Error('no seek slider');
      const x = box.x + (box.width * 3) / 4;
      const y = box.y + box.height / 2;
      if (device.name === 'phone') await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
      await expectAt(page, 67.5, 6);
      await expect.poll(() => valueText(page)).toMatch(/^1:\d\d of 1:30$/);
    });
  });
}

test('My Account as a library: continue listening first, lengths on the rows, the playing row marked', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const listener = await createListener(request, 'library');
  await prepareListener(page);
  await signInToAccount(page, listener, TITLE);
  await page.getByRole('button', { name: `Play ${TITLE}`, exact: true }).click();
  await waitPlaying(page, 6);
  const yourAudio = page.getByRole('region', { name: 'Your audio' });
  // A row: the list item titled by an h4 (its group's heading is the h3 above the list).
  const rows = yourAudio.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
  const row = rows.filter({ hasText: TITLE });
  // The playing row says so; every row has its length (the catalogue's stored one).
  await expect(row.getByRole('heading', { level: 4 })).toContainText('Playing');
  for (const item of await rows.all()) await expect(item).toContainText(/Length\d+:\d\d/);
  await bar(page).getByTestId('player-play').click();
  await expect.poll(async () => (await audioTime(page))?.paused).toBe(true);

  await page.reload();
  await waitForHydration(page);
  // After the links to the sections, Continue listening comes first, with where it was left.
  const continueListening = page.getByRole('region', { name: 'Continue listening' });
  await expect(continueListening).toContainText(TITLE);
  await expect(continueListening).toContainText(/You left it at 0:0\d of 30:00/);
  const firstSection = await page
    .locator('main section')
    .first()
    .evaluate((el) => el.getAttribute('aria-labelledby'));
  expect(firstSection).toBe('continue-listening-title');
  await expect(row).toContainText(/Left at 0:0\d/);
  // The sections' links take a phone user there.
  const nav = page.getByRole('navigation', { name: 'Sections of My Account' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('region', { name: 'Orders' })).toBeInViewport();
  // One press continues where it was left.
  await continueListening.getByRole('button', { name: `Continue listening to ${TITLE}` }).click();
  await waitPlaying(page, 6);
});

// A demo customer who bought a package and a single audio (supabase/local/seed/demo-orders.ts): 'Your audio' in
// its groups; read only here.
const PACKAGE_CUSTOMER = { email: 'sam.patel@example.com', password: 'password123' };

test.describe('on a phone (375 px, touch)', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("'Your audio' in groups under headings; a row's Play and its menu, by keyboard and by touch; axe finds nothing", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await prepareListener(page);
    await page.goto('/auth?redirectTo=%2Faccount');
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(PACKAGE_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(PACKAGE_CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const yourAudio = page.getByRole('region', { name: 'Your audio' });
    // The package's group, then the single audios: each an h3 naming the list beneath it.
    const groups = yourAudio.getByRole('heading', { level: 3 });
    await expect(groups).toHaveText([/^Package: .+/, 'Single audios'], { timeout: 40_000 });
    const packageTitle = (await groups.first().textContent())!;
    expect(
      await yourAudio.getByRole('list', { name: packageTitle }).getByRole('listitem').count(),
    ).toBeGreaterThan(1);
    const single = yourAudio.getByRole('list', { name: 'Single audios' }).getByRole('listitem').first();
    const title = (await single.getByRole('heading', { level: 4 }).textContent())!;

    // One primary action and one menu: nothing else to tap in the row.
    await expect(single.getByRole('button')).toHaveText(['Play', '']);
    const more = single.getByRole('button', { name: `More actions for ${title}` });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    const menu = page.getByRole('menu', { name: `More actions for ${title}` });

    // Keyboard: Enter opens it on its first item, ArrowDown reaches Download, Enter downloads; focus comes back.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem')).toHaveText(['Add to playlist', 'Download', 'Save for offline']);
    await expect(menu.getByRole('menuitem', { name: 'Add to playlist' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeFocused();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await downloading).suggestedFilename()).toBe(`${title}.mp3`);
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();

    // Touch: a tap opens it, a tap on Save for offline saves; then the menu offers to remove it from here.
    await more.tap();
    await expect(menu).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Save for offline' }).tap();
    await expect(
      page.getByRole('region', { name: 'On this device' }).getByRole('heading', { name: title }),
    ).toBeVisible();
    await more.tap();
    await menu.getByRole('menuitem', { name: 'Remove from this device' }).tap();
    await expect(
      page.getByRole('region', { name: 'On this device' }).getByRole('heading', { name: title }),
    ).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
