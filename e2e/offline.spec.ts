import type { Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { axeProblems } from './axe';
import {
  type AudioWindow,
  expect as baseExpect,
  prepareListener,
  signInToAccount,
  stackUrl,
  test,
  waitForHydration,
} from './fixtures';
import { adminToken, createCustomer, createListener, createPaidOrder } from './stack-data';

// Offline listening (docs/offline-listening.md) in Chromium against the production build (its service worker)
// and the local stack: save a track in My Account, cut the network, reload (a cold start of the app from the
// worker's precache), play and seek from the stored copy; a refund while offline removes the saved copy once
// the page is online again; axe and the keyboard on the offline controls at 375 and 1280 px.

const expect = baseExpect.configure({ timeout: 20_000 });
// The newest of the three audios each test's own listener owns (createListener in e2e/stack-data.ts).
const TITLE = 'Deep Relaxation Foundations';
/** An audio a test buys and has refunded; the seeded catalogue's, published. */
const REFUNDED_SLUG = 'sleep-deeply-tonight';
const REFUNDED_TITLE = 'Sleep Deeply Tonight';

test.use({ serviceWorkers: 'allow' });

const deviceSection = (page: Page) => page.getByRole('region', { name: 'On this device' });

/**
 * Saves `title` from 'Your audio', then opens My Account again: signing in reached it by a client-side
 * navigation from /auth, and a worker only controls pages loaded in its scope (/account).
 */
async function save(page: Page, title: string) {
  await page.getByRole('button', { name: `Save for offline: ${title}` }).click();
  await expect(page.getByRole('button', { name: `Remove from this device: ${title}` }).first()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

function media(page: Page) {
  return page.evaluate(() => {
    const audio = (window as AudioWindow).__playerAudio;
    return audio ? { paused: audio.paused, currentTime: audio.currentTime, src: audio.currentSrc } : null;
  });
}

async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('offline-audio-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The offline page's failed requests to the stack (purchases, positions) are the point here, not problems. */
function allowOfflineFailures(consoleProblems: string[]) {
  for (let index = consoleProblems.length - 1; index >= 0; index -= 1)
    if (/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(consoleProblems[index] ?? ''))
      consoleProblems.splice(index, 1);
}

test('a saved track plays and seeks with the network off, after a cold start of the app', async ({
  page,
  context,
  request,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await prepareListener(page);
  await signInToAccount(page, await createListener(request, 'offline'), TITLE);
  // The first save, on the page signing in reached (loaded at /auth, so no worker can control it): no reload.
  await page.getByRole('button', { name: `Save for offline: ${TITLE}` }).click();
  await expect(page.getByRole('button', { name: `Remove from this device: ${TITLE}` }).first()).toBeVisible();
  expect((await storedKeys(page)).length).toBe(1);
  // Stored under the product's stable key, not under the signed link it was fetched with.
  expect((await storedKeys(page))[0]).toMatch(/^\/offline-audio\/[0-9a-f-]{36}$/);

  // The network goes at once: the saved copy plays from the device on this same page.
  await context.setOffline(true);
  await deviceSection(page)
    .getByRole('button', { name: `Play ${TITLE} from this device` })
    .click();
  await expect
    .poll(
      async () => {
        const state = await media(page);
        return state !== null && !state.paused && state.currentTime > 0.5;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect((await media(page))?.src).toMatch(/^blob:/);
  await page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause' }).click();

  // A cold start of the app, still offline, with no online reload since the first save.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible({ timeout: 40_000 });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // 'Your audio' lists what the customer owns, marked offline: the saved one plays, the others need a connection.
  const yourAudio = page.getByRole('list', { name: 'Your audio' });
  await expect(
    page.getByText(/You are offline\. This is your audio as this device last saw it/),
  ).toBeVisible();
  await expect(yourAudio.getByRole('button', { name: `Play ${TITLE}`, exact: true })).toBeVisible();
  await expect(yourAudio.getByRole('listitem').filter({ hasText: 'Sleep Deeply Tonight' })).toContainText(
    'Needs a connection',
  );
  // Really offline: the stack cannot be reached from the page.
  expect(
    await page.evaluate(
      (url) =>
        fetch(`${url}/rest/v1/`).then(
          () => 'reached',
          () => 'offline',
        ),
      stackUrl,
    ),
  ).toBe('offline');

  await deviceSection(page)
    .getByRole('button', { name: `Play ${TITLE} from this device` })
    .click();
  await expect
    .poll(
      async () => {
        const state = await media(page);
        return state !== null && !state.paused && state.currentTime > 0.5;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect((await media(page))?.src).toMatch(/\/offline-audio\//);

  // Seek forward 30 s with the player's keys: the range is answered from the stored copy, and it plays on.
  const before = (await media(page))?.currentTime ?? 0;
  await page.locator('body').focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect
    .poll(
      async () => {
        const state = await media(page);
        return state !== null && !state.paused && state.currentTime >= before + 25;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const afterSeek = (await media(page))?.currentTime ?? 0;
  await expect.poll(async () => (await media(page))?.currentTime ?? 0).toBeGreaterThan(afterSeek + 0.5);

  await context.setOffline(false);
  allowOfflineFailures(consoleProblems);
});

test('offline cold start: My Account shows what is saved here at once, the account check goes on behind it', async ({
  page,
  context,
  request,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await prepareListener(page);
  await signInToAccount(page, await createListener(request, 'offline-at-once'), TITLE);
  await save(page, TITLE);
  await context.setOffline(true);
  // Watch for the account check's wait from the very first paint of the reloaded page.
  await page.addInitScript(() => {
    const w = window as Window & { __sawChecking?: boolean };
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Checking your account')) w.__sawChecking = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  const play = deviceSection(page).getByRole('button', { name: `Play ${TITLE} from this device` });
  await expect(play).toBeVisible();
  expect(
    await page.evaluate(() => (window as Window & { __sawChecking?: boolean }).__sawChecking ?? false),
  ).toBe(false);
  // It plays from the device at once, and keeps playing when the account check finishes behind it.
  await play.click();
  await expect
    .poll(async () => {
      const state = await media(page);
      return state !== null && !state.paused && state.currentTime > 0.5;
    })
    .toBe(true);
  await page.waitForTimeout(6000);
  const later = await media(page);
  expect(later?.paused).toBe(false);
  expect(later!.currentTime).toBeGreaterThan(5);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await context.setOffline(false);
  allowOfflineFailures(consoleProblems);
});

test('after a refund, the saved copy is removed once the app is online again', async ({
  page,
  context,
  request,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  // A customer of the test's own buys one audio (through the Stripe stand-in), which the admin then refunds.
  const buyer = await createCustomer(request, 'offline-refund');
  const orderId = await createPaidOrder(request, buyer, REFUNDED_SLUG);

  await prepareListener(page);
  await signInToAccount(page, buyer, REFUNDED_TITLE);
  await save(page, REFUNDED_TITLE);
  await expect(deviceSection(page).getByRole('heading', { name: REFUNDED_TITLE })).toBeVisible();

  // Offline at the moment of the refund: nothing can change on the device yet.
  await context.setOffline(true);
  const refund = await request.post(`${stackUrl}/functions/v1/refund-order`, {
    headers: {
      apikey: PUBLIC_KEY,
      authorization: `Bearer ${await adminToken(request)}`,
      'content-type': 'application/json',
    },
    data: { orderId },
  });
  expect(refund.ok()).toBe(true);
  expect((await storedKeys(page)).length).toBe(1);

  // Back online: the copy and its entry go.
  await context.setOffline(false);
  await expect(page.getByText('Audio you no longer own was removed from this device.')).toBeVisible();
  await expect(deviceSection(page).getByRole('heading', { name: REFUNDED_TITLE })).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([]);
  allowOfflineFailures(consoleProblems);
});

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 667 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test(`offline controls: axe finds nothing and the keyboard saves and removes (${name}, ${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await prepareListener(page);
    await signInToAccount(page, await createListener(request, 'offline-keys'), TITLE);

    const phone = name === 'phone';
    const yourAudio = page.getByRole('region', { name: 'Your audio' });
    // On a phone the row's "More actions" menu holds it (docs/player.md): Enter opens the menu, the arrows reach
    // the item, Enter chooses it and focus goes back to the menu's button.
    const more = yourAudio.getByRole('button', { name: `More actions for ${TITLE}` });
    const chooseFromMenu = async (item: string) => {
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: `More actions for ${TITLE}` });
      await expect(menu).toBeVisible();
      // It opens on its first item; the third comes after Add to playlist and Download.
      await expect(menu.getByRole('menuitem', { name: 'Add to playlist' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: item })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();
    };
    // From Download, Tab reaches 'Save for offline'; Enter saves, and the same button then removes.
    const saveButton = page.getByRole('button', { name: `Save for offline: ${TITLE}` });
    const removeButton = yourAudio.getByRole('button', { name: `Remove from this device: ${TITLE}` });
    if (phone) {
      await chooseFromMenu('Save for offline');
      await expect(deviceSection(page).getByRole('heading', { name: TITLE })).toBeVisible();
    } else {
      await page.getByRole('button', { name: `Download ${TITLE}` }).focus();
      await page.keyboard.press('Tab');
      await expect(saveButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(removeButton).toBeVisible();
      await expect(removeButton).toBeFocused();
    }

    // The section lists it with Play and Remove, the storage figures and the request to keep the files.
    const section = deviceSection(page);
    await expect(section.getByText(/^Using .* of about .* available to this site\./)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Keep saved audio on this device' })).toBeVisible();
    await section.getByRole('button', { name: `Play ${TITLE} from this device` }).focus();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('button', { name: `Remove from this device: ${TITLE}` })).toBeFocused();

    await page.waitForLoadState('networkidle');
    // The 'saved' toast first closes: its green on pale green is the shared toaster's (4.25:1), not these controls'.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
    expect(await axeProblems(page, { exclude: ['header'] })).toEqual([]);

    if (phone) await chooseFromMenu('Remove from this device');
    else {
      await removeButton.focus();
      await page.keyboard.press('Enter');
      await expect(saveButton).toBeFocused();
    }
    await expect(
      section.getByText('Nothing is saved on this device yet. Use Save for offline next to an audio.'),
    ).toBeVisible();
    expect(await storedKeys(page)).toEqual([]);
  });
}

test("the player's now-playing view saves the current track and removes it again", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await prepareListener(page);
  await signInToAccount(page, await createListener(request, 'offline-bar'), TITLE);
  await page.getByRole('button', { name: `Play ${TITLE}`, exact: true }).click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await bar.getByRole('button', { name: 'Expand player' }).click();
  await bar.getByRole('tab', { name: 'Now playing' }).click();
  await bar.getByRole('button', { name: `Save for offline: ${TITLE}` }).click();
  await expect(bar.getByRole('button', { name: `Remove from this device: ${TITLE}` })).toBeVisible();
  await expect(deviceSection(page).getByRole('heading', { name: TITLE })).toBeVisible();
  expect((await storedKeys(page)).length).toBe(1);
  await bar.getByRole('button', { name: `Remove from this device: ${TITLE}` }).click();
  await expect(bar.getByRole('button', { name: `Save for offline: ${TITLE}` })).toBeVisible();
  await expect(deviceSection(page).getByRole('heading', { name: TITLE })).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([]);
});

// A demo-orders customer who bought a package (supabase/local/seed/demo-orders.ts, which records its order
// items as fulfilment does, so My Account knows the package); no other journey refunds it.
const PACKAGE_CUSTOMER = { email: 'sam.patel@example.com', password: 'password123' };

for (const { name, viewport } of VIEWPORTS) {
  test(`a package saves and removes as a whole; offline, 'Your audio' is marked and axe-clean (${name}, ${viewport.width} px)`, async ({
    page,
    context,
    consoleProblems,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await prepareListener(page);
    await page.goto('/auth?redirectTo=%2Faccount');
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(PACKAGE_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(PACKAGE_CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The package's group in 'Your audio' (its heading names it): how many audios, and the button for them all.
    const packages = page
      .getByRole('region', { name: 'Your audio' })
      .getByRole('group', { name: /^Package: / });
    const save = packages.getByRole('button', { name: /^Save package for offline: / });
    await expect(save).toBeVisible({ timeout: 40_000 });
    const packageTitle = (await save.getAttribute('aria-label'))!.replace('Save package for offline: ', '');
    const count = Number(/(\d+) audios/.exec((await packages.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(1);

    // The keyboard saves the package; the same place then offers to remove it, and keeps focus.
    await save.focus();
    await page.keyboard.press('Enter');
    const remove = packages.getByRole('button', { name: `Remove package from this device: ${packageTitle}` });
    await expect(remove).toBeVisible({ timeout: 60_000 });
    await expect(remove).toBeFocused();
    expect(await storedKeys(page)).toHaveLength(count);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
    expect(await axeProblems(page, { exclude: ['header'] })).toEqual([]);

    // Offline, a cold start: 'Your audio' lists the package's audios, marked offline, each playable from here.
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText(/You are offline\. This is your audio as this device last saw it/),
    ).toBeVisible({
      timeout: 40_000,
    });
    const offlineList = page.getByRole('list', { name: 'Your audio' });
    await expect(offlineList.getByRole('button', { name: /^Play / })).toHaveCount(count);
    expect(await axeProblems(page, { exclude: ['header'] })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await context.setOffline(false);
    await page.reload();
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(save).toBeFocused();
    await expect.poll(() => storedKeys(page)).toEqual([]);
    allowOfflineFailures(consoleProblems);
  });
}
