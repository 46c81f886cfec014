import type { Locator, Page } from '@playwright/test';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { signInAsAdmin, tab } from './admin-session';
import { axeProblems } from './axe';
import { expect as baseExpect, test } from './fixtures';
import { findLayoutProblems } from './layout-check';
import { createCustomer, createPaidOrder, createProduct } from './stack-data';

// The practitioner's main jobs on a 375 px phone (issue 29): find an order, open it where it is listed and
// refund it; edit a product and take its length from an uploaded file; look at a customer. Lists stack into
// labelled rows, the orders' filters fold behind 'Filters', and nothing scrolls sideways. Each test makes the
// order or audio it changes (e2e/stack-data.ts), so they run in parallel.
test.setTimeout(150_000);
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 375, height: 812 } });

/** axe and the layout check (nothing wider than the screen, nothing clipped), at this point of the job. */
async function expectUsable(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await axeProblems(page), `axe: ${label}`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `layout: ${label}`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `no sideways scroll: ${label}`,
  ).toBe(375);
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots)
    await page.screenshot({ path: `${shots}/phone-${label.replaceAll(' ', '-')}.png`, fullPage: true });
}

/** Pixels between a row's bottom and a panel's top, measured at one instant (the page may still be scrolling). */
async function gapBelow(row: Locator, panel: Locator): Promise<number> {
  const panelElement = await panel.elementHandle();
  return row.evaluate(
    (tr, region) => region!.getBoundingClientRect().top - tr.getBoundingClientRect().bottom,
    panelElement,
  );
}

test('find an order, open it in place and refund it', async ({ page, request }) => {
  // Two paid orders: one is refunded, the other stays listed under 'Paid'.
  const customer = await createCustomer(request, 'phone-refund');
  await createPaidOrder(request, customer, 'wake-refreshed');
  await createPaidOrder(request, customer, 'fearless-flying');
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = tab(page, 'Orders');
  const table = orders.getByRole('table', { name: 'Orders, newest first' });
  // The filters are folded away: the first results are on the first screen.
  const filters = orders.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(orders.getByLabel('Search by customer email or audio title')).toBeHidden();
  await expect(table.locator('tbody tr').first()).toBeInViewport();
  // Each row is a block of labelled fields, not a table scrolled sideways.
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow.getByText('Customer', { exact: true })).toBeVisible();
  await expect(firstRow.getByText('Total', { exact: true })).toBeVisible();
  await expectUsable(page, 'orders');

  await filters.click();
  await orders.getByLabel('Search by customer email or audio title').fill(customer.email);
  await orders.getByLabel('Status').selectOption('paid');
  await orders.getByRole('button', { name: 'Apply filters' }).click();
  await expect(orders.getByRole('button', { name: 'Filters (2 active)' })).toBeVisible();
  // The orders' rows (an open order's panel is a row of its own).
  const rows = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /Details of the order/ }) });
  await expect(rows.first()).toContainText(customer.email);
  const paidCount = await rows.count();

  const opener = rows.first().getByRole('button', { name: /Details of the order/ });
  await opener.click();
  const detail = orders.getByRole('region', { name: 'Order details' });
  await expect(detail.getByRole('heading', { name: 'Order details' })).toBeFocused();
  // In place: right under the row it belongs to.
  expect(await gapBelow(rows.first(), detail)).toBeGreaterThanOrEqual(-1);
  expect(await gapBelow(rows.first(), detail)).toBeLessThan(40);
  await expectUsable(page, 'order details');

  await detail.getByRole('button', { name: 'Refund' }).click();
  await detail.getByRole('button', { name: 'Yes, refund' }).click();
  // The refunded order leaves the 'Paid' list; its panel stays, with the message in focus, until closed.
  await expect(rows).toHaveCount(paidCount - 1);
  await expect(detail.getByText('Order refunded; its audio has been revoked.')).toBeFocused();
  await detail.getByRole('button', { name: 'Close details' }).click();
  await expect(detail).toHaveCount(0);
});

test('edit a product: its length comes from the uploaded file and stays editable', async ({
  page,
  request,
}) => {
  const { title } = await createProduct(request, 'Phone');
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const catalogue = tab(page, 'Catalogue');
  await catalogue.getByLabel('Search products and packages').fill(title);
  await catalogue.getByRole('button', { name: 'Search' }).click();
  await catalogue
    .getByRole('button', { name: `Edit ${title}` })
    .first()
    .click();
  const editor = catalogue.getByRole('region', { name: `Edit ${title}` });
  await expect(editor.getByRole('heading', { name: `Edit ${title}` })).toBeFocused();
  const length = editor.getByLabel('Length');

  // Not an MP3 at all: refused before anything is stored.
  await editor.getByLabel('Upload full track').setInputFiles({
    name: 'notes.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('not really an mp3'),
  });
  await expect(editor.getByText('Choose an MP3 or M4A file.')).toBeVisible();

  // 3 min 5 s of tone: read in the browser, stored with the file, filled in.
  await editor.getByLabel('Upload full track').setInputFiles({
    name: 'dentist.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(toneMp3(185)),
  });
  await expect(
    editor.getByText('Full track uploaded. Its length, 3:05, is saved and filled in above.'),
  ).toBeVisible();
  await expect(length).toHaveValue('3:05');
  await expectUsable(page, 'product editor');

  // Still editable: a wrong entry is refused, a right one saved.
  await length.fill('three minutes');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Enter the length as minutes and seconds, for example 12:30.')).toBeVisible();
  await length.fill('3:10');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(catalogue.getByText(`${title} saved.`)).toBeVisible();
  await catalogue
    .getByRole('button', { name: `Edit ${title}` })
    .first()
    .click();
  await expect(catalogue.getByRole('region', { name: `Edit ${title}` }).getByLabel('Length')).toHaveValue(
    '3:10',
  );
});

test('look at a customer', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = tab(page, 'Customers');
  await customers.getByLabel('Search by email').fill('olivia');
  await customers.getByRole('button', { name: 'Search' }).click();
  const row = customers.getByRole('table').locator('tbody tr').first();
  await expect(row).toContainText('olivia.hart@example.com');
  await expect(row.getByText('Total spent', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Purchases of / }).click();
  const panel = customers.getByRole('region', { name: /^Purchases of / });
  await expect(panel.getByRole('heading', { name: 'Grant an audio' })).toBeVisible();
  expect(await gapBelow(row, panel)).toBeGreaterThanOrEqual(-1);
  expect(await gapBelow(row, panel)).toBeLessThan(40);
  await expectUsable(page, 'customer');
});
