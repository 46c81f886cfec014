import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { axeProblems } from './axe';
import { expectKeyboardWalk } from './keyboard-walk';
import {
  type AudioWindow,
  expect as baseExpect,
  openDevice,
  prepareListener,
  submitSignIn,
  test,
  uniqueEmail,
  waitForHydration,
  stackUrl,
} from './fixtures';
import { createCustomer, createPlayableProduct, type CreatedProduct, type Customer } from './stack-data';
import { signUpAndClaim } from './sign-up';

// The practitioner's programmes end to end (docs/programmes.md), in Chromium against the production build and
// the in-memory local stack: the admin builds a three-step programme that opens one step at a time, assigns it
// to a customer and to a new email address (both emailed: the local inbox); the customer listens to
// step 1 to the end, step 2 opens (a locked step's audio is not in 'Your audio'); the admin sees step 1 listened,
// with minutes, in the client record reached from the Appointments list and from the Customers tab, edits the
// client's copy (not the template) and removes it; the new person signs up from the invitation and sees the
// programme. Axe, the width and the keyboard at 375 and 1280 px, after a page load and after in-app navigation.
// Then audio uploaded privately for one client (docs/programmes.md "Private audio for one client"): the admin
// uploads an MP3 for the demo customer from the assign form by keyboard; the customer plays it by keyboard (a
// link to the private bucket, its position saved under the private audio's id) and downloads it; another
// customer reads nothing of it and audio-url refuses them its link; the practitioner sees it listened to in the
// client record and removes it, file and all.
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 20_000 });

interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

// A customer of this file's own (e2e/stack-data.ts): what it is assigned, listens to and books is its own.
let customer: Customer & { name: string };
// Step 1: an audio whose file is as long as its stated 12 s, so listening to it to the end is a listen the
// server can believe at once (docs/security.md "Programme progress"; the seeded files are 90 s tones while
// the catalogue states their real lengths).
let stepOne: CreatedProduct;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  customer = { ...(await createCustomer(request, 'programme-client')), name: 'Robin Ashdown' };
  stepOne = await createPlayableProduct(request, 'programme-step-one', 12);
  await request.dispose();
});
const invited = `programme-${Date.now()}@example.com`;
const TITLE = `Sleep well ${Date.now()}`;
const steps: string[] = [];
const UPLOADED = `Your own evening ${Date.now()}`;
// New accounts need a password that is not on the leaked-password list (the demo's is).
const NEW_PASSWORD = 'Quiet-Harbour-47';

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

async function latestEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as InboxMessage[];
      found = messages.find((message) => message.to === to && subject.test(message.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A confirmed customer of their own: signed up, and the confirmation's token verified. */
async function anotherCustomer(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('private-audio-other');
  return signUpAndClaim(request, email, NEW_PASSWORD);
}

async function checkLayouts(page: Page, visible: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await visible();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

const practitioner = (page: Page) => page.getByRole('region', { name: 'From your practitioner' });

test('the admin builds a three-step programme and assigns it to a customer and to a new email', async ({
  page,
  request,
}) => {
  await signIn(page, '/admin/login', 'admin@example.com', 'password123', 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Programmes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Programmes' });
  await panel.getByRole('button', { name: 'New programme' }).click();

  await panel.getByLabel('Title', { exact: true }).fill(TITLE);
  await panel.getByLabel('Introduction').fill('Three evenings to settle into sleep.');
  await expect(panel.getByLabel('Open one step at a time')).toBeChecked();
  for (let n = 1; n <= 3; n += 1) {
    if (n > 1) await panel.getByRole('button', { name: 'Add a step' }).click();
    const audio = panel.getByLabel(`Step ${n}: audio`);
    if (n === 1) await audio.selectOption(stepOne.id);
    else await audio.selectOption({ index: n + 3 });
    steps.push(((await audio.locator('option:checked').textContent()) ?? '').replace(/ \(.*\)$/, ''));
    await expect(panel.getByLabel(`Step ${n}: day`)).toHaveValue(String(n));
    await panel.getByLabel(`Step ${n}: note`).fill(`Night ${n}: listen before bed`);
  }
  await checkLayouts(page, () => expect(panel.getByRole('heading', { name: 'New programme' })).toBeVisible());
  await panel.getByRole('button', { name: 'Save as template' }).click();
  await expect(panel.getByText(`Saved "${TITLE}".`)).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('3');

  // Assign to the customer (included), by keyboard: fields reached with Tab, submitted with Enter.
  const email = panel.getByLabel("Client's email address");
  await email.focus();
  await page.keyboard.type(customer.email);
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('What to assign')).toBeFocused();
  await panel.getByLabel('What to assign').selectOption({ label: TITLE });
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Note to the client')).toBeFocused();
  await page.keyboard.type('Start tonight.');
  await panel.getByRole('button', { name: 'Assign' }).press('Enter');
  await expect(
    panel.getByText(`Assigned to ${customer.email}. They have been emailed a link.`),
  ).toBeVisible();
  const toCustomer = await latestEmail(request, customer.email, /shared a programme of recordings/);
  expect(toCustomer.text).toContain('/account#from-your-practitioner');
  expect(toCustomer.text).not.toContain(TITLE);

  await email.fill(invited);
  await panel.getByLabel('What to assign').selectOption({ label: TITLE });
  await panel.getByRole('button', { name: 'Assign' }).click();
  await expect(panel.getByText(`Assigned to ${invited}. They have been invited`)).toBeVisible();
  await checkLayouts(page, () =>
    expect(panel.getByRole('heading', { name: 'Assign to a client' })).toBeVisible(),
  );

  // Duplicate makes a second template; the activity log has the assignments.
  await row.getByRole('button', { name: `Duplicate ${TITLE}` }).click();
  await expect(panel.getByRole('row').filter({ hasText: `${TITLE} (copy)` })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  // Ids and actions only (docs/security.md "Activity log and erasure"): never the client's address.
  const log = page.getByRole('tabpanel', { name: 'Activity log' });
  await expect(log.getByText('Programme assigned').first()).toBeVisible();
  await expect(log.getByText(invited)).toHaveCount(0);
});

test('the customer listens to step 1, step 2 opens, and the admin sees it listened with minutes', async ({
  page,
}) => {
  // An appointment, so the client record is one click from the Appointments list.
  const query = new URLSearchParams({ name: customer.name, email: customer.email });
  await page.goto(`${stackUrl}/_local/scheduler/practice/50min?${query.toString()}`);
  await page.getByRole('radio').nth(2).check();
  await page.getByRole('button', { name: 'Schedule event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are scheduled' })).toBeVisible();

  await signIn(page, '/auth?redirectTo=%2Faccount', customer.email, customer.password, 'Sign In');
  await expect(page).toHaveURL(/\/account$/);
  const section = practitioner(page);
  const programme = section.getByRole('article', { name: TITLE });
  await expect(programme).toBeVisible();
  await expect(programme.getByText('Start tonight.')).toBeVisible();
  await expect(programme.getByText('0 of 3 steps listened', { exact: false })).toBeVisible();
  const list = programme.getByRole('list', { name: `Steps of ${TITLE}` });
  await expect(list.getByRole('listitem').nth(0)).toContainText("Today's step");
  await expect(list.getByRole('listitem').nth(1)).toContainText('Opens on day 2');
  await expect(list.getByRole('button', { name: `Play ${steps[1]!}` })).toHaveCount(0);
  // A locked step's audio, given only by the programme, is not in 'Your audio' either (docs/programmes.md).
  const yourAudio = page.getByRole('region', { name: 'Your audio' });
  await expect(yourAudio.getByRole('heading', { name: steps[0]!, exact: true })).toBeVisible();
  await expect(yourAudio.getByRole('heading', { name: steps[1]!, exact: true })).toHaveCount(0);
  await expect(yourAudio.getByRole('heading', { name: steps[2]!, exact: true })).toHaveCount(0);
  await checkLayouts(page, () => expect(programme).toBeVisible());

  // Keyboard: Tab reaches 'Play the programme' and the open step's Play; Enter plays step 1.
  const playStep = list.getByRole('button', { name: `Play ${steps[0]!}` });
  await programme.getByRole('button', { name: `Play the programme, ${TITLE}, in order` }).focus();
  await page.keyboard.press('Tab');
  await expect(playStep).toBeFocused();
  const savedAt = (seconds: number) =>
    page.waitForResponse((response) => {
      if (!response.url().includes('/rest/v1/listening_positions') || response.request().method() !== 'POST')
        return false;
      const rows = response.request().postDataJSON() as { position_seconds: number }[];
      return rows.some((row) => row.position_seconds === seconds);
    });
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => (window as AudioWindow).__playerAudio?.paused === false))
    .toBe(true);
  // Five seconds in, paused (saved), then on to the end (saved as finished: 0).
  const five = savedAt(5);
  await page.evaluate(() => {
    (window as AudioWindow).__playerAudio!.currentTime = 5;
  });
  await page.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
  expect((await five).status()).toBeLessThan(300);
  const finished = savedAt(0);
  await page.evaluate(async () => {
    const audio = (window as AudioWindow).__playerAudio!;
    // A refreshed link (20-second links in the suite) reloads the source: its length is unknown until it loads.
    while (!Number.isFinite(audio.duration))
      await new Promise((resolve) => audio.addEventListener('durationchange', resolve, { once: true }));
    audio.currentTime = audio.duration - 0.5;
  });
  await page.getByRole('region', { name: 'Audio player' }).getByTestId('player-play').click();
  expect((await finished).status()).toBeLessThan(300);

  await page.reload();
  await waitForHydration(page);
  await expect(programme.getByText('1 of 3 steps listened', { exact: false })).toBeVisible();
  await expect(list.getByRole('listitem').nth(0)).toContainText('Listened');
  await expect(list.getByRole('listitem').nth(1)).toContainText("Today's step");
  await expect(list.getByRole('button', { name: `Play ${steps[1]!}` })).toBeVisible();
  await expect(list.getByRole('listitem').nth(2)).toContainText('Opens on day 3');
  await expect(yourAudio.getByRole('heading', { name: steps[1]!, exact: true })).toBeVisible();
  await expect(yourAudio.getByRole('heading', { name: steps[2]!, exact: true })).toHaveCount(0);

  // The admin's client record, from the Appointments list.
  await page.locator('#sign-out').getByRole('button').click();
  await expect(page).not.toHaveURL(/\/account$/);
  await signIn(page, '/admin/login', 'admin@example.com', 'password123', 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
  await appointments
    .getByRole('row')
    .filter({ hasText: customer.email })
    .first()
    .getByRole('button', { name: `View the client record of ${customer.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Client record: ${customer.name}` })).toBeVisible();
  const table = appointments.getByRole('table', { name: `Steps of ${TITLE}` });
  const first = table.getByRole('row').filter({ hasText: steps[0]! });
  await expect(first.getByRole('cell').nth(3)).toHaveText(/Yes/);
  await expect(first.getByRole('cell').nth(4)).toHaveText(/[1-9]/);
  await expect(table.getByRole('row').filter({ hasText: steps[1]! }).getByRole('cell').nth(3)).toHaveText(
    /No/,
  );

  // The private note.
  await appointments.getByLabel('Private note (only admins can read it)').fill('Sleeps better after step 1.');
  await appointments.getByRole('button', { name: 'Save note' }).click();
  await expect(appointments.getByText('Note saved.')).toBeVisible();
  await checkLayouts(page, () => expect(table).toBeVisible());

  // The same record from the Customers tab.
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = page.getByRole('tabpanel', { name: 'Customers' });
  await customers.getByLabel('Search by email').fill(customer.email);
  await customers.getByLabel('Search by email').press('Enter');
  const recordButton = customers.getByRole('button', { name: `View the client record of ${customer.email}` });
  await recordButton.click();
  await expect(recordButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: `Client record: ${customer.email}` })).toBeVisible();
  await expect(customers.getByRole('table', { name: `Steps of ${TITLE}` })).toBeVisible();

  // Edit this client's copy: a new note on step 3 and day 2 for it; the template keeps its own.
  await customers.getByRole('button', { name: `Edit ${TITLE} for this client` }).click();
  const editor = customers.getByRole('form', { name: `Edit for this client: ${TITLE}` });
  await editor.getByLabel('Note to the client').fill('Start tonight, then rest a day.');
  await editor.getByLabel('Step 3: note').fill('Night 3: only if you slept well');
  await editor.getByLabel('Step 3: day').fill('2');
  await checkLayouts(page, () => expect(editor).toBeVisible());
  await editor.getByRole('button', { name: 'Save for this client' }).click();
  await expect(customers.getByText(`Saved "${TITLE}" for this client.`)).toBeVisible();
  const steps3 = customers.getByRole('table', { name: `Steps of ${TITLE}` }).getByRole('row');
  // (A narrow table labels each value: the cell reads 'Day 2' when the rows are stacked.)
  await expect(steps3.filter({ hasText: steps[2]! }).getByRole('cell').nth(1)).toHaveText(/^(Day\s*)?2$/);
  await page.getByRole('tab', { name: 'Programmes' }).click();
  await page
    .getByRole('tabpanel', { name: 'Programmes' })
    .getByRole('button', { name: `Edit ${TITLE}`, exact: true })
    .click();
  await expect(page.getByRole('tabpanel', { name: 'Programmes' }).getByLabel('Step 3: note')).toHaveValue(
    'Night 3: listen before bed',
  );

  // Remove it, by keyboard: the question asks first (focus on Cancel), and the practitioner lets the client
  // keep the audio it included.
  await page.getByRole('tab', { name: 'Customers' }).click();
  const remove = customers.getByRole('button', { name: `Remove ${TITLE} from this client` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = customers.getByRole('group', { name: `Remove ${TITLE} from this client` });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(question.getByLabel('Take it back (audio the client bought stays theirs)')).toBeChecked();
  await checkLayouts(page, () => expect(question).toBeVisible());
  await question.getByLabel('Let the client keep it, as their own audio').check();
  await question.getByRole('button', { name: 'Yes, remove' }).press('Enter');
  const removed = customers.getByText(`Removed "${TITLE}". The client keeps the audio it included.`);
  await expect(removed).toBeFocused();
  await expect(customers.getByRole('table', { name: `Steps of ${TITLE}` })).toHaveCount(0);
  // Kept: still among the audio the client owns.
  await expect(customers.getByRole('listitem').filter({ hasText: steps[2]! })).toBeVisible();
  await page.getByRole('tab', { name: 'Activity log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Activity log' });
  await expect(log.getByText('Assignment removed').first()).toBeVisible();
  await expect(log.getByText(customer.email)).toHaveCount(0);
});

test('the new person signs up from the invitation and sees the programme', async ({ page, request }) => {
  const invitation = await latestEmail(request, invited, /You are invited/);
  const link = /https?:\/\/\S+\/auth\?tab=signup\S*/.exec(invitation.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email', { exact: true }).fill(invited);
  await page.getByLabel('Password', { exact: true }).fill('Welcome123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Welcome123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
  ).toBeVisible();

  const confirmation = await latestEmail(request, invited, /^Confirm Your Signup$/);
  const confirm = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(confirmation.text)?.[0];
  await page.goto(confirm!);
  // The invitation's sign-up goes on to My Account, and the confirmation link returns there (docs/auth-links.md):
  // opened in the browser that signed up, with no second password step, the programme kept for the address is
  // theirs at once (docs/security.md "Pre-registered accounts").
  await expect(page).toHaveURL(/localhost:\d+\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toHaveCount(0);
  // My Account reached in the app (no page load): the keyboard walk holds here too, focus indicators included,
  // and through the 'Email confirmed' toast after the footer while it is up (5 s). Each walk starts from the
  // page's first control (the button pressed last is gone, so the browser's starting point for Tab is not the
  // top).
  await expect(practitioner(page).getByRole('article', { name: TITLE })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await expectKeyboardWalk(page, `/account reached from /auth/confirm at ${width}px`);
  }
  // A fresh load of My Account, as when the person comes back to it later.
  await page.goto('/account');
  await waitForHydration(page);
  const programme = practitioner(page).getByRole('article', { name: TITLE });
  await expect(programme).toBeVisible();
  await expect(programme.getByRole('button', { name: `Play ${steps[0]!}` })).toBeVisible();
  await checkLayouts(page, () => expect(programme).toBeVisible());
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // From the page's first control, as above: where the browser would start Tab otherwise depends on the
    // layout, and a step's Play and its audio's row in 'Your audio' share a name (the walk's end mark).
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await expectKeyboardWalk(page, `/account with a programme at ${width}px`);
  }
});

test('an admin uploads audio for one client; the client plays and downloads it; another customer cannot get it', async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, '/admin/login', 'admin@example.com', 'password123', 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Programmes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Programmes' });

  // By keyboard: the email, then 'What to assign', then the file, its title and the note, in that order.
  await panel.getByLabel("Client's email address").fill(customer.email);
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
  await page.keyboard.type(UPLOADED);
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Note to the client')).toBeFocused();
  await page.keyboard.type('Each evening this week.');
  await expect(panel.getByLabel('Offered for purchase')).toHaveCount(0);
  await checkLayouts(page, () => expect(panel.getByLabel('Audio file')).toBeVisible());
  await panel.getByRole('button', { name: 'Upload and assign' }).press('Enter');
  await expect(
    panel.getByText(`Assigned to ${customer.email}. They have been emailed a link.`),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Activity log' }).click();
  // Ids and actions only: neither the recording's title nor the client's address (docs/security.md).
  const log = page.getByRole('tabpanel', { name: 'Activity log' });
  await expect(log.getByText('Private audio assigned').first()).toBeVisible();
  await expect(log.getByText(UPLOADED)).toHaveCount(0);
  await expect(log.getByText(customer.email)).toHaveCount(0);

  // The client, on a device of their own.
  const device = await openDevice(browser, {
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const client = device.page;
  // The customer it was uploaded for (this file's own), not the demo customer.
  await client.goto('/auth?redirectTo=%2Faccount');
  await waitForHydration(client);
  await submitSignIn(client, customer.email, customer.password);
  await expect(client).toHaveURL(/\/account$/);
  const article = client
    .getByRole('region', { name: 'From your practitioner' })
    .getByRole('article', { name: UPLOADED });
  await expect(article.getByText('Each evening this week.')).toBeVisible();
  await checkLayouts(client, () => expect(article).toBeVisible());

  const play = article.getByRole('button', { name: `Play ${UPLOADED}` });
  await play.focus();
  await client.keyboard.press('Tab');
  await expect(article.getByRole('button', { name: `Download ${UPLOADED}` })).toBeFocused();
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
  await article.getByRole('button', { name: `Download ${UPLOADED}` }).click();
  expect((await download).suggestedFilename()).toBe(`${UPLOADED}.mp3`);

  // The customer reads their private audio (its id is the player's track id); another customer nothing.
  const ownerToken = await tokenFor(request, customer.email, customer.password);
  const mine = await request.get(
    `${stackUrl}/rest/v1/private_audio?select=id&title=eq.${encodeURIComponent(UPLOADED)}`,
    { headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${ownerToken}` } },
  );
  const [audio] = (await mine.json()) as { id: string }[];
  expect(audio?.id).toBeTruthy();
  const otherToken = await anotherCustomer(request);
  const theirs = await request.get(`${stackUrl}/rest/v1/private_audio?select=id`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${otherToken}` },
  });
  expect(await theirs.json()).toEqual([]);
  const refused = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
    data: { audioId: audio!.id },
  });
  expect(refused.status()).toBe(404);
  const anonymous = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { audioId: audio!.id },
  });
  expect(anonymous.status()).toBe(401);

  // The practitioner sees it in the client record, with how far it was listened, and removes it: the file goes.
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = page.getByRole('tabpanel', { name: 'Customers' });
  await customers.getByLabel('Search by email').fill(customer.email);
  await customers.getByLabel('Search by email').press('Enter');
  await customers.getByRole('button', { name: `View the client record of ${customer.email}` }).click();
  await expect(customers.getByText('uploaded for this client only')).toBeVisible();
  const row = customers
    .getByRole('table', { name: `Steps of ${UPLOADED}` })
    .getByRole('row')
    .filter({ hasText: UPLOADED });
  await expect(row.getByRole('cell').nth(3)).toHaveText(/No/);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/1/);
  await customers.getByRole('button', { name: `Remove ${UPLOADED} from this client` }).click();
  const question = customers.getByRole('group', { name: `Remove ${UPLOADED} from this client` });
  await expect(question.getByLabel('Let the client keep it, as their own audio')).toHaveCount(0);
  await question.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(
    customers.getByText(`Removed "${UPLOADED}". The file uploaded for this client was deleted.`),
  ).toBeVisible();
  const gone = await request.post(`${stackUrl}/functions/v1/audio-url`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    data: { audioId: audio!.id },
  });
  expect(gone.status()).toBe(404);

  expect(device.problems).toEqual([]);
  await device.context.close();
});
