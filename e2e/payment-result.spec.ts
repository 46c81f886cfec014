import type { Page } from '@playwright/test';
import { axeProblems } from './axe';
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

// The payment result page (docs/payment-result.md) after a real payment on the Stripe stand-in, at 375 and
// 1280 px: what was bought, 'Listen now' playing it, My Account, and a signed-in header from the first paint;
// and a cancelled payment naming what was not bought.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Records, from before the result page's first paint, whether its header ever offered Sign In (a signed-out
 * header): a MutationObserver set up before any of the page's own code runs.
 */
async function watchHeaderForSignIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.location.pathname !== '/checkout/result') return;
    const w = window as unknown as { sawSignIn?: boolean; sawHeader?: boolean };
    w.sawSignIn = false;
    w.sawHeader = false;
    const check = () => {
      const header = document.querySelector('#root header');
      if (header) w.sawHeader = true;
      if (header?.querySelector('a[href="/auth"], a[href^="/auth?"]')) w.sawSignIn = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
}

const result = (page: Page) => page.getByTestId('payment-result');

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      await answerConsent(page);
    });

    test('paid: "Payment Successful!" names the audio, Listen now plays it, My Account has it; signed in from the first paint', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`result-${width}`);
      await createConfirmedUser(request, email);
      await open(page, '/individual-audios');
      await addAudio(page, 'Wake Refreshed');
      // A first checkout abandoned on the payment page (back to the site), then a second one paid.
      await checkoutToHostedPage(page, email, '£2.99');
      await open(page, '/cart');
      await page.getByRole('link', { name: 'Checkout', exact: true }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.getByRole('button', { name: 'Pay with card' }).click();
      await expect(page).toHaveURL(/\/_local\/stripe\/checkout\/cs_/);
      await watchHeaderForSignIn(page);
      await payWith(page, '4242 4242 4242 4242');

      await expect(page).toHaveURL(/\/checkout\/result\?session_id=cs_/);
      await expect(
        result(page).getByRole('heading', { level: 2, name: 'Payment Successful!' }),
      ).toBeVisible();
      await expect(result(page)).toContainText('"Wake Refreshed" has been added to your account.');
      await expect(result(page).getByRole('listitem')).toHaveText(['Wake Refreshed']);
      expect(await page.evaluate(() => (window as unknown as { sawHeader?: boolean }).sawHeader)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { sawSignIn?: boolean }).sawSignIn)).toBe(false);
      if (width === 1280) {
        await expect(
          page.getByRole('banner').getByRole('button', { name: /^Account menu for / }),
        ).toBeVisible();
      }
      await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveCount(0);
      expect(await axeProblems(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      const listen = result(page).getByRole('button', { name: 'Listen now' });
      await listen.focus();
      await page.keyboard.press('Enter');
      const notice = page.getByRole('alertdialog', { name: 'Before you listen' });
      await expect(notice).toBeVisible();
      // 'I understand, play' is the default (focused: Enter plays); closing returns focus to 'Listen now'.
      await expect(notice.getByRole('button', { name: 'I understand, play' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(notice).toBeHidden();
      await expect(listen).toBeFocused();
      const bar = page.getByRole('region', { name: 'Audio player' });
      await expect(
        bar.getByRole('paragraph').filter({ hasText: /^Now playing: Wake Refreshed$/ }),
      ).toBeVisible();

      await result(page).getByRole('link', { name: 'My Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('button', { name: 'Play Wake Refreshed' })).toBeVisible();
      // One order, paid; the unpaid one before it (the same audio, abandoned) is not listed.
      const orders = page.getByRole('list', { name: 'Your orders' });
      await expect(orders.getByRole('heading', { level: 3 })).toHaveCount(1);
      await expect(orders).toContainText('Paid');
      await expect(orders).not.toContainText('Expired');
      await expect(orders).not.toContainText('Awaiting payment');
    });

    test('cancelled: "Payment Cancelled" names what was not bought, Back to Cart keeps it', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`cancel-${width}`);
      await createConfirmedUser(request, email);
      await open(page, '/individual-audios');
      await addAudio(page, 'Tennis Focus');
      await checkoutToHostedPage(page, email, '£2.99');
      await page.getByRole('link', { name: 'Cancel' }).click();

      await expect(page).toHaveURL(/\/checkout\/result\?status=cancelled&order=/);
      await expect(result(page).getByRole('heading', { level: 2, name: 'Payment Cancelled' })).toBeVisible();
      await expect(result(page)).toContainText('Your payment was cancelled. No charges were made.');
      await expect(result(page).getByRole('listitem')).toHaveText(['Tennis Focus']);
      expect(await axeProblems(page)).toEqual([]);
      await result(page).getByRole('link', { name: 'Back to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId('cart-line')).toContainText('Tennis Focus');

      // The checkout never paid is no order of theirs (docs/payment-result.md).
      await open(page, '/account');
      await expect(page.getByText('You have no orders yet.')).toBeVisible();
      await expect(page.getByText('Awaiting payment')).toHaveCount(0);
    });
  });
}
