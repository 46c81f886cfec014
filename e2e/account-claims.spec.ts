import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { expect, open, stackUrl, test, uniqueEmail, waitForHydration } from './fixtures';
import { signUpAndClaim } from './sign-up';
import { adminToken, restGet } from './stack-data';

// Issue 34, findings 1 and 4, in Chromium against the local stack: a stranger who registers a client's address
// first reads nothing of what the practitioner kept for it, and links never sign a visitor in unannounced
// (docs/security.md "Pre-registered accounts", "Links").

const NOTE = 'Panic at night: start with the breathing audio.';

interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function latestLink(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(to)}`);
      const message = ((await response.json()) as InboxMessage[]).find((m) => m.subject === subject);
      link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(message?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The practitioner assigns an audio with a note to an address (no account yet). */
async function assignWithNote(request: APIRequestContext, email: string): Promise<void> {
  const token = await adminToken(request);
  const [product] = await restGet<{ id: string }[]>(request, 'products?select=id&published=eq.true&limit=1');
  const response = await request.post(`${stackUrl}/rest/v1/rpc/admin_assign_to_client`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {
      p_email: email,
      p_programme_id: null,
      p_product_id: product!.id,
      p_note: NOTE,
      p_access: 'granted',
    },
  });
  expect(response.ok()).toBe(true);
}

function passwordSignIn(request: APIRequestContext, email: string, password: string) {
  return request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
}

async function notesReadWith(request: APIRequestContext, token: string): Promise<string[]> {
  const rows = await restGet<{ note: string }[]>(request, 'client_assignments?select=note', token);
  return rows.map((row) => row.note);
}

/** Whether supabase-js holds a session in this browser. */
function hasStoredSession(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('-auth-token')));
}

test('a stranger who registered a client’s address first never reads the practitioner’s note', async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('claimed');
  await assignWithNote(request, email);
  const first = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password: 'Intruder-Pass-81' },
  });
  expect(first.ok()).toBe(true);

  // The client signs up on the site (the auth server keeps the stranger's password) and confirms.
  await open(page, '/auth?tab=signup&redirectTo=/account');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
  ).toBeVisible();
  await page.goto(await latestLink(request, email, 'Confirm Your Signup'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(`Your email address ${email} is confirmed.`)).toBeVisible();
  expect(await hasStoredSession(page)).toBe(false);

  // Now confirmed, the stranger signs in with their own password: nothing of the client's is there.
  const intruder = await passwordSignIn(request, email, 'Intruder-Pass-81');
  expect(intruder.status()).toBe(200);
  const intruderToken = ((await intruder.json()) as { access_token: string }).access_token;
  expect(await notesReadWith(request, intruderToken)).toEqual([]);
  const claim = await request.post(`${stackUrl}/rest/v1/rpc/claim_my_account`, {
    headers: {
      apikey: PUBLIC_KEY,
      authorization: `Bearer ${intruderToken}`,
      'content-type': 'application/json',
    },
    data: { p_signup_proof: 'x'.repeat(43) },
  });
  expect(await claim.json()).toBe('password_needed');

  // The client chooses the password: it is theirs, with the note; the stranger is shut out at once.
  await page.getByLabel('New Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByRole('button', { name: 'Save Password and Continue' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'From your practitioner' }).getByText(NOTE)).toBeVisible();
  expect(await notesReadWith(request, intruderToken)).toEqual([]);
  expect((await passwordSignIn(request, email, 'Intruder-Pass-81')).status()).toBe(400);
});

test('tokens in a URL never sign a visitor in', async ({ page, request, consoleProblems }) => {
  const attacker = uniqueEmail('url-session');
  await signUpAndClaim(request, attacker, 'Quiet-Harbour-47');
  const session = (await (await passwordSignIn(request, attacker, 'Quiet-Harbour-47')).json()) as {
    access_token: string;
    refresh_token: string;
  };
  const tokens = `access_token=${session.access_token}&refresh_token=${session.refresh_token}&type=recovery`;

  await open(page, `/update-password#${tokens}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This link tries to sign you in directly');
  expect(await hasStoredSession(page)).toBe(false);

  await open(page, `/auth?${tokens}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This link tries to sign you in directly');
  await page.reload();
  await waitForHydration(page);
  expect(await hasStoredSession(page)).toBe(false);
  expect(consoleProblems).toEqual([]);
});

test('someone else’s emailed links name the account, and the visitor leaves signed in to nothing', async ({
  page,
  request,
}) => {
  // The attacker's own confirmation link, sent to a visitor: it names the attacker's account.
  const attacker = uniqueEmail('link-csrf');
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email: attacker, password: 'Quiet-Harbour-47' },
  });
  expect(signup.ok()).toBe(true);
  await page.goto(await latestLink(request, attacker, 'Confirm Your Signup'));
  await waitForHydration(page);
  await expect(page.getByText(`Your email address ${attacker} is confirmed.`)).toBeVisible();
  await page.getByRole('button', { name: 'Leave without signing in' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect(await hasStoredSession(page)).toBe(false);

  // The attacker's password reset link: the form names the account before anything is typed.
  const recover = await request.post(`${stackUrl}/auth/v1/recover`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email: attacker },
  });
  expect(recover.ok()).toBe(true);
  await page.goto(await latestLink(request, attacker, 'Reset Your Password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
  await expect(page.getByText('New password for')).toContainText(attacker);
  await page.getByRole('button', { name: 'Leave without changing anything' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect.poll(() => hasStoredSession(page)).toBe(false);
});
