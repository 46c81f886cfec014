import type { Locator, Page } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { signInAsAdmin, tab } from './admin-session';
import { axeProblems } from './axe';
import { allowFailedRequests, expect as baseExpect, open, stackUrl, test } from './fixtures';
import { findLayoutProblems } from './layout-check';
import { signUpAndClaim } from './sign-up';
import {
  ADMIN_ROLE_LOCK,
  adminToken,
  createCustomer,
  createPackage,
  createPaidOrder,
  createProduct,
  restGet,
  tokenFor,
} from './stack-data';

// The admin dashboard end to end, in Chromium against the production build and the in-memory local stack with
// its demo orders: each section, the refusals, and a refund through the local Stripe stand-in. Each test makes
// the audio, package, customer or order it changes (e2e/stack-data.ts), so the tests run in parallel; the
// seeded catalogue and demo customers are only read.
// Each test signs in and walks several sections on a shared, busy machine.
test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'password123';
// New accounts need a password that is not on the leaked-password list (the demo's is).
const NEW_PASSWORD = 'Quiet-Harbour-47';

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

test('signed out goes to the admin sign-in; a customer is denied', async ({ page }) => {
  await open(page, '/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email', { exact: true }).fill('customer@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await expect(page.getByRole('alert')).toHaveText('Access denied. Admin privileges required.');
});

test('overview: the figures match the orders in the database', async ({ page, request }) => {
  await signInAsAdmin(page);
  const token = await adminToken(request);
  const overview = tab(page, 'Overview');
  // Other tests pay for and refund their own orders meanwhile: when one lands between the read below and the
  // overview's own, the page is loaded again and both are read afresh, until a pair agrees.
  let reload = false;
  await expect(async () => {
    if (reload) await page.reload();
    reload = true;
    // Read through the orders table (RLS: admins read all), not through the rollups the overview uses.
    const paid = await restGet<
      { user_id: string | null; amount_pence: number; amount_paid_pence: number | null }[]
    >(request, 'orders?select=user_id,amount_pence,amount_paid_pence&status=eq.paid', token);
    const revenue = paid.reduce((sum, order) => sum + (order.amount_paid_pence ?? order.amount_pence), 0);
    const customers = new Set(paid.map((order) => order.user_id).filter(Boolean)).size;
    expect(paid.length).toBeGreaterThan(0);
    const settled = { timeout: 10_000 };
    await expect(overview.getByTestId('figure-Revenue, all time')).toHaveText(gbp(revenue), settled);
    await expect(overview.getByTestId('figure-Paid orders')).toHaveText(String(paid.length), settled);
    await expect(overview.getByTestId('figure-Customers')).toHaveText(String(customers), settled);
    await expect(overview.getByTestId('figure-Average order value')).toHaveText(
      gbp(Math.round(revenue / paid.length)),
      settled,
    );
  }).toPass({ timeout: 90_000 });
  await expect(
    overview.getByRole('img', { name: /Bar chart of revenue per week over 12 weeks/ }),
  ).toBeVisible();
  const weeks = overview.getByRole('table', { name: 'Revenue per week, last 12 weeks' }).locator('tbody tr');
  await expect(weeks).toHaveCount(12);
  await expect(overview.getByRole('table', { name: 'Best sellers' })).toBeVisible();
});

test('sections by keyboard; orders filter, detail and CSV export', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const orders = tab(page, 'Orders');
  await orders.getByLabel('Status').selectOption('refunded');
  await orders.getByRole('button', { name: 'Apply filters' }).press('Enter');
  // The seeded refunded order, and any another test (admin-phone.spec, in parallel) refunded meanwhile.
  const rows = orders.getByRole('table', { name: 'Orders, newest first' }).locator('tbody tr');
  await expect(rows.first()).toContainText('Refunded');
  for (const row of await rows.all()) await expect(row).toContainText('Refunded');
  await rows
    .first()
    .getByRole('button', { name: /Details of the order/ })
    .press('Enter');
  await expect(orders.getByRole('heading', { name: 'Order details' })).toBeFocused();

  const download = page.waitForEvent('download');
  await orders.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(csv[0]).toBe('Order ID,Date,Customer email,Items,Total (GBP),Paid (GBP),Status,Refunded at');
  expect(csv.length).toBeGreaterThanOrEqual(2);
  for (const line of csv.slice(1)) expect(line).toContain('"refunded"');
});

test('catalogue: a new price shows in the shop catalogue; the edit is logged', async ({ page, request }) => {
  // Unpublished: a published audio of the test's own would change the shop's counts and categories for the
  // shop tests running beside this one.
  const product = await createProduct(request, 'Price', { price_pence: 299 });
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const catalogue = tab(page, 'Catalogue');
  await catalogue.getByLabel('Search products and packages').fill(product.title);
  await catalogue.getByRole('button', { name: 'Search' }).click();
  await catalogue.getByRole('button', { name: `Edit ${product.title}` }).click();
  const price = catalogue.getByLabel('Price (£)');
  await price.fill('2.999');
  await catalogue.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(catalogue.getByText('Enter a price in pounds and pence')).toBeVisible();
  await price.fill('3.49');
  await catalogue.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(catalogue.getByText(`${product.title} saved.`)).toBeVisible();

  // The shop reads prices from this same catalogue REST read (here as the admin: the audio is unpublished).
  const rows = await restGet<{ price_pence: number }[]>(
    request,
    `products?select=price_pence&id=eq.${product.id}`,
    await adminToken(request),
  );
  expect(rows).toEqual([{ price_pence: 349 }]);

  await page.getByRole('tab', { name: 'Activity log' }).click();
  const log = tab(page, 'Activity log').getByRole('table', { name: 'Activity, newest first' });
  // The newest entry about this audio (other tests log their own meanwhile).
  const entry = log.locator('tbody tr').filter({ hasText: product.title }).first();
  await expect(entry).toContainText('Product edited');
  await expect(entry).toContainText('admin@example.com');
  await expect(entry).toContainText('299');
  await expect(entry).toContainText('349');
});

test('catalogue: upload a preview, then play it', async ({ page, request }) => {
  const created = await createProduct(request, 'Preview');
  const token = await adminToken(request);
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const catalogue = tab(page, 'Catalogue');
  await catalogue.getByLabel('Search products and packages').fill(created.title);
  await catalogue.getByRole('button', { name: 'Search' }).click();
  await catalogue.getByRole('button', { name: `Edit ${created.title}` }).click();
  // Unpublished: read as the admin.
  const product = (
    await restGet<{ id: string; preview_path: string | null }[]>(
      request,
      `products?select=id,preview_path&id=eq.${created.id}`,
      token,
    )
  )[0]!;

  // Not audio: refused, nothing changes.
  await catalogue.getByLabel('Upload preview').setInputFiles({
    name: 'notes.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('not really an mp3'),
  });
  await expect(catalogue.getByText('Choose an MP3 or M4A file.')).toBeVisible();

  await catalogue.getByLabel('Upload preview').setInputFiles({
    name: 'new-preview.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(toneMp3(3)),
  });
  await expect(catalogue.getByText('Preview uploaded.')).toBeVisible();
  const updated = (
    await restGet<{ preview_path: string }[]>(
      request,
      `products?select=preview_path&id=eq.${product.id}`,
      token,
    )
  )[0]!;
  expect(updated.preview_path).toMatch(new RegExp(`^previews/${product.id}-\\d+\\.mp3$`));
  expect(updated.preview_path).not.toBe(product.preview_path);

  await catalogue.getByRole('button', { name: 'Play preview' }).click();
  const player = catalogue.getByLabel(`Preview of ${created.title}`);
  await expect(player).toBeVisible();
  const src = await player.getAttribute('src');
  expect(src).toContain(encodeURI(updated.preview_path));
  const audio = await request.get(src!);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');
  expect((await audio.body()).byteLength).toBe(toneMp3(3).byteLength);
});

test('catalogue: create a package with two audios, see it in the shop, take one out', async ({
  page,
  request,
}) => {
  const title = `E2E Package ${Date.now()}`;
  const audios = await restGet<{ id: string; title: string }[]>(
    request,
    `products?select=id,title&title=in.(${encodeURIComponent('"Fearless Flying","Calm Under Pressure"')})&order=title`,
  );
  expect(audios.map((audio) => audio.title)).toEqual(['Calm Under Pressure', 'Fearless Flying']);

  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const catalogue = tab(page, 'Catalogue');
  await catalogue.getByRole('button', { name: 'New package' }).click();
  const editor = catalogue.getByRole('region', { name: 'New package' });
  await expect(editor.getByRole('heading', { name: 'New package' })).toBeFocused();

  // Bad input: nothing is created.
  await editor.getByLabel('Price (£)').fill('abc');
  await editor.getByLabel('Published').check();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByText('Enter a title.')).toBeVisible();
  await expect(editor.getByText('Enter a price in pounds and pence')).toBeVisible();
  await expect(editor.getByText('Add at least one audio before publishing.')).toBeVisible();

  await editor.getByLabel('Title', { exact: true }).fill(title);
  await editor.getByLabel('Category', { exact: true }).fill('Confidence');
  await editor.getByLabel('Description').fill('Two audios for calm travel.');
  await editor.getByLabel('Price (£)').fill('4.50');
  for (const audio of audios) {
    await editor.getByLabel('Add an audio').selectOption(audio.id);
    await editor.getByRole('button', { name: 'Add audio' }).click();
    await expect(editor.getByText(`${audio.title} added.`)).toBeVisible();
  }
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(catalogue.getByText(`${title} created.`)).toBeVisible();
  await expect(catalogue.getByRole('button', { name: 'New package' })).toBeFocused();

  const shop = await page.context().newPage();
  await open(shop, '/audio-library');
  const card = shop
    .getByRole('article')
    .filter({ has: shop.getByRole('heading', { name: title, exact: true }) });
  await expect(card).toContainText('£4.50');
  await expect(card.getByRole('listitem')).toHaveText(['Calm Under Pressure', 'Fearless Flying']);

  // Take one audio out: saved at once, logged, and the shop shows the change.
  await catalogue.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = catalogue.getByRole('region', { name: `Edit ${title}` });
  await edit.getByRole('button', { name: 'Remove Calm Under Pressure from the package' }).click();
  await expect(edit.getByText('Calm Under Pressure removed.')).toBeVisible();
  await expect(edit.getByRole('list', { name: 'Audios in this package' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await open(shop, '/audio-library');
  await expect(card.getByRole('listitem')).toHaveText(['Fearless Flying']);
  await shop.close();

  await page.getByRole('tab', { name: 'Activity log' }).click();
  // The newest entry about this package (other tests log their own meanwhile).
  const entry = tab(page, 'Activity log').locator('tbody tr').filter({ hasText: title }).first();
  await expect(entry).toContainText('Removed from a package');
  await expect(entry).toContainText(`Calm Under Pressure in ${title}`);
});

test('customers: grant an audio by hand', async ({ page, request }) => {
  const customer = await createCustomer(request, 'grant');
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = tab(page, 'Customers');
  await customers.getByLabel('Search by email').fill(customer.email);
  await customers.getByRole('button', { name: 'Search' }).click();
  await customers.getByRole('button', { name: `Purchases of ${customer.email}` }).click();
  await expect(customers.getByRole('heading', { name: `Purchases of ${customer.email}` })).toBeFocused();
  await customers.getByLabel('Audio', { exact: true }).selectOption({ label: 'Wake Refreshed (Insomnia)' });
  await customers.getByRole('button', { name: 'Grant audio' }).click();
  await expect(customers.getByText('Wake Refreshed granted.')).toBeVisible();
  await expect(customers.getByText(/Wake Refreshed \(.*Granted \(free\)\)/)).toBeVisible();

  const token = await tokenFor(request, customer.email, customer.password);
  const owned = await restGet<{ title: string }[]>(request, 'purchases?select=title&price=eq.0', token);
  expect(owned).toContainEqual({ title: 'Wake Refreshed' });
});

test('orders: refund through the local Stripe stand-in; the customer loses the audio', async ({
  page,
  request,
}) => {
  // Two paid orders: the older is refunded (the list's last row), the newer keeps the filtered list in place.
  const customer = await createCustomer(request, 'refund');
  const orderId = await createPaidOrder(request, customer, 'wake-refreshed');
  await createPaidOrder(request, customer, 'fearless-flying');
  const customerToken = await tokenFor(request, customer.email, customer.password);
  const before = await restGet<{ title: string; order_id: string | null }[]>(
    request,
    'purchases?select=title,order_id&order_id=not.is.null',
    customerToken,
  );
  expect(before.length).toBeGreaterThan(0);

  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = tab(page, 'Orders');
  await orders.getByLabel('Search by customer email or audio title').fill(customer.email);
  await orders.getByLabel('Status').selectOption('paid');
  await orders.getByRole('button', { name: 'Apply filters' }).click();
  // The orders' rows (an open order's panel is a row of its own).
  const rows = orders
    .getByRole('table', { name: 'Orders, newest first' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /Details of the order/ }) });
  await expect(rows.first()).toContainText(customer.email);
  const paidCount = await rows.count();
  await rows
    .last()
    .getByRole('button', { name: /Details of the order/ })
    .click();
  const detail = orders.getByRole('region', { name: 'Order details' });
  await expect(detail.getByRole('heading', { name: 'Audio granted' })).toBeVisible();
  await expect(detail.getByText('None (revoked or not granted).')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Refund' }).click();
  await detail.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(detail.getByText('Order refunded; its audio has been revoked.')).toBeVisible();
  await expect(detail.getByText('None (revoked or not granted).')).toBeVisible();
  await expect(rows).toHaveCount(paidCount - 1);

  const after = await restGet<{ title: string; order_id: string | null }[]>(
    request,
    'purchases?select=title,order_id&order_id=not.is.null',
    customerToken,
  );
  expect(after.length).toBeLessThan(before.length);

  // The log's entry of this refund (other tests refund their own meanwhile), known by its Stripe refund.
  const [logged] = await restGet<{ after: { stripe_refund: string } }[]>(
    request,
    `admin_activity?select=after&action=eq.order.refund&entity_id=eq.${orderId}`,
    await adminToken(request),
  );
  expect(logged?.after.stripe_refund).toMatch(/^re_/);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(
    tab(page, 'Activity log').locator('tbody tr').filter({ hasText: logged!.after.stripe_refund }),
  ).toContainText('Order refunded');
});

// axe (WCAG 2.1 A/AA) and the layout check on every section, with its panels open, at small phone (320 px),
// phone and desktop widths in both palettes. Screenshots go to /tmp/admin/ for a look by eye.

async function expectAccessible(page: Page, label: string, shot: string, panel?: Locator): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A tab just selected may still be fading to its colours: measure contrast once transitions are over.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const violations = await axeProblems(page);
  expect(violations, `axe: ${label}`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `layout: ${label}`).toEqual([]);
  // Screenshots for a look by eye, only when asked for (they check nothing and cost a lot of the run's time):
  // E2E_SCREENSHOTS=/some/dir npx playwright test e2e/admin.spec.ts
  const shots = process.env.E2E_SCREENSHOTS;
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${shot}.png`, fullPage: true });
  // The open panel on its own too (a whole phone page is too tall to look at).
  if (panel) await panel.screenshot({ path: `${shots}/${shot}-panel.png` });
}

for (const palette of ['default', 'high-contrast'] as const) {
  for (const width of [320, 375, 1280] as const) {
    test(`every section is accessible at ${width}px (${palette})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((highContrast) => {
        localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast }));
      }, palette === 'high-contrast');
      const at = (section: string) => `${section} at ${width}px (${palette})`;
      const shot = (section: string) => `${section}-${width}-${palette}`;
      await signInAsAdmin(page);

      const overview = tab(page, 'Overview');
      await expect(overview.getByTestId('figure-Paid orders')).toBeVisible();
      await expectAccessible(page, at('overview'), shot('overview'));

      await page.getByRole('tab', { name: 'Orders' }).click();
      const orders = tab(page, 'Orders');
      await orders
        .getByRole('button', { name: /Details of the order/ })
        .first()
        .click();
      await expect(orders.getByRole('heading', { name: 'Audio granted' })).toBeVisible();
      await expectAccessible(
        page,
        at('orders with an order open'),
        shot('orders'),
        orders.getByRole('region', { name: 'Order details' }),
      );

      await page.getByRole('tab', { name: 'Customers' }).click();
      const customers = tab(page, 'Customers');
      await customers
        .getByRole('button', { name: /^Purchases of / })
        .first()
        .click();
      await expect(customers.getByRole('heading', { name: 'Grant an audio' })).toBeVisible();
      await expectAccessible(
        page,
        at('customers with purchases open'),
        shot('customers'),
        customers.getByRole('region', { name: /^Purchases of / }),
      );

      await page.getByRole('tab', { name: 'Catalogue' }).click();
      const catalogue = tab(page, 'Catalogue');
      await catalogue.getByRole('button', { name: 'Edit Fearless Flying' }).click();
      await expect(catalogue.getByRole('heading', { name: 'Audio files' })).toBeVisible();
      await expectAccessible(
        page,
        at('catalogue editing a product'),
        shot('catalogue-product'),
        catalogue.getByRole('region', { name: 'Edit Fearless Flying' }),
      );
      await catalogue.getByRole('button', { name: 'Edit Better Sleep Package' }).click();
      await expect(catalogue.getByRole('heading', { name: 'Audios in this package' })).toBeVisible();
      await expectAccessible(
        page,
        at('catalogue editing a package'),
        shot('catalogue-package'),
        catalogue.getByRole('region', { name: 'Edit Better Sleep Package' }),
      );

      await page.getByRole('tab', { name: 'Admins' }).click();
      await expect(tab(page, 'Admins').getByRole('table', { name: 'Admins' })).toBeVisible();
      await expectAccessible(page, at('admins'), shot('admins'));

      await page.getByRole('tab', { name: 'Activity log' }).click();
      const activity = tab(page, 'Activity log');
      // Rows when earlier tests have changed something; the empty message on a fresh stack.
      await expect(
        activity
          .getByRole('table', { name: 'Activity, newest first' })
          .or(activity.getByText('Nothing has been changed yet.')),
      ).toBeVisible();
      await expectAccessible(page, at('activity log'), shot('activity'));
    });
  }
}

// When the host will not take the rebuild request, the catalogue tab says so and what it means; asking again
// (here, once the host answers) clears it.
test('catalogue: a failed rebuild request is shown, with what it means; asking again clears it', async ({
  page,
  request,
  consoleProblems,
}) => {
  const product = await createProduct(request, 'Rebuild');
  // The function's answer when the host's build hook refuses (supabase/functions/request-site-rebuild).
  const refused = '**/functions/v1/request-site-rebuild';
  await page.route(refused, (route) =>
    route.fulfill({
      status: 502,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The site host did not accept the rebuild. Please try again.' }),
    }),
  );
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const catalogue = tab(page, 'Catalogue');
  await catalogue.getByLabel('Search products and packages').fill(product.title);
  await catalogue.getByRole('button', { name: 'Search' }).click();
  await catalogue.getByRole('button', { name: `Edit ${product.title}` }).click();
  await catalogue.getByLabel('Price (£)').fill('3.29');
  await catalogue.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(catalogue.getByText(`${product.title} saved.`)).toBeVisible();

  const notice = catalogue.getByRole('alert');
  await expect(notice).toHaveText(
    'The shop pages could not be sent for rebuilding. Your change is already live in the shop; search engines will see it after the next deploy of the site.',
  );
  expect(await axeProblems(page)).toEqual([]);

  // The host answers now. (Answered here rather than by the stack: other tests' catalogue edits may have had
  // the one rebuild of these 2 minutes, docs/security.md; tests/contract/site-rebuild.test.ts covers that.)
  await page.unroute(refused);
  await page.route(refused, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({ requested: true }),
    }),
  );
  const asked = page.waitForResponse('**/functions/v1/request-site-rebuild');
  await catalogue.getByRole('button', { name: 'Ask for the rebuild again' }).click();
  expect(await (await asked).json()).toEqual({ requested: true });
  await expect(notice).toHaveCount(0);
  await expect(catalogue.getByRole('button', { name: 'Ask for the rebuild again' })).toHaveCount(0);
  allowFailedRequests(consoleProblems, [502]);
});

// The prerendered shop pages (the HTML search engines and the first paint get) follow the catalogue: a change
// in the dashboard asks the host to rebuild, here the local stand-in for its deploy hook, which renders the
// two catalogue pages again into the build being served (docs/catalogue-rebuild.md). An audio and a package no
// other test reads; their prices are put back, and the pages rebuilt again, whatever happens.
test('catalogue: a price change reaches the prerendered shop pages (deploy hook)', async ({
  page,
  request,
}) => {
  // One rebuild per 2 minutes (docs/security.md): another test's edit may have had it, and then the dashboard
  // (or the cleanup below) asks again when the 2 minutes are up.
  test.setTimeout(480_000);
  const audio = { title: 'Psoriasis Stress Relief', slug: 'psoriasis-stress-relief' };
  const pkg = { title: 'Healthy Skin Package', slug: 'skin-problems-package' };
  /** The prerendered card of an item, from the page's HTML as fetched without JavaScript. */
  const prerenderedCard = async (path: string, key: string): Promise<string> => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const start = html.indexOf(`data-keep-in-view="${key}"`);
    expect(start, `${key} in the HTML of ${path}`).toBeGreaterThan(0);
    // A package card holds a list of its audios: it ends with its article.
    return html.slice(start, html.indexOf(key.startsWith('package:') ? '</article>' : '</li>', start));
  };
  const rebuilt = async (audioPrice: string, packagePrice: string) => {
    await expect
      .poll(() => prerenderedCard('/individual-audios', `product:${audio.slug}`), { timeout: 200_000 })
      .toContain(`>${audioPrice}<`);
    await expect
      .poll(() => prerenderedCard('/audio-library', `package:${pkg.slug}`), { timeout: 200_000 })
      .toContain(`>${packagePrice}<`);
  };
  expect(await prerenderedCard('/individual-audios', `product:${audio.slug}`)).toContain('>£2.99<');
  expect(await prerenderedCard('/audio-library', `package:${pkg.slug}`)).toContain('>£6.99<');

  try {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    const catalogue = tab(page, 'Catalogue');
    for (const [item, price] of [
      [audio, '3.79'],
      [pkg, '7.49'],
    ] as const) {
      await catalogue.getByLabel('Search products and packages').fill(item.title);
      await catalogue.getByRole('button', { name: 'Search' }).click();
      await catalogue.getByRole('button', { name: `Edit ${item.title}` }).click();
      await catalogue.getByLabel('Price (£)').fill(price);
      await catalogue.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(catalogue.getByText(`${item.title} saved.`)).toBeVisible();
    }
    await rebuilt('£3.79', '£7.49');
  } finally {
    const token = await adminToken(request);
    const headers = {
      apikey: PUBLIC_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    for (const [table, slug, pence] of [
      ['products', audio.slug, 299],
      ['packages', pkg.slug, 699],
    ] as const) {
      const restored = await request.patch(`${stackUrl}/rest/v1/${table}?slug=eq.${slug}`, {
        headers,
        data: { price_pence: pence },
      });
      expect(restored.ok()).toBe(true);
    }
    // Asked until the 2 minutes since the last rebuild are up (deferred meanwhile, with the seconds left).
    const askRebuild = async () => {
      const answer = await request.post(`${stackUrl}/functions/v1/request-site-rebuild`, {
        headers,
        data: {},
      });
      return ((await answer.json()) as { requested: boolean }).requested;
    };
    await expect.poll(askRebuild, { timeout: 150_000, intervals: [5_000] }).toBe(true);
    await rebuilt('£2.99', '£6.99');
  }
});

// Who is an admin is the one thing every test shares (each signs in as the seeded admin). The two tests that
// change it hold a lock, so they never run at the same time (the first counts the admins and needs the seeded
// admin to be the last one); every other test runs beside them.
test.describe('the admin role', { lock: ADMIN_ROLE_LOCK }, () => {
  test('admins: the last admin cannot be removed; grant and revoke a colleague', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const email = `e2e-colleague-${Date.now()}@example.com`;
    await signUpAndClaim(request, email, NEW_PASSWORD);

    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Admins' }).click();
    const admins = tab(page, 'Admins');
    const table = admins.getByRole('table', { name: 'Admins' });
    await expect(table.locator('tbody tr')).toHaveCount(1);

    await admins.getByRole('button', { name: 'Remove admin role of admin@example.com' }).click();
    await admins.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(admins.getByRole('alert')).toHaveText(
      'The last admin cannot be removed. Make another account an admin first.',
    );

    await admins.getByLabel('Email of an existing account').fill('nobody-here@example.com');
    await admins.getByRole('button', { name: 'Make admin' }).click();
    await expect(admins.getByRole('alert')).toHaveText(
      'No account uses that email. Ask them to sign up first.',
    );

    await admins.getByLabel('Email of an existing account').fill(email);
    await admins.getByRole('button', { name: 'Make admin' }).press('Enter');
    await expect(admins.getByText(`${email} is now an admin.`)).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(2);

    // With two admins, removing yourself is still refused.
    await admins.getByRole('button', { name: 'Remove admin role of admin@example.com' }).click();
    await admins.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(admins.getByRole('alert')).toHaveText(
      'You cannot remove your own admin role. Ask another admin to do it.',
    );

    await admins.getByRole('button', { name: `Remove admin role of ${email}` }).click();
    await admins.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(admins.getByText(`${email} is no longer an admin.`)).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    // The three refusals above answered 403 (last admin), 500 (unknown email) and 403 (yourself). The unknown
    // email is raised as P0002 (no_data_found), which PostgREST answers 500 on hosted Supabase too
    // (docs/postgrest-parity.md); a 4xx needs another SQLSTATE in the function (e.g. PT404).
    allowFailedRequests(consoleProblems, [403, 500, 403]);
  });

  test('every task by keyboard alone: focus moves into panels and back, confirmations start on "no"', async ({
    page,
    request,
  }) => {
    const colleague = `e2e-keys-${Date.now()}@example.com`;
    await signUpAndClaim(request, colleague, NEW_PASSWORD);
    const product = await createProduct(request, 'Keys');
    const pkg = await createPackage(request, 'Keys package', [product.id]);
    const customer = await createCustomer(request, 'keys');
    await createPaidOrder(request, customer, 'fearless-flying');
    await createPaidOrder(request, customer, 'wake-refreshed');
    await signInAsAdmin(page);
    const focused = () => page.locator(':focus');

    // Catalogue: edit a price.
    // Overview, Orders, Customers, Appointments, Catalogue.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Catalogue' })).toBeFocused();
    const catalogue = tab(page, 'Catalogue');
    await catalogue.getByLabel('Search products and packages').focus();
    await page.keyboard.type(product.title);
    await page.keyboard.press('Enter');
    const edit = catalogue.getByRole('button', { name: `Edit ${product.title}` });
    await edit.press('Enter');
    await expect(catalogue.getByRole('heading', { name: `Edit ${product.title}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(focused()).toHaveText('Close');
    await catalogue.getByLabel('Price (£)').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3.19');
    await page.keyboard.press('Enter');
    await expect(catalogue.getByText(`${product.title} saved.`)).toBeVisible();
    await expect(edit).toBeFocused();

    // Upload a preview: the file input is reached by Tab and opened with Space.
    await edit.press('Enter');
    const upload = catalogue.getByLabel('Upload preview');
    await upload.focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles({ name: 'keys.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(toneMp3(2)) });
    await expect(catalogue.getByText('Preview uploaded.')).toBeVisible();
    await catalogue.getByRole('button', { name: 'Close', exact: true }).press('Enter');
    await expect(edit).toBeFocused();

    // A package's contents: add an audio, then take it out again.
    await catalogue.getByLabel('Search products and packages').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(pkg.title);
    await page.keyboard.press('Enter');
    await catalogue.getByRole('button', { name: `Edit ${pkg.title}` }).press('Enter');
    const contents = catalogue.getByRole('list', { name: 'Audios in this package' }).getByRole('listitem');
    const before = await contents.count();
    await catalogue.getByLabel('Add an audio').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(focused()).toHaveText('Add audio');
    await page.keyboard.press('Enter');
    await expect(catalogue.getByText(/ added\.$/)).toBeVisible();
    await expect(contents).toHaveCount(before + 1);
    await contents
      .last()
      .getByRole('button', { name: /^Remove / })
      .press('Enter');
    await expect(catalogue.getByRole('heading', { name: 'Audios in this package' })).toBeFocused();
    await expect(contents).toHaveCount(before);

    // Admins: grant, then the confirmation opens on "Keep" and gives the focus back.
    await page.getByRole('tab', { name: 'Catalogue' }).focus();
    await page.keyboard.press('ArrowRight');
    const admins = tab(page, 'Admins');
    await admins.getByLabel('Email of an existing account').focus();
    await page.keyboard.type(colleague);
    await page.keyboard.press('Enter');
    await expect(admins.getByText(`${colleague} is now an admin.`)).toBeVisible();
    const remove = admins.getByRole('button', { name: `Remove admin role of ${colleague}` });
    await remove.press('Enter');
    await expect(admins.getByRole('button', { name: 'Keep' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(focused()).toHaveText('Yes, remove');
    await page.keyboard.press('Enter');
    await expect(admins.getByText(`${colleague} is no longer an admin.`)).toBeFocused();

    // Customers: find one by email, grant an audio, close the panel.
    await page.getByRole('tab', { name: 'Admins' }).focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Customers' })).toBeFocused();
    const customers = tab(page, 'Customers');
    await customers.getByLabel('Search by email').focus();
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Enter');
    const purchases = customers.getByRole('button', { name: `Purchases of ${customer.email}` });
    await purchases.press('Enter');
    await expect(customers.getByRole('heading', { name: `Purchases of ${customer.email}` })).toBeFocused();
    await customers.getByLabel('Audio', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(focused()).toHaveText('Grant audio');
    await page.keyboard.press('Enter');
    await expect(customers.getByText(/ granted\.$/)).toBeVisible();
    await customers.getByRole('button', { name: 'Close', exact: true }).press('Enter');
    await expect(purchases).toBeFocused();

    // Orders: refund a paid order; the confirmation opens on "Keep the order".
    await page.getByRole('tab', { name: 'Customers' }).focus();
    await page.keyboard.press('ArrowLeft');
    const orders = tab(page, 'Orders');
    // This test's customer's orders only: whatever else the suite bought or owns stays as it is.
    await orders.getByLabel('Search by customer email or audio title').focus();
    await page.keyboard.type(customer.email);
    await orders.getByLabel('Status').focus();
    await orders.getByLabel('Status').selectOption('paid');
    await orders.getByRole('button', { name: 'Apply filters' }).press('Enter');
    await expect(orders.locator('tbody tr').first()).toContainText(customer.email);
    await expect(orders.locator('tbody tr').first()).toContainText('Paid');
    await orders
      .getByRole('button', { name: /Details of the order/ })
      .first()
      .press('Enter');
    const detail = orders.getByRole('region', { name: 'Order details' });
    await expect(detail.getByRole('heading', { name: 'Order details' })).toBeFocused();
    await detail.getByRole('button', { name: 'Refund' }).press('Enter');
    await expect(detail.getByRole('button', { name: 'Keep the order' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(focused()).toHaveText('Yes, refund');
    await page.keyboard.press('Enter');
    await expect(detail.getByText('Order refunded; its audio has been revoked.')).toBeFocused();
  });
});
