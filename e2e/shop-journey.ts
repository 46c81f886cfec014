import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { expect as baseExpect, open, stackUrl } from './fixtures';

// Kept here too for the specs that import them from this file.
export { answerConsent, open, uniqueEmail } from './fixtures';

// Steps of a purchase through the site, the local stack and its Stripe stand-in, for journeys that start
// where the shop's own spec leaves off (the payment result page, what My Account shows after).

const expect = baseExpect.configure({ timeout: 30_000 });
export const PASSWORD = 'Quiet-Harbour-47';

/** Signs up through the auth API and follows the confirmation link from the local inbox. */
export async function createConfirmedUser(request: APIRequestContext, email: string): Promise<void> {
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password: PASSWORD },
  });
  expect(signup.ok()).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as { to: string; subject: string; text: string }[];
      const confirmation = messages.find((m) => m.to === email && m.subject === 'Confirm Your Signup');
      link = confirmation ? /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(confirmation.text)?.[0] : undefined;
      return Boolean(link);
    })
    .toBe(true);
  const verified = await request.get(link as string, { maxRedirects: 0 });
  expect(verified.status()).toBe(303);
}

export const audioItem = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** On /individual-audios: filters to `title` and adds it to the cart. */
export async function addAudio(page: Page, title: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter audios' }).fill(title);
  await audioItem(page, title)
    .getByRole('button', { name: /^Add to Cart/ })
    .click();
  await expect(audioItem(page, title).getByRole('link', { name: /^In Cart/ })).toBeVisible();
}

/** From the cart: Checkout, signing in on the way, 'Pay with card', to the hosted payment page. */
export async function checkoutToHostedPage(page: Page, email: string, total: string): Promise<void> {
  await open(page, '/cart');
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/_local\/stripe\/checkout\/cs_/);
}

export async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}
