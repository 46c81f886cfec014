import type { Page } from '@playwright/test';
import {
  allowFailedRequests,
  expect as baseExpect,
  prepareListener,
  signInToAccount,
  test,
  waitForHydration,
} from './fixtures';
import { createListener } from './stack-data';

// Sign-out leaves nothing of the account on the device (docs/security.md "Saved audio after sign-out"): a
// customer saves an audio for offline listening and signs out; My Account reloaded (still under the offline
// worker) holds no title in localStorage, no saved copy in Cache Storage, and the worker does not answer
// /offline-audio/<id>. Another account signing in on the same browser finds nothing of the first one either.

const expect = baseExpect.configure({ timeout: 20_000 });
// The newest of the three audios each test's listener owns (createListener in e2e/stack-data.ts).
const TITLE = 'Deep Relaxation Foundations';

test.use({ serviceWorkers: 'allow' });

/** Saves `title` from 'Your audio' and reloads My Account, so the offline worker controls the page. */
async function saveAndReload(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: `Save for offline: ${title}` }).click();
  await expect(page.getByRole('button', { name: `Remove from this device: ${title}` }).first()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  const paths = await savedPaths(page);
  expect(paths).toHaveLength(1);
  return paths[0]!;
}

/** The paths of every entry in the site's Cache Storage that is saved audio. */
function savedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/offline-audio/')) paths.push(path);
      }
    }
    return paths;
  });
}

/** Every key and value in localStorage, as one text. */
function localStorageText(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
}

/** Drops Chromium's log lines of 401 answers (audio links asked for just before the session ended). */
function forgetRefusedMints(consoleProblems: string[]) {
  for (let index = consoleProblems.length - 1; index >= 0; index -= 1)
    if ((consoleProblems[index] ?? '').includes('the server responded with a status of 401'))
      consoleProblems.splice(index, 1);
}

/** What the page gets for `path`: the status and bytes, or 'failed' when the request fails. */
function fetchFromPage(page: Page, path: string): Promise<{ status: number; bytes: number } | 'failed'> {
  return page.evaluate(
    (url) =>
      fetch(url).then(
        async (response) => ({ status: response.status, bytes: (await response.arrayBuffer()).byteLength }),
        () => 'failed' as const,
      ),
    path,
  );
}

test('signing out removes the saved audio, its titles and the playlist; the worker no longer serves it', async ({
  page,
  request,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await prepareListener(page);
  await signInToAccount(page, await createListener(request, 'signout'), TITLE);
  const saved = await saveAndReload(page, TITLE);
  // The copy is there and the worker serves it while signed in.
  const before = await fetchFromPage(page, saved);
  expect(before).toMatchObject({ status: 200 });
  expect(await localStorageText(page)).toContain(TITLE);

  // My Account says what signing out does to this device, then signs out.
  const signOut = page.getByRole('region', { name: 'Sign out' });
  await expect(signOut).toContainText('Audio saved for offline listening is removed from this device');
  await signOut.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /sign in/i })).toBeVisible();

  await page.goto('/account');
  await waitForHydration(page);
  // Links minted ahead (every half-life: 10 s in this suite, playwright.config.ts) may be on their way as the
  // session ends; the server refuses them (401), which is what signing out is for, and Chromium logs it.
  forgetRefusedMints(consoleProblems);
  // Still under the offline worker: what it answers is what is tested.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => localStorageText(page)).not.toContain(TITLE);
  expect(await localStorageText(page)).not.toMatch(/offline-audio|offline-owned-audio|hypnotherapy-player-/);
  expect(await savedPaths(page)).toEqual([]);
  const after = await fetchFromPage(page, saved);
  expect(after).toEqual({ status: 404, bytes: 0 });
  // The worker's refusal, in the console as a failed request.
  allowFailedRequests(consoleProblems, [404]);
});

test('a session the server ended, then another account signing in: nothing of the first is left', async ({
  page,
  request,
  consoleProblems,
}) => {
  test.setTimeout(180_000);
  await prepareListener(page);
  await signInToAccount(page, await createListener(request, 'first'), TITLE);
  const saved = await saveAndReload(page, TITLE);

  // The server no longer knows the session (expired, revoked elsewhere): its access token has run out and
  // the refresh token is refused, so supabase-js drops it on the next load. Nobody pressed Sign Out.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('hypnotherapy-auth') ?? '{}') as Record<string, unknown>;
    localStorage.setItem(
      'hypnotherapy-auth',
      JSON.stringify({ ...session, expires_at: 1, refresh_token: 'revoked-by-the-server' }),
    );
  });
  await page.goto('/account');
  await waitForHydration(page);
  await expect.poll(() => savedPaths(page)).toEqual([]);
  // The refused refresh, in the console as a failed request: the point of this test.
  allowFailedRequests(consoleProblems, [400]);
  await expect.poll(() => localStorageText(page)).not.toContain(TITLE);
  const after = await fetchFromPage(page, saved);
  expect(after).toEqual({ status: 404, bytes: 0 });
  // The worker's refusal, in the console as a failed request.
  allowFailedRequests(consoleProblems, [404]);

  // A second customer signs in on the same browser and finds nothing of the first.
  await signInToAccount(page, await createListener(request, 'second'), TITLE);
  expect(await savedPaths(page)).toEqual([]);
  expect(await localStorageText(page)).not.toMatch(/offline-audio|offline-owned-audio/);
  await expect(page.getByRole('button', { name: `Remove from this device: ${TITLE}` })).toHaveCount(0);
});
