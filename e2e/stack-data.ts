import type { APIRequestContext } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { DEMO_PURCHASE_SLUGS } from '../supabase/local/seed/demo-purchases';
import { toneMp3 } from '../supabase/local/seed/mp3';
import { expect as baseExpect, stackUrl, uniqueEmail } from './fixtures';
import { createConfirmedUser, PASSWORD } from './shop-journey';

// What an end-to-end test changes, it creates first, through the local stack's own APIs (auth, REST, the
// admin's RPCs, create-checkout and the Stripe stand-in's payment page), as the app would: an audio, a
// package, a customer, a paid order. The seeded data stays as seeded, so tests do not depend on each other's
// order and can run in parallel. The admins are the one thing every test shares: the seeded admin signs in
// to make these, and only the tests of the admin role itself (e2e/admin.spec.ts) change who is an admin.

/** The Playwright lock held by every test that changes who is an admin (tests sharing it never overlap). */
export const ADMIN_ROLE_LOCK = 'admin-role';

const expect = baseExpect.configure({ timeout: 30_000 });

/** The admin the local stack seeds (supabase/local/db/baseline.ts). */
export const SEEDED_ADMIN = { email: 'admin@example.com', password: 'password123' } as const;

/** A signed-in user's access token, from the auth API. */
export async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${stackUrl}/auth/v1/token?grant_type=password`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The seeded admin's access token. */
export function adminToken(request: APIRequestContext): Promise<string> {
  return tokenFor(request, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
}

/** A REST read, as a visitor (the anon key) or as the holder of `token`. */
export async function restGet<T>(request: APIRequestContext, path: string, token = PUBLIC_KEY): Promise<T> {
  const response = await request.get(`${stackUrl}/rest/v1/${path}`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function restPost<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`${stackUrl}/rest/v1/${path}`, {
    headers: {
      apikey: PUBLIC_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    data,
  });
  expect(response.ok(), `POST ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

let itemCounter = 0;
/** A title and slug no other test (or earlier run) has used. */
function uniqueItem(label: string): { title: string; slug: string } {
  itemCounter += 1;
  const id = `${Date.now()}-${process.pid}-${itemCounter}`;
  return {
    title: `E2E ${label} ${id}`,
    slug: `e2e-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`,
  };
}

export interface CreatedProduct {
  id: string;
  title: string;
  slug: string;
  price_pence: number;
}

/**
 * An audio of the test's own, made by the seeded admin as the dashboard's 'New product' makes one.
 * Unpublished unless asked: the shop (and every other test reading it) does not see it.
 */
export async function createProduct(
  request: APIRequestContext,
  label: string,
  options: { price_pence?: number; published?: boolean } = {},
): Promise<CreatedProduct> {
  const { title, slug } = uniqueItem(label);
  const [row] = await restPost<CreatedProduct[]>(
    request,
    'products?select=id,title,slug,price_pence',
    await adminToken(request),
    {
      title,
      slug,
      // Last in the catalogue's order (category, then sort order), so no seeded audio moves in a list.
      category: 'Zz E2E',
      sort_order: 1_000_000,
      description: `Made by an end-to-end test (${label}).`,
      price_pence: options.price_pence ?? 299,
      published: options.published ?? false,
    },
  );
  return row!;
}

/**
 * An audio of the test's own with a file as long as its stated length (a tone), uploaded by the seeded admin
 * as the dashboard does: programme progress believes a listen only as far as real time allows against that
 * length (docs/security.md "Programme progress"), so a journey that listens to the end uses one of these.
 */
export async function createPlayableProduct(
  request: APIRequestContext,
  label: string,
  seconds: number,
): Promise<CreatedProduct> {
  const product = await createProduct(request, label);
  const token = await adminToken(request);
  const path = `full/${product.id}.mp3`;
  const upload = await request.post(`${stackUrl}/storage/v1/object/audio/${path}`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'audio/mpeg' },
    data: Buffer.from(toneMp3(seconds)),
  });
  expect(upload.ok(), `upload: ${upload.status()}`).toBe(true);
  const update = await request.patch(`${stackUrl}/rest/v1/products?id=eq.${product.id}`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { audio_path: path, duration_seconds: seconds },
  });
  expect(update.ok(), `product update: ${update.status()}`).toBe(true);
  return product;
}

/** A package of the test's own holding `productIds` in that order (admin_create_package, as the dashboard). */
export async function createPackage(
  request: APIRequestContext,
  label: string,
  productIds: string[],
  options: { price_pence?: number; published?: boolean } = {},
): Promise<{ id: string; title: string }> {
  const { title } = uniqueItem(label);
  const id = await restPost<string>(request, 'rpc/admin_create_package', await adminToken(request), {
    p_title: title,
    p_description: `Made by an end-to-end test (${label}).`,
    p_category: 'Zz E2E',
    p_price_pence: options.price_pence ?? 499,
    p_published: options.published ?? false,
    p_product_ids: productIds,
  });
  return { id, title };
}

export interface Customer {
  email: string;
  password: string;
}

/** A new customer with a confirmed account (signed up and confirmed through the local inbox). */
export async function createCustomer(request: APIRequestContext, label: string): Promise<Customer> {
  const email = uniqueEmail(label);
  await createConfirmedUser(request, email);
  return { email, password: PASSWORD };
}

/**
 * A paid order of `customer` for the published audio `slug`: create-checkout, then 'Pay' on the Stripe
 * stand-in's page with the test card, as the browser would post it; the stand-in's webhook fulfils it.
 * Answers the order's id once the order reads as paid.
 */
export async function createPaidOrder(
  request: APIRequestContext,
  customer: Customer,
  slug: string,
): Promise<string> {
  const token = await tokenFor(request, customer.email, customer.password);
  const [product] = await restGet<{ id: string }[]>(
    request,
    `products?select=id&slug=eq.${encodeURIComponent(slug)}`,
  );
  expect(product, `the published audio ${slug}`).toBeTruthy();
  const checkout = await request.post(`${stackUrl}/functions/v1/create-checkout`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { items: [{ kind: 'product', id: product!.id }] },
  });
  expect(checkout.ok(), `create-checkout: ${checkout.status()}`).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, {
    form: { action: 'pay', card_number: '4242 4242 4242 4242' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  let orderId = '';
  await expect
    .poll(async () => {
      const orders = await restGet<{ id: string; status: string }[]>(
        request,
        'orders?select=id,status&order=created_at.desc&limit=1',
        token,
      );
      orderId = orders[0]?.status === 'paid' ? orders[0].id : '';
      return orderId !== '';
    })
    .toBe(true);
  return orderId;
}

/**
 * A new customer who owns the demo customer's three audios, granted one at a time by the seeded admin (as
 * the dashboard's 'Grant audio'), so the newest is 'Deep Relaxation Foundations' as for the demo customer.
 * For the tests that listen: what they play is remembered on the account (positions, minutes) and offered on
 * the account's other devices, so each listens as a customer of its own.
 */
export async function createListener(request: APIRequestContext, label: string): Promise<Customer> {
  const customer = await createCustomer(request, label);
  const token = await tokenFor(request, customer.email, customer.password);
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
  const admin = await adminToken(request);
  for (const slug of DEMO_PURCHASE_SLUGS) {
    const [product] = await restGet<{ id: string }[]>(request, `products?select=id&slug=eq.${slug}`);
    expect(product, `the published audio ${slug}`).toBeTruthy();
    await restPost<string>(request, 'rpc/admin_grant_audio', admin, {
      p_user_id: userId,
      p_product_id: product!.id,
    });
  }
  return customer;
}
