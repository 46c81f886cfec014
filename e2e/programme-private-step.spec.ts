import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { axeProblems } from './axe';
import {
  type AudioWindow,
  expect as baseExpect,
  prepareListener,
  stackUrl,
  test,
  waitForHydration,
} from './fixtures';
import {
  adminToken,
  createCustomer,
  createPlayableProduct,
  restGet,
  tokenFor,
  type Customer,
} from './stack-data';

// Audio uploaded for one client as a step of their copy of a programme (docs/programmes.md "Private audio as a
// step"), in Chromium against the production build and the local stack: a two-step programme that opens one
// step at a time is assigned to a customer of this file's own; the admin edits the client's copy in the client
// record and uploads an MP3 as step 2, by keyboard, with axe and the width checked at 375 and 1280 px; the
// client sees step 2 locked (no Play, and audio-url refuses its link); once step 1 was listened to, step 2
// plays from the private bucket.
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const TITLE = `Two evenings ${Date.now()}`;
const UPLOADED = `Your own words ${Date.now()}`;

let customer: Customer;
let firstStep: { id: string; title: string };

async function rpc<T>(request: APIRequestContext, token: string, name: string, data: unknown): Promise<T> {
  const response = await request.post(`${stackUrl}/rest/v1/rpc/${name}`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data,
  });
  expect(response.ok(), `${name}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  customer = await createCustomer(request, 'private-step');
  const admin = await adminToken(request);
  const products = await restGet<{ id: string; title: string }[]>(
    request,
    'products?select=id,title&published=is.true&audio_path=not.is.null&order=sort_order&limit=2',
  );
  // Step 1 is an audio as long as its stated 8 s, so listening to it is believed at once (docs/security.md
  // "Programme progress").
  firstStep = await createPlayableProduct(request, 'private-step-one', 8);
  const template = await rpc<string>(request, admin, 'admin_save_programme', {
    p_id: null,
    p_title: TITLE,
    p_introduction: '',
    p_sequential_unlock: true,
    p_steps: [firstStep, products[1]!].map((product, i) => ({
      product_id: product.id,
      day_number: i + 1,
      note: '',
    })),
  });
  await rpc(request, admin, 'admin_assign_to_client', {
    p_email: customer.email,
    p_programme_id: template,
    p_product_id: null,
    p_note: '',
    p_access: 'granted',
  });
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepareListener(page);
});

async function signIn(page: Page, path: string, email: string, password: string, button: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

async function checkLayouts(page: Page, visible: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await visible();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test("the admin uploads audio as step 2 of a client's copy; the client plays it once step 1 was listened to", async ({
  page,
  request,
}) => {
  await signIn(page, '/admin/login', 'admin@example.com', 'password123', 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = page.getByRole('tabpanel', { name: 'Customers' });
  await customers.getByLabel('Search by email').fill(customer.email);
  await customers.getByLabel('Search by email').press('Enter');
  await customers.getByRole('button', { name: `View the client record of ${customer.email}` }).click();
  await customers.getByRole('button', { name: `Edit ${TITLE} for this client` }).click();
  const editor = customers.getByRole('form', { name: `Edit for this client: ${TITLE}` });

  // By keyboard: step 2's audio → 'Upload audio for this client', then the file, its title and Upload.
  const audio = editor.getByLabel('Step 2: audio');
  await audio.focus();
  await audio.selectOption({ label: 'Upload audio for this client' });
  const upload = editor.getByRole('group', { name: 'Upload audio for step 2' });
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Step 2: day')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(upload.getByLabel('Step 2: audio file')).toBeFocused();
  await upload.getByLabel('Step 2: audio file').setInputFiles({
    name: 'words.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(toneMp3(40)),
  });
  await expect(upload.getByLabel('Step 2: title the client sees')).toHaveValue('words');
  await page.keyboard.press('Tab');
  await expect(upload.getByLabel('Step 2: title the client sees')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(UPLOADED);
  await page.keyboard.press('Tab');
  await expect(upload.getByRole('button', { name: 'Upload for step 2' })).toBeFocused();
  await checkLayouts(page, () => expect(upload).toBeVisible());
  await upload.getByRole('button', { name: 'Upload for step 2' }).press('Enter');
  await expect(upload).toHaveCount(0);
  await expect(audio.locator('option:checked')).toHaveText(UPLOADED);
  await checkLayouts(page, () => expect(editor).toBeVisible());
  await editor.getByRole('button', { name: 'Save for this client' }).press('Enter');
  await expect(customers.getByText(`Saved "${TITLE}" for this client.`)).toBeVisible();
  await expect(customers.getByRole('table', { name: `Steps of ${TITLE}` })).toContainText(UPLOADED);

  // The client: step 2 is locked, and audio-url refuses its link.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signIn(page, '/auth?redirectTo=%2Faccount', customer.email, customer.password, 'Sign In');
  await expect(page).toHaveURL(/\/account$/);
  const programme = page
    .getByRole('region', { name: 'From your practitioner' })
    .getByRole('article', { name: TITLE });
  const list = programme.getByRole('list', { name: `Steps of ${TITLE}` });
  await expect(list.getByRole('listitem').nth(1)).toContainText(UPLOADED);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Opens on day 2');
  await expect(list.getByRole('button', { name: `Play ${UPLOADED}` })).toHaveCount(0);
  const token = await tokenFor(request, customer.email, customer.password);
  const [row] = await restGet<{ id: string }[]>(request, 'private_audio?select=id', token);
  const link = () =>
    request.post(`${stackUrl}/functions/v1/audio-url`, {
      headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: { audioId: row!.id },
    });
  expect((await link()).status()).toBe(404);

  // Step 1 listened to the end: its link, then what the player saves (a position, then 0 when it finishes).
  const firstLink = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { audioId: firstStep.id },
  });
  expect(firstLink.status()).toBe(200);
  for (const seconds of [5, 0]) {
    const saved = await request.post(
      `${stackUrl}/rest/v1/listening_positions?on_conflict=user_id,product_id`,
      {
        headers: {
          apikey: PUBLIC_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'resolution=merge-duplicates',
        },
        data: {
          product_id: firstStep.id,
          position_seconds: seconds,
          rate: 1,
          device_id: crypto.randomUUID(),
          device_kind: 'computer',
          played_at: new Date().toISOString(),
        },
      },
    );
    expect(saved.ok(), `listening_positions: ${saved.status()}`).toBe(true);
  }
  expect((await link()).status()).toBe(200);

  await page.reload();
  await waitForHydration(page);
  await expect(list.getByRole('listitem').nth(1)).toContainText("Today's step");
  const play = list.getByRole('button', { name: `Play ${UPLOADED}` });
  await play.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => (window as AudioWindow).__playerAudio?.paused === false))
    .toBe(true);
  expect(await page.evaluate(() => (window as AudioWindow).__playerAudio?.currentSrc ?? '')).toContain(
    '/storage/v1/object/sign/private-audio/',
  );
});
