import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { axeProblems } from './axe';
import { expect as baseExpect, DEMO_CUSTOMER, test, waitForHydration, stackUrl } from './fixtures';
import { createListener } from './stack-data';

// The persistent player as a customer who owns three audios, in real Chromium against the production build and the local
// stack, on a phone (touch, 375 px) and a desktop (1280 px): My Account → play → next/previous → the seek
// slider's keys → shuffle → keyboard → queue → seek (206) → download → reload resumes; refusal of someone
// else's audio; axe on the player collapsed and expanded, 375 and 1280 px, both palettes. How fast audio
// starts is measured by `npm run bench` (scripts/bench-player.ts), not here.

// Generous waits: the machine running the suite may be busy; nothing here is a timing assertion.
const expect = baseExpect.configure({ timeout: 20_000 });
// The demo customer's three audios, newest first, which createListener grants in the same order.
const TITLES = ['Deep Relaxation Foundations', 'Calm Mind, Easy Breathing', 'Sleep Deeply Tonight'];

type AudioWindow = Window & { __playerAudio?: HTMLAudioElement };

/** Consent answered (unless `consent` is false); the media element the player creates is kept for inspection. */
async function prepare(page: Page, { safetyAcknowledged = false, palette = 'default', consent = true } = {}) {
  await page.addInitScript(
    ({ acknowledged, highContrast, answered }) => {
      if (answered) {
        localStorage.setItem('cookie-consent', 'true');
        localStorage.setItem(
          'cookie-preferences',
          JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
        );
      }
      if (highContrast)
        localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast: true }));
      if (acknowledged) localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
      const w = window as AudioWindow;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        w.__playerAudio = this as HTMLAudioElement;
        return play.call(this);
      };
    },
    { acknowledged: safetyAcknowledged, highContrast: palette === 'high-contrast', answered: consent },
  );
}

/**
 * Signs in a new customer who owns the demo customer's three audios (e2e/stack-data.ts): each test listens as
 * its own customer, so no other test's positions are offered to it as another device's.
 */
async function signInToAccount(
  page: Page,
  request: APIRequestContext,
  press: (locator: Locator) => Promise<void> = (l) => l.click(),
) {
  const listener = await createListener(request, 'player');
  await page.goto('/auth?redirectTo=%2Faccount');
  await waitForHydration(page);
  await page.getByLabel('Email', { exact: true }).fill(listener.email);
  await page.getByLabel('Password', { exact: true }).fill(listener.password);
  await press(page.getByRole('button', { name: 'Sign In', exact: true }));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: `Play ${TITLES[0]}` })).toBeVisible({ timeout: 40_000 });
}

const bar = (page: Page) => page.getByRole('region', { name: 'Audio player' });
/** The bar's title line ('Now playing: ' is for screen readers). */
const nowPlaying = (page: Page, title: string) =>
  bar(page)
    .getByRole('paragraph')
    .filter({ hasText: new RegExp(`^Now playing: ${title}$`) });

function media(page: Page) {
  return page.evaluate(() => {
    const audio = (window as AudioWindow).__playerAudio;
    return audio
      ? { paused: audio.paused, currentTime: audio.currentTime, volume: audio.volume, src: audio.currentSrc }
      : null;
  });
}

async function waitPlaying(page: Page, atLeast = 0.2) {
  await expect
    .poll(
      async () => {
        const state = await media(page);
        return state !== null && !state.paused && state.currentTime >= atLeast;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The two sizes the journey runs at: a phone (touch, 375 px) and a desktop (mouse, 1280 px). */
const VIEWPORTS = [
  {
    name: 'phone',
    use: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

/** Every visible control of the bar: touch-sized on a phone (44 px), and on the screen. */
async function expectControlsFit(page: Page, phone: boolean) {
  const { width, height } = page.viewportSize()!;
  const boxes = await bar(page)
    .locator('button, select, [role="slider"]')
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.checkVisibility())
        .map((el) => {
          const box = el.getBoundingClientRect();
          const name = el.getAttribute('aria-label') ?? el.textContent ?? el.tagName;
          return { name, slider: el.getAttribute('role') === 'slider', box: box.toJSON() as DOMRect };
        }),
    );
  expect(boxes.length).toBeGreaterThan(4);
  for (const { name, slider, box } of boxes) {
    expect(box.left, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${name} ends on the screen`).toBeLessThanOrEqual(width);
    expect(box.bottom, `${name} is above the screen's bottom edge`).toBeLessThanOrEqual(height);
    if (phone && !slider) {
      expect(box.width, `${name} is wide enough to tap`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
    }
  }
}

for (const { name, use } of VIEWPORTS) {
  test.describe(`on a ${name} (${use.viewport.width} px)`, () => {
    test.use(use);

    test('a customer listens: play, next/previous, seek keys, shuffle, keyboard, queue, seek (206), download, reload resumes', async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const phone = name === 'phone';
      // A finger on the phone, the mouse on the desktop: both check that nothing covers the control.
      const press = (locator: Locator) => (phone ? locator.tap() : locator.click());
      const audioResponses: { url: string; status: number }[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/storage/v1/object/sign/audio/'))
          audioResponses.push({ url: response.url(), status: response.status() });
      });
      // On the phone the cookie question is left open at first: the bar must sit above the banner.
      await prepare(page, { consent: !phone });
      await signInToAccount(page, request, press);

      // First play: the one-time listening-safety notice, then the bar with a spinner until audio starts.
      await press(page.getByRole('button', { name: `Play ${TITLES[0]}` }));
      const notice = page.getByRole('alertdialog', { name: 'Before you listen' });
      await expect(notice).toContainText('Never listen while driving, operating machinery');
      await press(notice.getByRole('button', { name: 'I understand, play' }));
      await expect(bar(page)).toBeVisible();
      await expect(nowPlaying(page, TITLES[0]!)).toBeVisible();
      await waitPlaying(page);
      await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
      if (phone) {
        const banner = page.getByRole('region', { name: 'Cookies on this site' });
        await expect(banner).toBeVisible();
        const bannerTop = await banner.evaluate((el) => el.getBoundingClientRect().top);
        const barBox = await bar(page).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        expect(barBox.bottom).toBeLessThanOrEqual(bannerTop + 1);
        expect(barBox.top).toBeGreaterThanOrEqual(0);
        await press(bar(page).getByRole('button', { name: 'Pause' }));
        await press(bar(page).getByRole('button', { name: 'Play', exact: true }));
        await press(banner.getByRole('button', { name: 'Essential Only' }));
        await expect(banner).toHaveCount(0);
        await expect
          .poll(() => bar(page).evaluate((el) => Math.round(el.getBoundingClientRect().bottom)))
          .toBe(use.viewport.height);
      }
      await expectControlsFit(page, phone);

      // Streams are signed Storage URLs named by product id: never the title.
      const src = (await media(page))?.src ?? '';
      expect(src).toMatch(/\/storage\/v1\/object\/sign\/audio\/full\/[0-9a-f-]{36}\.mp3\?token=/);
      for (const title of TITLES) expect(src.toLowerCase()).not.toContain(title.split(' ')[0]!.toLowerCase());

      // Next and previous (previous within 3 s goes back; after 3 s it restarts the track).
      await press(bar(page).getByRole('button', { name: 'Next track' }));
      await expect(nowPlaying(page, TITLES[1]!)).toBeVisible();
      await expect(page.getByText(`Now playing: ${TITLES[1]}, track 2 of 3`)).toBeAttached();
      await waitPlaying(page, 1);
      // The seek slider's own keys seek: End to the end, Home back to the start (paused, so nothing ends).
      await press(bar(page).getByRole('button', { name: 'Pause' }));
      const seek = bar(page).getByRole('slider', { name: 'Seek' });
      await seek.focus();
      await page.keyboard.press('End');
      await expect.poll(async () => (await media(page))?.currentTime ?? 0).toBeGreaterThan(89);
      await expect(seek).toHaveAttribute('aria-valuenow', '100');
      await page.keyboard.press('Home');
      await expect.poll(async () => (await media(page))?.currentTime ?? 99).toBeLessThan(0.5);
      await expect(seek).toHaveAttribute('aria-valuenow', '0');
      await expect(nowPlaying(page, TITLES[1]!)).toBeVisible();
      // Paused at the start, previous goes to the previous track and keeps it paused.
      await press(bar(page).getByRole('button', { name: 'Previous track' }));
      await expect(nowPlaying(page, TITLES[0]!)).toBeVisible();
      await press(bar(page).getByRole('button', { name: 'Play', exact: true }));
      await waitPlaying(page, 3.5);
      await press(bar(page).getByRole('button', { name: 'Previous track' }));
      await expect(nowPlaying(page, TITLES[0]!)).toBeVisible();
      await expect.poll(async () => (await media(page))?.currentTime ?? 99).toBeLessThan(3);
      // Previous from the first track wraps to the last.
      await press(bar(page).getByRole('button', { name: 'Previous track' }));
      await expect(nowPlaying(page, TITLES[2]!)).toBeVisible();

      // Shuffle (on a phone it is in the expanded view): next is another track.
      if (phone) await press(bar(page).getByRole('button', { name: 'Expand player' }));
      if (phone) await press(bar(page).getByRole('tab', { name: 'Now playing' }));
      const shuffle = bar(page).getByRole('button', { name: 'Shuffle' });
      await press(shuffle);
      await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
      if (phone) await expectControlsFit(page, phone);
      if (phone) await press(bar(page).getByRole('button', { name: 'Collapse player' }));
      await press(bar(page).getByRole('button', { name: 'Next track' }));
      await expect(nowPlaying(page, TITLES[2]!)).toHaveCount(0);
      await waitPlaying(page, 1);

      // Keyboard while the player is open and focus is not in a text field.
      await press(page.getByRole('heading', { level: 1 }));
      await page.keyboard.press('Space');
      await expect.poll(async () => (await media(page))?.paused).toBe(true);
      await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
      await page.keyboard.press('Space');
      await waitPlaying(page);
      const before = (await media(page))?.currentTime ?? 0;
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await media(page))?.currentTime ?? 0).toBeGreaterThanOrEqual(before + 9);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await media(page))?.currentTime ?? 99).toBeLessThan(before + 9);
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await media(page))?.volume).toBeCloseTo(0.9, 5);
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await media(page))?.volume).toBeCloseTo(1, 5);

      // Queue: remove a track in the expanded playlist, add it back from the account page (a second add of
      // the same audio changes nothing).
      const current = (await bar(page).locator('p').first().textContent())?.replace('Now playing: ', '');
      const notCurrent = TITLES.find((title) => title !== current)!;
      await press(bar(page).getByRole('button', { name: 'Expand player' }));
      await press(bar(page).getByRole('tab', { name: /Playlist/ }));
      if (phone) await expectControlsFit(page, phone);
      await press(bar(page).getByRole('button', { name: `Remove ${notCurrent} from the playlist` }));
      await expect(bar(page).getByText(/^2 tracks · [12] of 2$/)).toBeVisible();
      await press(bar(page).getByRole('button', { name: 'Collapse player' }));
      // On a phone from the row's "More actions" menu, on a desktop its button (docs/player.md).
      for (let time = 0; time < 2; time += 1) {
        if (phone) {
          await press(page.getByRole('button', { name: `More actions for ${notCurrent}` }));
          await press(page.getByRole('menuitem', { name: 'Add to playlist' }));
        } else await press(page.getByRole('button', { name: `Add to playlist: ${notCurrent}` }));
      }
      await expect(bar(page).getByRole('button', { name: 'Expand player' })).toBeVisible();
      await press(bar(page).getByRole('button', { name: 'Expand player' }));
      await expect(bar(page).getByText(/^3 tracks · [12] of 3$/)).toBeVisible();
      await expect(bar(page).getByRole('listitem').last()).toContainText(notCurrent);
      await press(bar(page).getByRole('button', { name: 'Collapse player' }));

      // Seek with the slider: a tap or click a quarter of the way along it (90 s audio: about 0:22).
      const track = await seek.locator('xpath=../..').boundingBox();
      if (!track) throw new Error('no seek slider');
      const at = { x: track.x + track.width / 4, y: track.y + track.height / 2 };
      if (phone) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      await expect
        .poll(async () => {
          const time = (await media(page))?.currentTime ?? 0;
          return time > 18 && time < 35;
        })
        .toBe(true);
      expect(audioResponses.some((response) => response.status === 206)).toBe(true);
      expect(audioResponses.every((response) => response.status === 200 || response.status === 206)).toBe(
        true,
      );

      // Keyboard focus scrolls what it lands on clear of the bar (WCAG 2.4.11); the page scrolls smoothly.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      // On a phone Download is behind the row's menu: its button is what focus lands on.
      const downloadButton = phone
        ? page.getByRole('button', { name: `More actions for ${TITLES[2]}` })
        : page.getByRole('button', { name: `Download ${TITLES[2]}` });
      await downloadButton.focus();
      const barTop = await bar(page).evaluate((el) => el.getBoundingClientRect().top);
      await expect
        .poll(() => downloadButton.evaluate((el) => el.getBoundingClientRect().bottom))
        .toBeLessThanOrEqual(barTop);
      await expect
        .poll(() => downloadButton.evaluate((el) => el.getBoundingClientRect().top))
        .toBeGreaterThanOrEqual(0);
      // Download from the account page, by its title, above the bar.
      const downloading = page.waitForEvent('download');
      await press(downloadButton);
      if (phone) await press(page.getByRole('menuitem', { name: 'Download' }));
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${TITLES[2]}.mp3`);
      expect(readFileSync((await download.path())!).length).toBeGreaterThan(10_000);

      // Pause (the position is saved), reload: the playlist and the position come back.
      await press(bar(page).getByRole('button', { name: 'Pause' }));
      const left = (await media(page))?.currentTime ?? 0;
      const title = (await bar(page).locator('p').first().textContent())?.replace('Now playing: ', '') ?? '';
      expect(TITLES).toContain(title);
      await page.reload();
      await waitForHydration(page);
      await expect(bar(page)).toBeVisible();
      await expect(nowPlaying(page, title)).toBeVisible();
      await press(bar(page).getByRole('button', { name: 'Expand player' }));
      await press(bar(page).getByRole('tab', { name: /Playlist/ }));
      await expect(bar(page).getByText(/^3 tracks · [123] of 3$/)).toBeVisible();
      await press(bar(page).getByRole('button', { name: 'Play', exact: true }));
      await waitPlaying(page);
      expect((await media(page))?.currentTime ?? 0).toBeGreaterThanOrEqual(Math.floor(left) - 1);
      // The safety notice was acknowledged once and is not asked again.
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  });
}

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

test("nobody else can stream the demo customer's audio: only the audio-url function mints links, for owners", async ({
  request,
}) => {
  const owner = await token(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const headers = (bearer: string) => ({ apikey: PUBLIC_KEY, authorization: `Bearer ${bearer}` });
  const owned = await request.get(`${stackUrl}/rest/v1/purchases?select=product_id`, {
    headers: headers(owner),
  });
  const productId = ((await owned.json()) as { product_id: string }[])[0]?.product_id;
  const product = await request.get(`${stackUrl}/rest/v1/products?select=audio_path&id=eq.${productId}`, {
    headers: headers(owner),
  });
  const path = ((await product.json()) as { audio_path: string }[])[0]?.audio_path ?? '';
  expect(path).toMatch(/^full\/[0-9a-f-]{36}\.mp3$/);
  const mint = (bearer: string) =>
    request.post(`${stackUrl}/functions/v1/audio-url`, {
      headers: { ...headers(bearer), 'content-type': 'application/json' },
      data: { productId },
    });
  expect((await mint(owner)).status()).toBe(200);
  // Storage itself signs full audio for no customer, not even the owner.
  const selfSigned = await request.post(`${stackUrl}/storage/v1/object/sign/audio/${path}`, {
    headers: { ...headers(owner), 'content-type': 'application/json' },
    data: { expiresIn: 315360000 },
  });
  expect(selfSigned.status()).toBe(400);

  // Another customer, signed up and confirmed with the emailed token hash.
  const email = `listener-${Date.now().toString(36)}@example.com`;
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password: 'Quiet-Harbour-47' },
  });
  expect(signup.ok()).toBe(true);
  const messages = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
  const text = ((await messages.json()) as { text: string }[])[0]?.text ?? '';
  const tokenHash = /token_hash=([0-9a-f]{64})/.exec(text)?.[1] ?? '';
  const verified = await request.post(`${stackUrl}/auth/v1/verify`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { type: 'email', token_hash: tokenHash },
  });
  expect(verified.status()).toBe(200);
  const other = await token(request, email, 'Quiet-Harbour-47');
  expect((await mint(other)).status()).toBe(404);
  // Nor without signing in.
  expect((await mint(PUBLIC_KEY)).status()).toBe(401);
});

test('a listen continues across link refreshes: the first link dies, playback never stops or jumps', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The suite's stack mints 20-second links (playwright.config.ts); the player asks again 15 s in. My Account
  // mints the first audios' links ahead and again at half-life (docs/audio-links.md "Minted ahead"), so the
  // links that count are those of the object that plays.
  const minted: string[] = [];
  const mintedFor = (src: string) =>
    minted.filter((path) => new URL(path, stackUrl).pathname === new URL(src).pathname);
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/v1/audio-url') && response.status() === 200)
      void response.json().then((body: { path: string }) => minted.push(body.path));
  });
  await prepare(page, { safetyAcknowledged: true });
  await signInToAccount(page, request);
  await page.getByRole('button', { name: `Play ${TITLES[0]}` }).click();
  await waitPlaying(page);
  const start = await media(page);
  const startedAt = Date.now();
  // It plays the newest link minted for it (ahead of the press, or at it).
  expect(new URL(start!.src).search).toBe(new URL(mintedFor(start!.src).at(-1)!, stackUrl).search);
  const mintedAtStart = mintedFor(start!.src).length;
  // Sampled every half second for 30 s: always playing, always moving forward.
  let last = start!.currentTime;
  while (Date.now() - startedAt < 30_000) {
    await page.waitForTimeout(500);
    const now = await media(page);
    expect(now?.paused).toBe(false);
    expect(now!.currentTime).toBeGreaterThan(last);
    last = now!.currentTime;
  }
  const end = await media(page);
  // No restart, no skip: the position moved as the clock did (give or take the sampling).
  expect(Math.abs(end!.currentTime - start!.currentTime - (Date.now() - startedAt) / 1000)).toBeLessThan(2);
  expect(mintedFor(start!.src).length).toBeGreaterThan(mintedAtStart);
  expect(new URL(end!.src).search).toBe(new URL(mintedFor(start!.src).at(-1)!, stackUrl).search);
  expect(end!.src).not.toBe(start!.src);
  // The first link, issued at least 30 s ago with a 20-second life, is refused now.
  const dead = await request.get(start!.src);
  expect(dead.status()).toBe(400);
  await expect(bar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
});

// The site header (signed-in avatar menu) belongs to the header's own scan; this one is about the player.
const axeViolations = (page: Page) => axeProblems(page, { exclude: ['header'] });

for (const palette of ['default', 'high-contrast'] as const) {
  test(`axe finds nothing on the player, collapsed and expanded, at 375 and 1280 px (${palette})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await prepare(page, { safetyAcknowledged: true, palette });
    await signInToAccount(page, request);
    await page.getByRole('button', { name: `Play ${TITLES[0]}` }).click();
    await waitPlaying(page);
    await bar(page).getByRole('button', { name: 'Pause' }).click();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await bar(page)
        .getByRole('button', { name: /Expand player|Collapse player/ })
        .waitFor();
      if ((await bar(page).getByRole('button', { name: 'Collapse player' }).count()) > 0)
        await bar(page).getByRole('button', { name: 'Collapse player' }).click();
      expect(await axeViolations(page), `collapsed at ${width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await bar(page).getByRole('button', { name: 'Expand player' }).click();
      await expect(bar(page).getByRole('tab', { name: /Playlist/ })).toBeVisible();
      expect(await axeViolations(page), `expanded, now playing, at ${width}`).toEqual([]);
      await bar(page)
        .getByRole('tab', { name: /Playlist/ })
        .click();
      await expect(bar(page).getByText('3 tracks · 1 of 3')).toBeVisible();
      expect(await axeViolations(page), `expanded, playlist, at ${width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The page's end stays reachable above the bar: the footer's last link is not covered.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footerBottom = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().bottom);
      const barTop = await bar(page).evaluate((el) => el.getBoundingClientRect().top);
      expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
      await bar(page).getByRole('button', { name: 'Collapse player' }).click();
    }
  });
}
