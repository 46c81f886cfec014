import type { APIRequestContext } from '@playwright/test';
import { axeProblems } from './axe';
import {
  answerConsent,
  expect as baseExpect,
  stackUrl,
  submitSignIn,
  test,
  waitForHydration,
} from './fixtures';
import { SECRET_KEY_FOR_SCHEDULE } from './stack-keys';
import { createCustomer, SEEDED_ADMIN } from './stack-data';

// The health form and the day-before reminder end to end on a phone (390 px), in Chromium against the
// production build and the in-memory local stack (docs/intake-and-reminders.md): a client books on the
// scheduler stand-in for a time 23 and a half hours away, the reminder job runs (called as the schedule
// calls it), the reminder reaches the local inbox once, its link leads through sign-in to the form, the client
// fills it in, and the practitioner sees it in the client record with the "yes" answer marked.
test.setTimeout(150_000);
const expect = baseExpect.configure({ timeout: 20_000 });

type InboxMessage = { subject: string; text: string };

async function reminders(request: APIRequestContext, email: string): Promise<InboxMessage[]> {
  const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as InboxMessage[]).filter((m) => m.subject.startsWith('Reminder:'));
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerConsent(page);
});

test('book, get the reminder, follow its link to the health form, fill it in; the practitioner reads it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer(request, 'intake');

  // Book on the stand-in's page, for a start 23 h 30 min from now (the stand-in takes any future start).
  const start = new Date(Date.now() + (23 * 60 + 30) * 60_000);
  start.setUTCSeconds(0, 0);
  const query = new URLSearchParams({ name: 'Robin Intake', email: customer.email });
  await page.goto(`${stackUrl}/_local/scheduler/practice/50min?${query.toString()}`);
  const slot = page.getByRole('radio').first();
  await slot.evaluate((input, value) => ((input as HTMLInputElement).value = value), start.toISOString());
  await slot.check();
  await page.getByRole('button', { name: 'Schedule event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are scheduled' })).toBeVisible();

  // The reminder job, as the schedule runs it (the stack's own timer may have run it first: once either way).
  const run = await request.post(`${stackUrl}/functions/v1/send-reminders`, {
    headers: { apikey: SECRET_KEY_FOR_SCHEDULE, 'content-type': 'application/json' },
    data: {},
  });
  expect(run.status()).toBe(200);
  await expect.poll(async () => (await reminders(request, customer.email)).length).toBe(1);
  const [reminder] = await reminders(request, customer.email);
  const link = /(http\S+\/account#intake)/.exec(reminder?.text ?? '')?.[1] ?? '';
  expect(link).not.toBe('');

  // The link leads through sign-in to the form.
  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%23intake/);
  await submitSignIn(page, customer.email, customer.password, 'Sign In');
  await expect(page).toHaveURL(/\/account#intake$/);
  const form = page.getByRole('region', { name: 'Your health form' });
  await expect(form).toBeInViewport();

  // Nothing can be typed before the consent to keeping the answers.
  await expect(form.getByLabel('Phone number', { exact: true })).toBeDisabled();
  await form.getByLabel(/I agree that the practice keeps my answers/).check();
  await form.getByLabel('Phone number', { exact: true }).fill('07700 900123');
  await form.getByLabel('What would you like help with?').fill('Sleeping better before exams.');
  const epilepsy = form.getByRole('group', { name: /epilepsy/ });
  await epilepsy.getByLabel('Yes').check();
  await epilepsy.getByLabel(/^Details/).fill('One seizure as a child.');
  await form
    .getByRole('group', { name: /pregnant/ })
    .getByLabel('No')
    .check();
  await expect(form.getByRole('status')).toHaveText('All changes saved');
  expect(await axeProblems(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Saved as typed: a reload shows the answers.
  await page.reload();
  await waitForHydration(page);
  await expect(form.getByLabel('Phone number', { exact: true })).toHaveValue('07700 900123');

  // By keyboard: the consent to hypnotherapy and sending.
  await form.getByLabel(/I understand that hypnotherapy/).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Send to my practitioner' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByText(/^Sent to your practitioner on/)).toBeVisible();

  // Step reminders: off until switched on, here in My Account.
  const reminderSettings = page.getByRole('region', { name: 'Reminders' });
  const stepSwitch = reminderSettings.getByRole('switch', { name: /new step of my programme/ });
  await expect(stepSwitch).not.toBeChecked();
  await stepSwitch.check();
  await expect(reminderSettings.getByRole('status')).toHaveText(/Step reminders are on/);

  // The practitioner: the appointment shows the form is in; the record shows it, the yes marked.
  await page.locator('#sign-out').getByRole('button').click();
  await expect(page).not.toHaveURL(/\/account/);
  await page.goto('/admin/login');
  await waitForHydration(page);
  await submitSignIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Appointments' });
  const row = panel.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('In');
  await row.getByRole('button', { name: 'View the client record of Robin Intake' }).click();
  await expect(panel.getByText('1 answer needs attention.')).toBeVisible();
  const marked = panel.getByRole('term').filter({ hasText: 'Needs attention' });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('epilepsy');
  await expect(
    panel.getByRole('definition').filter({ hasText: 'Yes: One seizure as a child.' }),
  ).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
