import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { signUpAndClaim } from './sign-up';
import { signInAsAdmin, tab } from './admin-session';
import { axeProblems } from './axe';
import { allowFailedRequests, expect as baseExpect, test } from './fixtures';
import { ADMIN_ROLE_LOCK, SEEDED_ADMIN } from './stack-data';

// Actions that grant or remove ask for the admin's password again when their sign-in is over 10 minutes old
// (docs/security.md "Destructive admin actions"). The browser's session is made 20 minutes old for real: its
// access token is signed again with the sign-in time 20 minutes back (as a tab left open would hold), so the
// database refuses the grant, the dialog asks for the password, and the grant then goes through.

const expect = baseExpect.configure({ timeout: 20_000 });
const AUTH_STORAGE_KEY = 'hypnotherapy-auth';

/** Moves the stored session's sign-in 20 minutes into the past, then reloads the dashboard with it. */
async function ageTheSignIn(page: Page): Promise<void> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
  const session = JSON.parse(stored ?? 'null') as { access_token: string } | null;
  expect(session).not.toBeNull();
  const claims = decodeJwt(session!.access_token);
  const signedIn = Math.floor(Date.now() / 1000) - 20 * 60;
  // Signed as the stack signs (its ES256 key for the end-to-end run: playwright.config.ts).
  const { kid, jwk } = JSON.parse(readFileSync('e2e/local-signing-key.json', 'utf8')) as { kid: string; jwk: JWK };
  const aged = await new SignJWT({ ...claims, amr: [{ method: 'password', timestamp: signedIn }] })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
    .sign(await importJWK(jwk, 'ES256'));
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [AUTH_STORAGE_KEY, JSON.stringify({ ...session, access_token: aged })],
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

test.describe('the password question', { lock: ADMIN_ROLE_LOCK }, () => {
  test('an old sign-in is asked for the password before granting an admin; the grant then goes through', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const email = `e2e-reauth-${Date.now()}@example.com`;
    await signUpAndClaim(request, email, 'Quiet-Harbour-47');

    await signInAsAdmin(page);
    await ageTheSignIn(page);
    await page.getByRole('tab', { name: 'Admins' }).click();
    const admins = tab(page, 'Admins');
    await admins.getByLabel('Email of an existing account').fill(email);
    await admins.getByRole('button', { name: 'Make admin' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toBeFocused();
    expect(await axeProblems(page)).toEqual([]);

    // A wrong password: said at the field, the dialog stays, nothing granted.
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('That password is not right. Please try again.')).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toBeFocused();

    await dialog.getByLabel('Your password').fill(SEEDED_ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(admins.getByText(`${email} is now an admin.`)).toBeVisible();

    // Signed in afresh: removing the colleague again needs no second question.
    await admins.getByRole('button', { name: `Remove admin role of ${email}` }).click();
    await admins.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(admins.getByText(`${email} is no longer an admin.`)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The refused grant (400, reauthentication_needed) and the wrong password (400).
    allowFailedRequests(consoleProblems, [400, 400]);
  });
});
