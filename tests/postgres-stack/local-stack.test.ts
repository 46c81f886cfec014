// The local stack on the real PostgreSQL 17 server instead of PGlite (startLocalStack({ database })): its own
// work as postgres, REST and storage requests through a pool of connections as authenticator switching role,
// as PostgREST's. A customer browses, buys and is granted the audio through the edge functions and the Stripe
// stand-in; several buy at once (the requests really run concurrently here).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type RealPostgresDatabase } from '../../supabase/local/db/real-postgres.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  newCustomer,
  pay,
  purchasesOf,
  sessionIdOf,
  type Product,
} from '../contract/support/checkout.ts';
import { makeClient, startTestStack } from '../contract/support/stack.ts';

describe('the local stack on real PostgreSQL', { timeout: 120_000 }, () => {
  let database: RealPostgresDatabase;
  let stack: LocalStack;
  let products: Product[];

  beforeAll(async () => {
    database = await createTestDatabase(inject('realPostgres'));
    stack = await startTestStack({
      database: { url: database.url, requestUrl: database.authenticatorUrl, requestPool: 8 },
    });
    products = loneProducts(await catalogue(stack));
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
  });

  it('anon reads the published catalogue through the REST API, and no orders', async () => {
    const anon = makeClient(stack);
    const published = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.products where published',
    );
    const { data, error } = await anon.from('products').select('id, title');
    expect(error).toBeNull();
    expect(data).toHaveLength(published.rows[0]!.n);
    const orders = await anon.from('orders').select('id');
    expect(orders.data ?? []).toEqual([]);
  });

  it('REST requests run as authenticator switching role', async () => {
    const customer = await newCustomer(stack, 'pg-whoami');
    // The admin RPC is_admin() answers for the caller: false for a customer, through the authenticator pool.
    const { data, error } = await customer.client.rpc('is_admin');
    expect(error).toBeNull();
    expect(data).toBe(false);
    const sessions = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where usename = 'authenticator' and datname = current_database()`,
    );
    expect(sessions.rows[0]!.n).toBeGreaterThan(0);
  });

  it('a customer buys one audio: checkout, the hosted page pays, the webhook grants it', async () => {
    const customer = await newCustomer(stack, 'pg-buyer');
    const product = products[0]!;
    const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    expect(started.status).toBe(200);
    const paid = await pay(started.data.url!);
    expect(paid.status).toBe(303);
    expect(await purchasesOf(stack, customer.userId)).toEqual([
      expect.objectContaining({ product_id: product.id, title: product.title }),
    ]);
    const own = await customer.client.from('purchases').select('product_id');
    expect(own.data).toEqual([{ product_id: product.id }]);
    expect(sessionIdOf(started.data.url!)).toMatch(/^cs_/);
  });

  it('five customers buy at the same time; each owns exactly what they paid for', async () => {
    const buyers = await Promise.all([0, 1, 2, 3, 4].map((i) => newCustomer(stack, `pg-crowd-${i}`)));
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const product = products[1 + i]!;
        const started = await checkout(buyer.client, [{ kind: 'product', id: product.id }]);
        expect(started.status).toBe(200);
        expect((await pay(started.data.url!)).status).toBe(303);
      }),
    );
    for (const [i, buyer] of buyers.entries()) {
      expect((await purchasesOf(stack, buyer.userId)).map((p) => p.product_id)).toEqual([
        products[1 + i]!.id,
      ]);
    }
  });
});
