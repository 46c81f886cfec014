import type { APIRequestContext, Page } from '@playwright/test';
import { ANON_KEY } from '../supabase/local/keys';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { axeProblems } from './axe';
import {
  expect as baseExpect,
  DEMO_CUSTOMER,
  openDevice,
  signInToAccount,
  stackUrl,
  submitSignIn,
  test,
  uniqueEmail,
  waitForHydration,
  type AudioWindow,
} from './fixtures';

// Audio uploaded privately for one client, end to end (docs/programmes.md "Private audio for one client"): the
// admin uploads an MP3 for the demo customer from the assign form (by keyboard, axe and width at 375 and
// 1280 px); the customer sees it in 'From your practitioner', plays it by keyboard (a link to the private
// bucket, its position saved under the private audio's id) and downloads it; another customer reads nothing
// of it and audio-url refuses them its link.
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 20_000 });
const TITLE = `Your own evening ${Date.now()}`;
// New accounts need a password that is not on the leaked-password list (the demo's is).
const NEW_PASSWORD = 'Quiet-Harbour-47';

async function checkLayouts(page: Page, visible: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await visible();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A confirmed customer of their own: signed up, and the confirmation's token verified. */
async function anotherCustomer(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('private-audio-other');
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password: NEW_PASSWORD },
  });
  expect(signup.ok()).toBe(true);
  let tokenHash = '';
  await expect
    .poll(async () => {
      const inbox = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
      const messages = (await inbox.json()) as { text: string }[];
      tokenHash = /token_hash=([^&\s]+)/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return tokenHash;
    })
    .not.toBe('');
  const verified = await request.post(`${stackUrl}/auth/v1/verify`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { type: 'signup', token_hash: tokenHash },
  });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { access_token: string }).access_token;
}

test('an admin uploads audio for one client; the client plays and downloads it; another customer cannot get it', async ({
  page,
  request,
  browser,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/admin/login');
  await waitForHydration(page);
  await submitSignIn(page, 'admin@example.com', 'password123', 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const essentialOnly = page.getByRole('button', { name: 'Essential Only' });
  if (await essentialOnly.isVisible()) await essentialOnly.click();
  await page.getByRole('tab', { name: 'Programmes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Programmes' });

  // By keyboard: the email, then 'What to assign', then the file, its title and the note, in that order.
  await panel.getByLabel("Client's email address").fill(DEMO_CUSTOMER.email);
  await panel.getByLabel("Client's email address").focus();
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('What to assign')).toBeFocused();
  await panel.getByLabel('What to assign').selectOption({ label: 'Upload audio for this client' });
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Audio file')).toBeFocused();
  await panel.getByLabel('Audio file').setInputFiles({
    name: 'evening.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(toneMp3(40)),
  });
  await expect(panel.getByLabel('Title the client sees')).toHaveValue('evening');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Title the client sees')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(TITLE);
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Note to the client')).toBeFocused();
  await page.keyboard.type('Each evening this week.');
  await expect(panel.getByLabel('Offered for purchase')).toHaveCount(0);
  await checkLayouts(page, () => expect(panel.getByLabel('Audio file')).toBeVisible());
  await panel.getByRole('button', { name: 'Upload and assign' }).press('Enter');
  await expect(
    panel.getByText(`Assigned to ${DEMO_CUSTOMER.email}. They have been emailed a link.`),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Activity log' }).getByText(`${TITLE} to ${DEMO_CUSTOMER.email}`),
  ).toBeVisible();

  // The client, on a device of their own.
  const device = await openDevice(browser, {
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const client = device.page;
  await signInToAccount(client, TITLE);
  const article = client
    .getByRole('region', { name: 'From your practitioner' })
    .getByRole('article', { name: TITLE });
  await expect(article.getByText('Each evening this week.')).toBeVisible();
  await checkLayouts(client, () => expect(article).toBeVisible());

  const play = article.getByRole('button', { name: `Play ${TITLE}` });
  await play.focus();
  await client.keyboard.press('Tab');
  await expect(article.getByRole('button', { name: `Download ${TITLE}` })).toBeFocused();
  const saved = client.waitForResponse((response) => {
    if (!response.url().includes('/rest/v1/listening_positions') || response.request().method() !== 'POST')
      return false;
    const rows = response.request().postDataJSON() as { position_seconds: number }[];
    return rows.some((row) => row.position_seconds === 20);
  });
  await play.press('Enter');
  await expect
    .poll(() => client.evaluate(() => (window as AudioWindow).__playerAudio?.paused === false))
    .toBe(true);
  expect(await client.evaluate(() => (window as AudioWindow).__playerAudio?.currentSrc ?? '')).toContain(
    '/storage/v1/object/sign/private-audio/',
  );
  await client.evaluate(() => {
    (window as AudioWindow).__playerAudio!.currentTime = 20;
  });
  await client.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
  expect((await saved).status()).toBeLessThan(300);

  const download = client.waitForEvent('download');
  await article.getByRole('button', { name: `Download ${TITLE}` }).click();
  expect((await download).suggestedFilename()).toBe(`${TITLE}.mp3`);

  // The customer reads their private audio (its id is the player's track id); another customer nothing.
  const ownerToken = await tokenFor(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const mine = await request.get(
    `${stackUrl}/rest/v1/private_audio?select=id&title=eq.${encodeURIComponent(TITLE)}`,
    { headers: { apikey: ANON_KEY, authorization: `Bearer ${ownerToken}` } },
  );
  const [audio] = (await mine.json()) as { id: string }[];
  expect(audio?.id).toBeTruthy();
  const otherToken = await anotherCustomer(request);
  const theirs = await request.get(`${stackUrl}/rest/v1/private_audio?select=id`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${otherToken}` },
  });
  expect(await theirs.json()).toEqual([]);
  const refused = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
    data: { audioId: audio!.id },
  });
  expect(refused.status()).toBe(404);
  const anonymous = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { audioId: audio!.id },
  });
  expect(anonymous.status()).toBe(401);

  expect(device.problems).toEqual([]);
  await device.context.close();
});
