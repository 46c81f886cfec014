import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeProblems } from './axe';
import {
  allowFailedRequests,
  answerConsent,
  expect,
  open,
  stackUrl,
  submitSignIn,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

// My Account end to end, in Chromium against the production build and the in-memory local stack: the demo
// customer's audio (play, next/previous, download by title with no title in any URL), a new user's export and
// account deletion, and axe on /account at phone and desktop widths in both palettes.

const customer = { email: 'customer@example.com', password: 'password123' };
/** The demo customer's three audios (supabase/local/seed/demo-purchases.ts), newest first. */
const demoTitles = ['Deep Relaxation Foundations', 'Calm Mind, Easy Breathing', 'Sleep Deeply Tonight'];

// Cookies answered (essential only) before any page loads, so the banner covers nothing; motion reduced.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerConsent(page);
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await open(page, '/auth');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

async function confirmationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as { to: string; subject: string; text: string }[];
      const message = messages.find((m) => m.to === email && m.subject === 'Confirm Your Signup');
      // The practice's link: the site's /auth/confirm with the token hash (docs/auth-links.md).
      link = message ? /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(message.text)?.[0] : undefined;
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

test('the demo customer plays their audio, moves next and previous, and downloads one by its title', async ({
  page,
}) => {
  test.slow(); // a journey of many steps
  await signIn(page, customer.email, customer.password);
  await openAccount(page);

  // Each row's title is an h4 under its group's h3 (docs/player.md "My Account as a library").
  const audio = page.getByRole('region', { name: 'Your audio' });
  await expect(audio.getByRole('heading', { level: 4 })).toHaveText(demoTitles);
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders).toContainText('Paid');
  for (const title of demoTitles) await expect(orders).toContainText(title);

  // Play the middle one: the one-time safety notice first, then the player with the three as its queue.
  await page.getByRole('button', { name: `Play ${demoTitles[1]}` }).click();
  await page.getByRole('button', { name: 'I understand, play' }).click();
  const player = page.getByRole('region', { name: 'Audio player' });
  await expect(player).toContainText(demoTitles[1]!);
  // Paused, so Previous (which restarts a track after 3 s of it) goes back a track however slow the machine.
  await player.getByRole('button', { name: 'Pause' }).click();
  await player.getByRole('button', { name: 'Next track' }).click();
  await expect(player).toContainText(demoTitles[2]!);
  await player.getByRole('button', { name: 'Previous track' }).click();
  await expect(player).toContainText(demoTitles[1]!);

  // Download: every request made for it is recorded; none may carry the title.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${demoTitles[0]}` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${demoTitles[0]}.mp3`);
  expect(download.url()).toMatch(/^blob:/);
  const file = readFileSync((await download.path())!);
  expect(file.length).toBeGreaterThan(10_000);
  // An MP3: an ID3 tag or an MPEG frame sync at the start.
  expect(
    file.subarray(0, 3).toString('latin1') === 'ID3' || (file[0] === 0xff && (file[1]! & 0xe0) === 0xe0),
  ).toBe(true);
  const signed = requested.filter((url) => url.includes('/storage/v1/object/sign/'));
  expect(signed.length).toBeGreaterThan(0);
  for (const url of requested) {
    const decoded = decodeURIComponent(url).toLowerCase();
    for (const title of demoTitles) expect(decoded).not.toContain(title.toLowerCase());
    expect(decoded).not.toContain('relaxation');
  }
});

test('a new user signs up, downloads their data, deletes their account and can no longer sign in', async ({
  page,
  request,
  consoleProblems,
}) => {
  test.slow(); // a journey of many steps
  const email = uniqueEmail('delete');
  const password = 'Goodbye123';
  await open(page, '/auth?tab=signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
  ).toBeVisible();
  // Opened in the browser that signed up: confirmed and signed in, no second password step (docs/auth-links.md).
  await page.goto(await confirmationLink(request, email));
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByText('Email confirmed: you are signed in', { exact: true })).toBeVisible();
  await waitForHydration(page);

  await openAccount(page);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'No audio yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the audio library' })).toHaveAttribute(
    'href',
    '/audio-library',
  );
  await expect(page.getByText('You have no orders yet.')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^my-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    account: { email: string; roles: string[] };
    purchases: unknown[];
    orders: unknown[];
    browserSettings: {
      cookiePreferences: { hasConsented: boolean };
      accessibility: { highContrast: boolean };
    };
  };
  expect(data.account).toMatchObject({ email, roles: [] });
  expect(data.purchases).toEqual([]);
  expect(data.orders).toEqual([]);
  expect(data.browserSettings.cookiePreferences.hasConsented).toBe(true);
  expect(data.browserSettings.accessibility.highContrast).toBe(false);
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(page.getByText('Your account has been deleted.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  await open(page, '/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  // The wrong sign-in.
  allowFailedRequests(consoleProblems, [400]);
});

for (const width of [375, 1280] as const) {
  for (const palette of ['default', 'high-contrast'] as const) {
    test(`axe: /account at ${width}px, ${palette}, and its delete dialog`, async ({ page }) => {
      test.slow(); // sign-in and two full scans
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((highContrast) => {
        localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast }));
      }, palette === 'high-contrast');
      await signIn(page, customer.email, customer.password);
      await openAccount(page);
      await expect(page.getByRole('list', { name: 'Your orders' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Your audio' }).getByRole('heading', { level: 4 }),
      ).toHaveCount(3);
      expect(await axeProblems(page)).toEqual([]);
      // Nothing wider than the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Delete my account' })).toBeFocused();
    });
  }
}
