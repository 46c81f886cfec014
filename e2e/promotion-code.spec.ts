import { expect as baseExpect, test } from './fixtures';
import {
  addAudio,
  answerConsent,
  checkoutToHostedPage,
  createConfirmedUser,
  open,
  payWith,
  uniqueEmail,
} from './shop-journey';

// A promotion code end to end (docs/money.md "Discounts"): WELCOME10 entered on the Stripe stand-in's payment
// page (which, like Stripe's, takes 10% off, rounded to the penny), paid; the payment result and the order in
// My Account show what was taken off and by which code, and the total actually paid.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('WELCOME10 takes 10% off: the payment result and the order in My Account show the discount', async ({
  page,
  request,
}) => {
  await answerConsent(page);
  const email = uniqueEmail('welcome10');
  await createConfirmedUser(request, email);
  await open(page, '/individual-audios');
  await addAudio(page, 'Wake Refreshed');
  await checkoutToHostedPage(page, email, '£2.99');

  await page.getByRole('textbox', { name: 'Promotion code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('WELCOME10 applied: 10% off.');
  // 10% of £2.99 is 29.9p: 30p off.
  await expect(page.getByRole('row', { name: /Promotion WELCOME10/ })).toContainText('−£0.30');
  await expect(page.getByRole('row', { name: /Total due/ })).toContainText('£2.69');
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/checkout\/result\?session_id=cs_/);
  const result = page.getByTestId('payment-result');
  await expect(result.getByRole('heading', { level: 2, name: 'Payment Successful!' })).toBeVisible();
  await expect(result).toContainText('Discount (WELCOME10) −£0.30');

  await open(page, '/account');
  const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
  await expect(order).toContainText('Wake Refreshed');
  await expect(order.getByRole('term').filter({ hasText: 'Discount (WELCOME10)' })).toBeVisible();
  await expect(order.getByRole('definition')).toContainText(['£2.99', '−£0.30', '£2.69']);
});
