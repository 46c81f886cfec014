import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { answerConsent, audioItem, open } from './shop-journey';

// Add to Cart answers at once from the prerendered catalogue, with the live catalogue's request still held
// (a slow connection), and the item is the live one in the cart: lines are kept by slug
// (docs/payment-result.md). Focus stays on the control that replaces the pressed button. At 375 and 1280 px.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** Holds every catalogue read (products, packages) until released; returns the release. */
async function holdCatalogue(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(/\/rest\/v1\/(products|packages|package_items)\b/, async (route) => {
    if (released) await route.continue();
    else held.push(() => route.continue());
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((resume) => resume()));
  };
}

for (const width of [375, 1280] as const) {
  test(`at ${width} px: Add to Cart from the prerendered catalogue with the live one held, focus on 'In Cart', the live item in the cart`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 812 });
    await answerConsent(page);
    const release = await holdCatalogue(page);
    await open(page, '/individual-audios');
    await expect(page.getByText('Showing 88 of 88 audios')).toBeVisible(); // the build's snapshot

    const item = audioItem(page, 'Wake Refreshed');
    await expect(item.getByTestId('audio-format')).toHaveText('MP3 · download and streaming');
    await expect(page.getByTestId('audio-format')).toHaveCount(88); // on every card
    const add = item.getByRole('button', { name: /^Add to Cart/ });
    await add.focus();
    await page.keyboard.press('Enter');
    const inCart = item.getByRole('link', { name: /^In Cart/ });
    // Answered with the catalogue request still held, and focus on the link that replaced the button.
    await expect(inCart).toBeFocused();
    await expect(page.getByRole('banner').getByTestId('cart-count').first()).toHaveText('1');
    await expect(page.getByText('Added to Cart', { exact: true })).toBeVisible();
    // Enter on the focused link goes on to the cart (focus was not dropped to the page).
    await release();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('Wake Refreshed');
    await expect(page.getByTestId('cart-total')).toHaveText('£2.99');
    await expect(page.getByTestId('cart-format')).toHaveText(
      'Every audio is an MP3: download it, or stream it in My Account.',
    );
    const stored = await page.evaluate(() => localStorage.getItem('hypnotherapy-cart'));
    expect(JSON.parse(stored ?? '{}')).toEqual({
      version: 2,
      items: [{ kind: 'product', slug: 'wake-refreshed' }],
    });
  });
}
