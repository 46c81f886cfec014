import type { Page } from '@playwright/test';
import { axeProblems } from './axe';
import { expect as baseExpect, stackUrl, submitSignIn, test, waitForHydration } from './fixtures';
import { findLayoutProblems } from './layout-check';
import { addAudio, answerConsent, open, payWith } from './shop-journey';
import { createCustomer, createPaidOrder, SEEDED_ADMIN, type Customer } from './stack-data';

// Journeys without a dead end (issue 37), on a phone (390 px) and where it differs a desktop: the cart warns
// before paying and its total is what Stripe charges; the phone header shows the cart and who is signed in;
// the result page states the order; booking reaches the local scheduler stand-in and ends in My Account and
// the dashboard; FAQ search ranks; a shop preview shows its progress. Screenshots (320, 390 and 1280 px) go to
// E2E_SCREENSHOTS when it is set.

test.setTimeout(150_000);
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 } as const;
const SHOT_WIDTHS = [320, 390, 1280] as const;

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await answerConsent(page);
  await page.setViewportSize(PHONE);
});

/** Screenshots of what is on screen at each width, then back to the phone. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(PHONE);
}

async function signIn(page: Page, who: Customer): Promise<void> {
  await open(page, '/auth');
  await submitSignIn(page, who.email, who.password);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
}

const packageCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the cart flags what is already covered, fixes it in one tap, and charges what it shows; the result page states the order', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'covered');
  await createPaidOrder(request, customer, 'sleep-deeply-tonight');

  // Signed out: the Inception Guide and an owned audio, then the package that includes both.
  await open(page, '/individual-audios');
  await addAudio(page, 'The Self-Hypnosis Inception Guide');
  await addAudio(page, 'Sleep Deeply Tonight');
  await open(page, '/audio-library');
  await packageCard(page, 'Better Sleep Package')
    .getByRole('button', { name: /^Add to Cart/ })
    .click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart 3 items' })).toBeVisible();

  await open(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Check before you pay' })).toBeVisible();
  const guideLine = page.getByTestId('cart-line').filter({ hasText: 'The Self-Hypnosis Inception Guide' });
  await expect(guideLine).toContainText(
    '"The Self-Hypnosis Inception Guide" is already included in "Better Sleep Package" in your cart, so it will not be charged twice.',
  );
  await expect(page.getByTestId('cart-total')).toHaveText('£6.99');
  expect(await axeProblems(page)).toEqual([]);
  expect(await page.evaluate(findLayoutProblems)).toEqual([]);
  await shoot(page, 'cart-warning', true);
  // One tap: the guide goes, the package stays.
  await guideLine
    .getByRole('button', { name: 'Remove "The Self-Hypnosis Inception Guide", keep the package' })
    .click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('£6.99');

  // On the way to checkout, signed out: the sign-in page says the cart will be checked.
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout/);
  await expect(page.getByTestId('checkout-note')).toContainText(
    'Your cart is then checked against the audios you already own',
  );
  await submitSignIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/checkout$/);

  // Signed in, the owned audio is flagged and left out of the package's price, as create-checkout charges it.
  const notices = page.getByTestId('cart-notice');
  await expect(notices.filter({ hasText: /^You already own "Sleep Deeply Tonight"/ })).toHaveCount(1);
  await expect(
    notices.filter({ hasText: 'In "Better Sleep Package", you already own "Sleep Deeply Tonight"' }),
  ).toHaveCount(1);
  const shown = (await page.getByTestId('order-total').textContent()) ?? '';
  expect(shown).toMatch(/^£[0-5]\.\d\d$/);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/_local\/stripe\/checkout\/cs_/);
  await expect(page.locator('#total')).toHaveText(shown);
  await payWith(page, '4242 4242 4242 4242');

  // The result: order number, amount paid, items, where the receipt went; the heading focused without a ring.
  await expect(page).toHaveURL(/\/checkout\/result\?session_id=cs_/);
  const result = page.getByTestId('payment-result');
  const heading = result.getByRole('heading', { level: 2, name: 'Payment Successful!' });
  await expect(heading).toBeFocused();
  // The keyboard-navigation setting (on by default) draws a heavy ring; not round a heading nobody tabbed to.
  await expect(page.locator('html')).toHaveClass(/keyboard-navigation/);
  expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
  expect(await heading.evaluate((element) => getComputedStyle(element).boxShadow)).toBe('none');
  await expect(result.getByText('Order number')).toBeVisible();
  await expect(result.locator('dd').first()).toHaveText(/^[0-9A-F]{8}$/);
  await expect(result.getByText('Amount paid')).toBeVisible();
  await expect(result.locator('dd').nth(1)).toHaveText(shown);
  await expect(result.getByRole('listitem')).toHaveText([/^Better Sleep Package/]);
  await expect(result).toContainText(`A receipt is on its way to ${customer.email}.`);
  expect(await axeProblems(page)).toEqual([]);
  await shoot(page, 'payment-result', true);
  // A keyboard user moving on gets the focus ring.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
  ).not.toBe('none');
});

test('the phone header shows the cart count and who is signed in, without opening the menu, from 320 to 430 px', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'header');
  await signIn(page, customer);
  const header = page.getByRole('banner');
  const name = customer.email.split('@')[0] ?? '';
  await expect(header.getByRole('link', { name: `My Account, signed in as ${name}` })).toBeVisible();
  await open(page, '/individual-audios');
  await addAudio(page, 'Wake Refreshed');
  for (const width of [320, 375, 390, 430]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(header.getByRole('link', { name: 'Cart 1 item' })).toBeVisible();
    await expect(header.getByTestId('cart-count').filter({ visible: true })).toHaveText('1');
    await expect(header.getByRole('link', { name: `My Account, signed in as ${name}` })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  }
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await shoot(page, 'header-signed-in-one-item');
  await header.getByRole('link', { name: `My Account, signed in as ${name}` }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Large and extra-large text at 320 px: nothing overflows.
  for (const fontSize of ['large', 'extra-large']) {
    await page.evaluate((size) => {
      localStorage.setItem('accessibility-settings', JSON.stringify({ fontSize: size }));
    }, fontSize);
    await page.setViewportSize({ width: 320, height: 800 });
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', fontSize);
    await expect(header.getByRole('link', { name: 'Cart 1 item' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), fontSize).toBe(320);
    // One row: the bar leaves the page (and the cookie banner) their room.
    expect((await header.boundingBox())?.height ?? 0, fontSize).toBeLessThan(100);
    await expect(header.getByRole('link', { name: /Hypnotherapy/ }).first()).toBeVisible();
    expect(
      (await page.evaluate(findLayoutProblems)).filter((problem) => problem.includes('header')),
      fontSize,
    ).toEqual([]);
  }
});

test('the header works before the page code arrives: the cart link is a plain link in the prerendered page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/faq');
  const cart = page.getByRole('banner').getByRole('link', { name: 'Cart' });
  await expect(cart).toBeVisible();
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  await context.close();
});

test('booking without a scheduler account reaches the local stand-in, prefilled, and ends in My Account and the dashboard', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'local-booking');
  await signIn(page, customer);
  await open(page, '/virtual-appointments');

  // The embedded calendar's fallback: no scheduler account, so it offers the stand-in's page.
  await page.getByRole('button', { name: 'Load calendar' }).click();
  const viewTimes = page.getByRole('link', { name: /View Available Times/ });
  await expect(viewTimes).toHaveAttribute(
    'href',
    /^http:\/\/localhost:\d+\/_local\/scheduler\/[\w-]+\/50min$/,
  );

  // A booking button: the stand-in's booking page in a new tab, with the customer's email.
  const booking = page.locator('main a[data-booking-link]').first();
  const newTab = page.context().waitForEvent('page');
  await booking.click();
  const tab = await newTab;
  await tab.setViewportSize(PHONE);
  await tab.waitForLoadState();
  expect(tab.url()).toContain(`${stackUrl}/_local/scheduler/`);
  await expect(tab.getByLabel('Email')).toHaveValue(customer.email);
  await shoot(tab, 'local-booking', true);
  await tab.getByLabel('Name').fill('Avery Quinn');
  await tab.getByRole('radio').nth(2).check();
  await tab.getByRole('button', { name: 'Schedule event' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'You are scheduled' })).toBeVisible();
  await tab.close();

  await open(page, '/account');
  await expect(page.getByRole('list', { name: 'Upcoming' }).getByRole('listitem')).toHaveCount(1);

  await page.locator('#sign-out').getByRole('button').click();
  await expect(page).not.toHaveURL(/\/account$/);
  await open(page, '/admin/login');
  await submitSignIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Appointments' });
  await expect(panel.getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
});

test('FAQ search ranks questions above answers and whole words above parts; the counts follow the search', async ({
  page,
}) => {
  await page.goto('/faq');
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('cost');
  const summaries = page.locator('main details > summary');
  await expect(summaries.first()).toHaveText('How much does an appointment cost?');
  const shown = await summaries.count();
  expect(shown).toBeLessThan(33);
  const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
  await expect(chips.first()).toHaveText(new RegExp(`^All Categories\\s*${shown}\\b`));
  await expect(page.getByRole('button', { name: /^Pricing/ })).toHaveAccessibleName(/, [1-9]\d* questions$/);
});

test('a shop preview shows how far it has played, on the button, announced as a progress bar', async ({
  page,
}) => {
  await open(page, '/individual-audios');
  await page.getByRole('searchbox', { name: 'Filter audios' }).fill('Wake Refreshed');
  await page.getByRole('button', { name: /^Preview ?: Wake Refreshed$/ }).click();
  const progress = page.getByRole('progressbar', { name: 'Preview of Wake Refreshed' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(progress).toHaveAttribute('aria-valuetext', /^\d+ of \d+ seconds$/);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: /^Preview ?: Wake Refreshed$/ }).click();
  await expect(progress).toHaveCount(0);
});
