import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  newCustomer,
  orderOfSession,
  pay,
  sessionIdOf,
  setWebhooks,
  type Product,
} from './support/checkout.ts';
import { startTestStack } from './support/stack.ts';

// A disputed payment's audio (docs/audio-links.md, docs/money.md "Disputes"): while the dispute is open the
// audio-url function mints no link for it; won, links come back; lost, none ever again. Paid and disputed through
// the Stripe stand-in, whose dispute events reach stripe-webhook as Stripe's would.

describe('audio links follow disputes', { timeout: 180_000 }, () => {
  let stack: LocalStack;
  let products: Product[];

  beforeAll(async () => {
    stack = await startTestStack();
    products = loneProducts(await catalogue(stack));
    await setWebhooks(stack, 'immediate');
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  /** The status audio-url answers the customer for a product (200: a link was minted). */
  async function mintStatus(client: SupabaseClient, productId: string): Promise<number> {
    const { error } = await client.functions.invoke('audio-url', { body: { productId } });
    return error ? ((error as { context?: Response }).context?.status ?? 0) : 200;
  }

  async function standIn(path: string, body: unknown): Promise<{ id: string }> {
    const response = await fetch(`${stack.url}/_local/stripe${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string };
  }

  it('open: no link; won: links again; lost: no link', async () => {
    const customer = await newCustomer(stack, 'disputed-listener');
    const [kept, taken] = [products[0]!, products[1]!];
    const paymentIntentOf = async (product: Product): Promise<string> => {
      const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
      expect((await pay(started.data.url!)).status).toBe(303);
      const order = await orderOfSession(stack, sessionIdOf(started.data.url!));
      expect(order.status).toBe('paid');
      return order.stripe_payment_intent_id!;
    };
    const [keptIntent, takenIntent] = [await paymentIntentOf(kept), await paymentIntentOf(taken)];
    expect(await mintStatus(customer.client, kept.id)).toBe(200);
    expect(await mintStatus(customer.client, taken.id)).toBe(200);

    const keptDispute = await standIn('/disputes', { payment_intent: keptIntent });
    const takenDispute = await standIn('/disputes', { payment_intent: takenIntent });
    expect(await mintStatus(customer.client, kept.id)).toBe(404);
    expect(await mintStatus(customer.client, taken.id)).toBe(404);

    await standIn(`/disputes/${keptDispute.id}/close`, { status: 'won' });
    await standIn(`/disputes/${takenDispute.id}/close`, { status: 'lost' });
    expect(await mintStatus(customer.client, kept.id)).toBe(200);
    expect(await mintStatus(customer.client, taken.id)).toBe(404);
  });
});
