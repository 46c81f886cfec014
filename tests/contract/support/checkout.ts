// Helpers for the checkout and Stripe contract tests: a stack whose edge functions run against the local
// Stripe stand-in, customers, the catalogue, the hosted page and signed events.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { LocalStack } from '../../../supabase/local/server.ts';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  standInFunctionEnvironment,
} from '../../../supabase/local/stripe/settings.ts';
import { confirmedUser, makeClient, signedInClient } from './stack.ts';

export type Customer = { client: SupabaseClient; userId: string; email: string; token: string };

export async function newCustomer(stack: LocalStack, label = 'shopper'): Promise<Customer> {
  const user = await confirmedUser(stack, label);
  const { client, userId } = await signedInClient(stack, user.email, user.password);
  const token = (await client.auth.getSession()).data.session?.access_token ?? '';
  return { client, userId, email: user.email, token };
}

export type Product = { id: string; title: string; category: string; price_pence: number; slug: string };
export type Package = { id: string; title: string; price_pence: number; slug: string; items: string[] };

/** The seeded catalogue, read as the superuser. */
export async function catalogue(stack: LocalStack): Promise<{ products: Product[]; packages: Package[] }> {
  const products = await stack.db.query<Product>(
    `select id, title, category, price_pence, slug from public.products where published order by category, sort_order`,
  );
  const packages = await stack.db.query<Package>(
    `select p.id, p.title, p.price_pence, p.slug,
            array(select pi.product_id::text from public.package_items pi where pi.package_id = p.id order by pi.position) as items
     from public.packages p where p.published order by p.sort_order`,
  );
  return { products: products.rows, packages: packages.rows };
}

/** Products that are in no package and are not the guide (so buying them alone is simple to reason about). */
export function loneProducts(cat: { products: Product[]; packages: Package[] }): Product[] {
  const inPackages = new Set(cat.packages.flatMap((pkg) => pkg.items));
  return cat.products.filter((product) => !inPackages.has(product.id));
}

export type InvokeResult<T> = { status: number; data: T };

/** Calls a function with supabase-js; a non-2xx answer comes back with its status and JSON body. */
export async function invoke<T>(
  client: SupabaseClient,
  name: string,
  body: unknown,
): Promise<InvokeResult<T>> {
  const { data, error } = await client.functions.invoke<T>(name, { body: body as Record<string, unknown> });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      return { status: response.status, data: (await response.json()) as T };
    }
    throw error;
  }
  return { status: 200, data: data as T };
}

export function checkout(
  client: SupabaseClient,
  items: { kind: 'product' | 'package'; id: string; [key: string]: unknown }[],
): Promise<InvokeResult<{ url?: string; error?: string }>> {
  return invoke(client, 'create-checkout', { items });
}

export function verifyPayment(
  client: SupabaseClient,
  sessionId: string,
): Promise<InvokeResult<{ success: boolean; purchase: { title: string } | null; error: string | null }>> {
  return invoke(client, 'verify-payment', { sessionId });
}

export function sessionIdOf(url: string): string {
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)$/.exec(new URL(url).pathname)?.[1];
  if (!id) throw new Error(`not a stand-in checkout URL: ${url}`);
  return id;
}

/** Submits the hosted page's forms without following redirects. */
export async function submitPage(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** Applies a promotion code (optional), pays with a card; returns the answer (303 to success_url on success). */
export async function pay(
  url: string,
  options: { card?: string; promotionCode?: string } = {},
): Promise<Response> {
  if (options.promotionCode) {
    const applied = await submitPage(url, {
      action: 'apply-promotion',
      promotion_code: options.promotionCode,
    });
    if (applied.status !== 303) throw new Error(`promotion code refused (${applied.status})`);
  }
  return submitPage(url, { action: 'pay', card_number: options.card ?? '4242 4242 4242 4242' });
}

export async function setWebhooks(stack: LocalStack, webhooks: string): Promise<void> {
  const response = await fetch(`${stack.url}/_local/stripe/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhooks }),
  });
  if (!response.ok) throw new Error(`settings refused: ${response.status}`);
}

export type StandInEvent = {
  id: string;
  type: string;
  delivery: { status: number | null } | null;
  event: { data: { object: Record<string, unknown> } };
};

// The stand-in's event list holds customers' emails: it answers only the configured secret key.
const standInKey = { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` };

export async function sentEvents(stack: LocalStack, type?: string): Promise<StandInEvent[]> {
  const query = type ? `?type=${encodeURIComponent(type)}` : '';
  const response = await fetch(`${stack.url}/_local/stripe/events${query}`, { headers: standInKey });
  return (await response.json()) as StandInEvent[];
}

export async function resend(stack: LocalStack, eventId: string): Promise<number | null> {
  const response = await fetch(`${stack.url}/_local/stripe/events/${eventId}/resend`, {
    method: 'POST',
    headers: standInKey,
  });
  return ((await response.json()) as { delivery: { status: number | null } }).delivery.status;
}

/** Posts a raw payload to the webhook with a given Stripe-Signature header. */
export function postWebhook(stack: LocalStack, payload: string, signature: string | null): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

export function sign(
  payload: string,
  secret = LOCAL_STRIPE_WEBHOOK_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function eventPayload(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** The official SDK pointed at the stack's stand-in, as the functions use it. */
export function standInStripe(stack: LocalStack): Stripe {
  const env = standInFunctionEnvironment(stack.url);
  const prefix = env.STRIPE_API_BASE_PATH ?? '';
  return new Stripe(env.STRIPE_SECRET_KEY ?? '', {
    host: env.STRIPE_API_HOST,
    port: Number(env.STRIPE_API_PORT),
    protocol: 'http',
    httpClient: Stripe.createFetchHttpClient((input, init) => {
      const url = new URL(String(input));
      url.pathname = `${prefix}${url.pathname}`;
      return fetch(url, init);
    }),
  });
}

export type PurchaseRow = { product_id: string; title: string; price: string; order_id: string | null };

export async function purchasesOf(stack: LocalStack, userId: string): Promise<PurchaseRow[]> {
  const result = await stack.db.query<PurchaseRow>(
    `select product_id, title, price::text as price, order_id from public.purchases where user_id = $1 order by title`,
    [userId],
  );
  return result.rows;
}

export async function orderOfSession(
  stack: LocalStack,
  sessionId: string,
): Promise<{
  id: string;
  status: string;
  amount_pence: number;
  amount_paid_pence: number | null;
  stripe_payment_intent_id: string | null;
}> {
  const result = await stack.db.query<{
    id: string;
    status: string;
    amount_pence: number;
    amount_paid_pence: number | null;
    stripe_payment_intent_id: string | null;
  }>(
    `select id, status, amount_pence, amount_paid_pence, stripe_payment_intent_id from public.orders where stripe_session_id = $1`,
    [sessionId],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no order for ${sessionId}`);
  return row;
}

export function penceOf(purchases: PurchaseRow[]): number {
  return purchases.reduce((sum, purchase) => sum + Math.round(Number(purchase.price) * 100), 0);
}

export { makeClient };
