import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import {
  allowFailedRequests,
  expect,
  open,
  stackUrl,
  submitSignIn,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

// Accounts end to end, in Chromium against the production build and the in-memory local stack
// (playwright.config.ts): sign-up with the emailed confirmation, sign-in and out, the password reset by
// email, used links, admin sign-in and the guards. Each test makes its own users.

const DEMO_PASSWORD = 'password123';

interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest email to `to` with `subject`, as the stack's inbox lists it. */
async function latestEmail(request: APIRequestContext, to: string, subject: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as InboxMessage[];
      found = messages.find((message) => message.to === to && message.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

function linkIn(message: InboxMessage): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No link in "${message.subject}"`);
  return link;
}

/** The practice's link in an email: the site's /auth/confirm with the token hash (docs/auth-links.md). */
function confirmLinkIn(message: InboxMessage): string {
  const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No /auth/confirm link in "${message.subject}"`);
  return link;
}

function tokenHashIn(message: InboxMessage): string {
  const hash = /Token hash[^:]*: ([0-9a-f]+)/i.exec(message.text)?.[1];
  if (!hash) throw new Error(`No token hash in "${message.subject}"`);
  return hash;
}

/** A confirmed account made through the auth API (the UI journey is tested once, below). */
async function createConfirmedUser(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(signup.ok()).toBe(true);
  const confirmation = await latestEmail(request, email, 'Confirm Your Signup');
  const verified = await request.get(linkIn(confirmation), { maxRedirects: 0 });
  expect(verified.status()).toBe(303);
  expect(verified.headers().location).toContain('access_token=');
}

const avatar = (page: Page, email: string) =>
  page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` });
const signInLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });

async function signOutFromMenu(page: Page, email: string): Promise<void> {
  await avatar(page, email).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(signInLink(page)).toBeVisible();
}

test('sign up, confirm from the inbox, sign in, use the avatar menu and sign out', async ({
  page,
  request,
  consoleProblems,
}) => {
  test.slow(); // a journey of many steps
  const email = uniqueEmail('signup');
  const password = 'Welcome123';
  await open(page, '/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill('Different123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
  ).toBeVisible();
  await expect(signInLink(page)).toBeVisible(); // sign-up does not sign in

  // Unconfirmed: the auth server's own message, in the destructive alert.
  await open(page, '/auth');
  await submitSignIn(page, email, password);
  await expect(page.getByRole('alert')).toHaveText('Email not confirmed');

  // The emailed link, opened in the browser that signed up, confirms on /auth/confirm and comes back to the
  // site root, signed in: no second password step (docs/security.md "Pre-registered accounts").
  const confirmation = await latestEmail(request, email, 'Confirm Your Signup');
  await page.goto(confirmLinkIn(confirmation));
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toHaveCount(0);
  await expect(avatar(page, email)).toBeVisible();
  await expect(page.getByText('Email confirmed: you are signed in', { exact: true })).toBeVisible();
  await signOutFromMenu(page, email);

  await open(page, '/auth');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await avatar(page, email).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A reload keeps the signed-in header.
  await page.reload();
  await waitForHydration(page);
  await expect(avatar(page, email)).toBeVisible();
  await signOutFromMenu(page, email);

  // Signed out for good: a reload shows the signed-out header.
  await page.reload();
  await waitForHydration(page);
  await expect(signInLink(page)).toBeVisible();
  // 'Email not confirmed' (400).
  allowFailedRequests(consoleProblems, [400]);
});

test('reset the password by email, sign in with the new one; a used link shows the expired message', async ({
  page,
  request,
  consoleProblems,
}) => {
  test.slow(); // two emailed links and several sign-ins
  const email = uniqueEmail('reset');
  await createConfirmedUser(request, email, 'OldPassword1');

  await open(page, '/reset-password');
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email Address').fill(email);
  await send.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const recovery = await latestEmail(request, email, 'Reset Your Password');
  const link = confirmLinkIn(recovery);
  expect(new URL(link).pathname).toBe('/auth/confirm');
  expect(new URL(link).searchParams.get('type')).toBe('recovery');
  await page.goto(link);
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();

  const newPassword = page.getByLabel('New Password', { exact: true });
  const strength = page.getByTestId('password-strength');
  await newPassword.fill('NewPass');
  await expect(strength).toContainText('Good - consider making it longer');
  await newPassword.fill('NewPassword1');
  await expect(strength).toContainText('Strong password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('NewPassword1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password Updated!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In Now' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 });

  await submitSignIn(page, email, 'OldPassword1');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await submitSignIn(page, email, 'NewPassword1');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(avatar(page, email)).toBeVisible();

  // The link has been used: the auth service refuses it (403 otp_expired) and nobody's session changes.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid, has expired or has already been used. Please ask for a new one.',
  );
  await expect(avatar(page, email)).toBeVisible();
  allowFailedRequests(consoleProblems, [400, 403]); // the old password, the spent link
});

test('a reset link of the ?token= form is verified as a token hash', async ({
  page,
  request,
  consoleProblems,
}) => {
  const email = uniqueEmail('token');
  await createConfirmedUser(request, email, 'OldPassword1');
  await open(page, '/auth?tab=forgot');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password reset email sent! Check your inbox.' }),
  ).toBeVisible();

  const tokenHash = tokenHashIn(await latestEmail(request, email, 'Reset Your Password'));
  await open(page, `/update-password?token=${tokenHash}&type=recovery`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
  await expect(page).toHaveURL(/\/update-password$/);

  // Spent: the same token is refused.
  await open(page, `/update-password?token=${tokenHash}&type=recovery`);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid or expired reset token. Please request a new password reset.',
  );
  await open(page, '/update-password?type=recovery');
  await expect(page.getByRole('alert')).toHaveText(
    'Missing reset token. Please request a new password reset.',
  );
  allowFailedRequests(consoleProblems, [403]); // the spent token
});

test('the demo admin reaches the dashboard; the demo customer is denied', async ({ page }) => {
  await open(page, '/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await signInAs(page, 'customer@example.com');
  await expect(page.getByRole('alert')).toHaveText('Access denied. Admin privileges required.');
  await expect(signInLink(page)).toBeVisible();

  await signInAs(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('main').getByText('admin@example.com').first()).toBeVisible();
  await avatar(page, 'admin@example.com').click();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  async function signInAs(target: Page, email: string) {
    await target.getByLabel('Email', { exact: true }).fill(email);
    await target.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await target.getByRole('button', { name: 'Sign In as Admin' }).click();
  }
});

test('/account sends a signed-out visitor to sign in and back; the dashboard denies a customer', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('account');
  await createConfirmedUser(request, email, 'Quiet-Harbour-47');
  await open(page, '/account');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
  await submitSignIn(page, email, 'Quiet-Harbour-47');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(avatar(page, email)).toBeVisible();

  // Signed in, /auth has nothing to offer: home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('alert')).toHaveText('Access denied. Admin privileges required.');

  await page.goto('/account');
  await signOutFromMenu(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

/** A session of `email` obtained through the auth API, as an attacker would get one for their own account. */
async function sessionOf(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

test("a link with another account's tokens never changes who is signed in without asking", async ({
  page,
  request,
}) => {
  const visitor = uniqueEmail('visitor');
  const attacker = uniqueEmail('attacker');
  await createConfirmedUser(request, visitor, 'Quiet-Harbour-47');
  await createConfirmedUser(request, attacker, 'Quiet-Harbour-47');
  await open(page, '/auth');
  await submitSignIn(page, visitor, 'Quiet-Harbour-47');
  await expect(avatar(page, visitor)).toBeVisible();

  // The crafted link: an implicit-flow session in the hash of a shop page. Ignored.
  const crafted = await sessionOf(request, attacker, 'Quiet-Harbour-47');
  const hash = new URLSearchParams({ ...crafted, token_type: 'bearer', type: 'signup' }).toString();
  await page.goto(`/individual-audios#${hash}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(avatar(page, visitor)).toBeVisible();
  await expect(avatar(page, attacker)).toHaveCount(0);

  // The same tokens on a recovery page: refused outright (a session in a URL is never adopted), nothing changes.
  await page.goto(`/update-password#${new URLSearchParams({ ...crafted, type: 'recovery' }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await page.goto('/');
  await waitForHydration(page);
  await expect(avatar(page, visitor)).toBeVisible();

  // A genuine emailed link for another account: asked again; switching is the visitor's choice.
  await request.post(`${stackUrl}/auth/v1/recover`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email: attacker },
  });
  await page.goto(confirmLinkIn(await latestEmail(request, attacker, 'Reset Your Password')));
  await expect(page.getByRole('heading', { level: 1, name: 'Switch accounts?' })).toBeVisible();
  await expect(avatar(page, visitor)).toBeVisible();
  await page.getByRole('button', { name: `Continue as ${attacker}` }).click();
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
  await expect(avatar(page, attacker)).toBeVisible();
});

test('two sign-ups for one email: after the real owner confirms, only the owner’s password works', async ({
  page,
  request,
  consoleProblems,
}) => {
  const email = uniqueEmail('contested');
  // Someone registers the owner's address first, with their own password.
  const first = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password: 'Intruder-Pass-81' },
  });
  expect(first.ok()).toBe(true);

  // The owner signs up on the site and confirms from their inbox.
  await open(page, '/auth?tab=signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
  ).toBeVisible();
  await page.goto(confirmLinkIn(await latestEmail(request, email, 'Confirm Your Signup')));
  // This browser did not make the account's sign-up (the intruder did): the owner, shown which account it is,
  // chooses its password before anything is signed in.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(`Your email address ${email} is confirmed.`)).toBeVisible();
  await expect(avatar(page, email)).toHaveCount(0);
  await page.getByLabel('New Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Owner-Pass-52');
  await page.getByRole('button', { name: 'Save Password and Continue' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(avatar(page, email)).toBeVisible();

  const signInWith = (password: string) =>
    request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
      headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
      data: { email, password },
    });
  expect((await signInWith('Intruder-Pass-81')).status()).toBe(400);
  expect((await signInWith('Owner-Pass-52')).status()).toBe(200);
  expect(consoleProblems).toEqual([]);
});

test('a sign-in redirect that normalises to another site ends at home; link errors show fixed texts', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('redirect');
  await createConfirmedUser(request, email, 'Quiet-Harbour-47');
  await open(page, '/auth?redirectTo=%2F.%2F%2Fexample.org');
  await submitSignIn(page, email, 'Quiet-Harbour-47');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(avatar(page, email)).toBeVisible();
  await signOutFromMenu(page, email);

  await open(
    page,
    '/update-password?error=access_denied&error_code=bad&error_description=Call+0800+000+to+unlock',
  );
  await expect(page.getByRole('alert')).toHaveText('Reset link error: the link could not be used.');
  await open(page, '/auth/confirm?error_description=Your+account+is+locked');
  await expect(page.getByRole('alert')).toHaveText('Link error: the link could not be used.');
});
