import type { APIRequestContext, Page } from '@playwright/test';
import { axeProblems } from './axe';
import { expectKeyboardWalk } from './keyboard-walk';
import {
  answerConsent,
  expect as baseExpect,
  stackUrl,
  submitSignIn,
  test,
  waitForHydration,
} from './fixtures';
import { createCustomer, createPaidOrder, SEEDED_ADMIN, type Customer } from './stack-data';

// Appointments end to end, in Chromium against the production build and the in-memory local stack: a customer
// of the test's own (e2e/stack-data.ts, so the tests run in parallel) books on the local scheduler stand-in
// (which sends signed webhooks to scheduler-webhook), sees the appointment in My Account, reschedules it
// through the link there, the admin sees it this week or later with the client's record and the overview's
// count, then the customer cancels it. Axe at 375 and 1280 px.
test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 20_000 });

/** A new customer and the name they book with. */
async function newClient(request: APIRequestContext, label: string): Promise<Customer & { name: string }> {
  return { ...(await createCustomer(request, label)), name: 'Avery Quinn' };
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerConsent(page);
});

async function signIn(page: Page, path: string, who: Customer, button: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await submitSignIn(page, who.email, who.password, button);
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

/** Picks the slot at `index` on a stand-in page and submits; answers the chosen start (ISO). */
async function chooseSlot(page: Page, index: number, submit: string): Promise<string> {
  const slot = page.getByRole('radio').nth(index);
  await slot.check();
  const start = (await slot.getAttribute('value')) ?? '';
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are scheduled' })).toBeVisible();
  return start;
}

async function checkLayouts(page: Page, scope: () => Promise<void>): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await scope();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test('book on the scheduler stand-in, see it in My Account, reschedule, the admin sees it, cancel', async ({
  page,
  request,
}) => {
  // Owning an audio, which the client record lists.
  const customer = await newClient(request, 'appointment');
  await createPaidOrder(request, customer, 'sleep-deeply-tonight');
  // Booking on the stand-in, prefilled through the booking URL's name and email parameters.
  const query = new URLSearchParams({ name: customer.name, email: customer.email });
  await page.goto(`${stackUrl}/_local/scheduler/practice/50min?${query.toString()}`);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await chooseSlot(page, 3, 'Schedule event');

  await signIn(page, '/auth', customer, 'Sign In');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await openAccount(page);
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await checkLayouts(page, () => expect(upcoming).toBeVisible());

  // Reschedule through the link My Account shows (the scheduler's own page).
  const reschedule = upcoming.getByRole('link', { name: /^Reschedule/ });
  const before = await upcoming.locator('time').getAttribute('datetime');
  await page.goto((await reschedule.getAttribute('href')) ?? '');
  const moved = await chooseSlot(page, 9, 'Reschedule event');
  await openAccount(page);
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  const after = await upcoming.locator('time').getAttribute('datetime');
  expect(new Date(after ?? '').toISOString()).toBe(moved);
  expect(after).not.toBe(before);
  const cancelHref = (await upcoming.getByRole('link', { name: /^Cancel/ }).getAttribute('href')) ?? '';

  // The admin: the appointment with the client's record; the overview counts it.
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await signIn(page, '/admin/login', SEEDED_ADMIN, 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('figure-Upcoming appointments')).toHaveText(/^[1-9]\d*$/);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Appointments' });
  const row = panel.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `View the client record of ${customer.name}` }).click();
  const record = page.getByRole('heading', { name: `Client record: ${customer.name}` });
  await expect(record).toBeVisible();
  // A list item of the audio owned (the record's assign form lists the catalogue too).
  await expect(panel.getByRole('listitem').filter({ hasText: /^Sleep Deeply Tonight/ })).toBeVisible();
  await checkLayouts(page, () => expect(record).toBeVisible());

  // The customer cancels on the scheduler: the admin's list drops it.
  await page.goto(cancelHref);
  await page.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cancelled' })).toBeVisible();
  await page.goto('/admin/dashboard');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(panel.getByRole('row').filter({ hasText: customer.email })).toHaveCount(0);
});

test("a signed-in customer's booking opens the scheduler with the name saved in My Account and their email", async ({
  page,
  request,
}) => {
  const customer = await newClient(request, 'booking-name');
  await signIn(page, '/auth', customer, 'Sign In');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await openAccount(page);
  const nameSection = page.getByRole('region', { name: 'Your name' });
  await nameSection.getByLabel('Your name').fill(`  ${customer.name}  `);
  await nameSection.getByRole('button', { name: 'Save name' }).click();
  await expect(nameSection.getByRole('status')).toHaveText('Your name has been saved.');

  await page.goto('/anxiety-stress');
  await waitForHydration(page);
  const booking = page
    .locator('main header')
    .first()
    .getByRole('link', { name: /Book an Anxiety Appointment/ });
  // Nothing about the customer is in the page before they act.
  // No scheduler username in the suite's build: the link is the local stand-in's booking page.
  await expect(booking).toHaveAttribute('href', /^http:\/\/localhost:\d+\/_local\/scheduler\/[\w-]+\/50min$/);
  const newTab = page.context().waitForEvent('page');
  await booking.click();
  const tab = await newTab;
  await tab.waitForLoadState();
  const params = new URL(tab.url()).searchParams;
  expect(params.get('name')).toBe(customer.name);
  expect(params.get('email')).toBe(customer.email);
  await expect(tab.getByLabel('Email')).toHaveValue(customer.email);
  await tab.close();

  // And removed again.
  await openAccount(page);
  await nameSection.getByRole('button', { name: 'Remove name' }).click();
  await expect(nameSection.getByRole('status')).toHaveText('Your name has been removed.');
  await expect(nameSection.getByLabel('Your name')).toHaveValue('');
});

test('keyboard: My Account with an appointment, and the admin Appointments tab with a client record open', async ({
  page,
  request,
}) => {
  const customer = await newClient(request, 'appointment-keys');
  const query = new URLSearchParams({ name: customer.name, email: customer.email });
  await page.goto(`${stackUrl}/_local/scheduler/practice/50min?${query.toString()}`);
  await chooseSlot(page, 4, 'Schedule event');

  await signIn(page, '/auth', customer, 'Sign In');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await openAccount(page);
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectKeyboardWalk(page, `/account with an appointment at ${width}px`);
  }

  await page.locator('#sign-out').getByRole('button').click();
  await expect(page).not.toHaveURL(/\/account$/);
  await signIn(page, '/admin/login', SEEDED_ADMIN, 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Appointments' });
  await panel
    .getByRole('row')
    .filter({ hasText: customer.email })
    .first()
    .getByRole('button', { name: `View the client record of ${customer.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Client record: ${customer.name}` })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectKeyboardWalk(page, `admin Appointments with a client record at ${width}px`);
  }
});
