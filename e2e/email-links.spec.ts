import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, stackUrl, test } from './fixtures';
import { PASSWORD, addAudio, answerConsent, createConfirmedUser, open, uniqueEmail } from './shop-journey';

// Every emailed link returns the person to where they were going (docs/auth-links.md): a shopper sent from
// Checkout to /auth?redirectTo=/checkout who signs up, or resets a forgotten password, is back on /checkout
// after the link, at 375 and 1280 px.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The site's /auth/confirm link in the newest email to `to` with `subject`. */
async function confirmLinkTo(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { to: string; subject: string; text: string }[];
      const message = messages.find((m) => m.to === to && m.subject === subject);
      link = message ? /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(message.text)?.[0] : undefined;
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

/** A cart with one audio, and Checkout pressed while signed out: on /auth, sent there from /checkout. */
async function checkoutSignedOut(page: Page): Promise<void> {
  await open(page, '/individual-audios');
  await addAudio(page, 'Wake Refreshed');
  await open(page, '/cart');
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout/);
}

async function expectOnCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-total')).toHaveText('£2.99');
  await expect(page.getByRole('button', { name: 'Pay with card' })).toBeVisible();
}

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      await answerConsent(page);
    });

    test('signing up from Checkout: the confirmation link lands on /checkout', async ({ page, request }) => {
      const email = uniqueEmail(`signup-checkout-${width}`);
      await checkoutSignedOut(page);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Check your email for a confirmation link!' }),
      ).toBeVisible();

      const link = await confirmLinkTo(request, email, 'Confirm Your Signup');
      // Opened in the browser that signed up: straight on, signed in, no second password step.
      await page.goto(link);
      await expectOnCheckout(page);
    });

    test('a forgotten password from Checkout: after the reset link and signing in, back on /checkout', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`reset-checkout-${width}`);
      await createConfirmedUser(request, email);
      await checkoutSignedOut(page);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL(/\/reset-password\?redirectTo=%2Fcheckout$/);
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();

      const link = await confirmLinkTo(request, email, 'Reset Your Password');
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('NewPassword1');
      await page.getByLabel('Confirm New Password', { exact: true }).fill('NewPassword1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Password Updated!' })).toBeVisible();
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout$/, { timeout: 10_000 });
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('NewPassword1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectOnCheckout(page);
    });
  });
}
