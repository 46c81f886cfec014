// The checkout SQL on the real migrations (PGlite and real PostgreSQL 17): who may call it, how a cart is
// priced and refused, how fulfilment grants and prices purchases, and refund revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;

type Item = { kind: 'product' | 'package'; id: string };

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
}, 120_000);
afterAll(async () => {
  await closeTestDatabase(db);
});

async function productIds(count: number, offset = 0): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select pr.id from public.products pr
     where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
     order by pr.category, pr.sort_order offset $1 limit $2`,
    [offset, count],
  );
  return result.rows.map((row) => row.id);
}

async function packageWithItems(offset: number): Promise<{ id: string; items: string[] }> {
  const result = await db.query<{ id: string; items: string[] }>(
    `select p.id, array(select pi.product_id::text from public.package_items pi where pi.package_id = p.id) as items
     from public.packages p order by p.sort_order offset $1 limit 1`,
    [offset],
  );
  return result.rows[0]!;
}

async function open(userId: string, items: Item[]): Promise<{ order_id: string; amount_pence: number }> {
  const result = await db.query<{ j: { order_id: string; amount_pence: number } }>(
    `select public.open_checkout_order($1, $2::jsonb) as j`,
    [userId, JSON.stringify(items)],
  );
  const opened = result.rows[0]!.j;
  await db.query(`update public.orders set stripe_session_id = $2 where id = $1`, [
    opened.order_id,
    `cs_${opened.order_id}`,
  ]);
  return opened;
}

async function fulfil(orderId: string, amountPaid: number, paymentIntent = `pi_${orderId}`) {
  const result = await db.query<{ j: { status: string; granted: number; already: boolean } }>(
    `select public.fulfil_order($1, $2, $3, $4) as j`,
    [orderId, `cs_${orderId}`, paymentIntent, amountPaid],
  );
  return result.rows[0]!.j;
}

async function pricesOf(orderId: string): Promise<number[]> {
  const result = await db.query<{ pence: number }>(
    `select (price * 100)::int as pence from public.purchases where order_id = $1 order by price desc`,
    [orderId],
  );
  return result.rows.map((row) => row.pence);
}

describe('checkout SQL functions', () => {
  it('only the service role may execute them', async () => {
    const calls = [
      [`select public.open_checkout_order($1, '[]'::jsonb)`, [users.customerA]],
      [`select public.fulfil_order(gen_random_uuid(), 'cs_x', 'pi_x', 0)`, []],
      [`select public.close_unpaid_order('cs_x', 'expired')`, []],
      [`select public.mark_order_refunded('pi_x')`, []],
    ] as const;
    for (const [sql, params] of calls) {
      for (const actor of ['anon', 'customerA', 'admin'] as const) {
        const result = await probe(db, contextFor(actor, users), sql, [...params]);
        expect(result, `${actor}: ${sql}`).toMatchObject({ ok: false, code: '42501' });
      }
    }
    const service = await probe(
      db,
      contextFor('service', users),
      `select public.mark_order_refunded('pi_none') as r`,
    );
    expect(service).toMatchObject({ ok: true, values: [{ r: null }] });
  });

  it('prices a package over its items by catalogue price; the amounts add up to exactly what was paid', async () => {
    const userId = await createUser(db, `sql-${Date.now()}-pkg@example.test`);
    const pkg = await packageWithItems(1);
    const [single] = await productIds(1, 0);
    const order = await open(userId, [
      { kind: 'package', id: pkg.id },
      { kind: 'product', id: single! },
    ]);
    expect(order.amount_pence).toBe(998);
    expect(await fulfil(order.order_id, 898)).toEqual({
      order_id: order.order_id,
      status: 'paid',
      granted: 5,
      already: false,
      ungranted_pence: 0,
      ungranted_titles: [],
    });
    const prices = await pricesOf(order.order_id);
    expect(prices.reduce((a, b) => a + b, 0)).toBe(898);
    expect(prices).toHaveLength(5);
    // Proportional: the single audio carries 299/998 of the amount paid, the package's four items the rest.
    expect(prices[0]).toBe(269);
    // Again: nothing more.
    expect(await fulfil(order.order_id, 898)).toMatchObject({ status: 'paid', granted: 0, already: true });
    expect(await pricesOf(order.order_id)).toHaveLength(5);
  });

  it('a package is priced without the audios already owned; each purchase records its share', async () => {
    const userId = await createUser(db, `sql-${Date.now()}-owned@example.test`);
    const first = await packageWithItems(2);
    const second = await packageWithItems(3);
    const a = await open(userId, [{ kind: 'package', id: first.id }]);
    await fulfil(a.order_id, 699);
    // The second package shares the Inception Guide, already owned: 699p split 175/175/175/174 over its four
    // audios, the guide's 174p left out.
    const b = await open(userId, [{ kind: 'package', id: second.id }]);
    expect(b.amount_pence).toBe(525);
    expect(await fulfil(b.order_id, 525)).toMatchObject({ granted: 3, ungranted_pence: 0 });
    const prices = await pricesOf(b.order_id);
    expect(prices).toEqual([175, 175, 175]);
  });

  it('refuses a session that is not the order’s and an amount above the order’s total', async () => {
    const userId = await createUser(db, `sql-${Date.now()}-checks@example.test`);
    const [id] = await productIds(1, 2);
    const order = await open(userId, [{ kind: 'product', id: id! }]);
    await expect(
      db.query(`select public.fulfil_order($1, 'cs_other', 'pi_x', 299)`, [order.order_id]),
    ).rejects.toMatchObject({
      code: '22023',
    });
    await expect(fulfil(order.order_id, 300)).rejects.toMatchObject({ code: '22023' });
    const owned = await db.query(`select 1 from public.purchases where user_id = $1`, [userId]);
    expect(owned.rows).toEqual([]);
  });

  it('close_unpaid_order changes only pending orders', async () => {
    const userId = await createUser(db, `sql-${Date.now()}-close@example.test`);
    const [x, y] = await productIds(2, 3);
    const pending = await open(userId, [{ kind: 'product', id: x! }]);
    const paid = await open(userId, [{ kind: 'product', id: y! }]);
    await fulfil(paid.order_id, 299);
    const close = (orderId: string, status: string) =>
      db.query<{ r: boolean }>(`select public.close_unpaid_order($1, $2) as r`, [`cs_${orderId}`, status]);
    expect((await close(pending.order_id, 'expired')).rows[0]?.r).toBe(true);
    expect((await close(paid.order_id, 'failed')).rows[0]?.r).toBe(false);
    await expect(close(pending.order_id, 'paid')).rejects.toMatchObject({ code: '22023' });
    const statuses = await db.query<{ id: string; status: string }>(
      `select id, status from public.orders where id = any($1::uuid[])`,
      [[pending.order_id, paid.order_id]],
    );
    expect(Object.fromEntries(statuses.rows.map((row) => [row.id, row.status]))).toEqual({
      [pending.order_id]: 'expired',
      [paid.order_id]: 'paid',
    });
  });

  it('mark_order_refunded revokes only that order’s purchases, once; a refunded order is never fulfilled again', async () => {
    const userId = await createUser(db, `sql-${Date.now()}-refund@example.test`);
    const [kept, lost] = await productIds(2, 6);
    const keep = await open(userId, [{ kind: 'product', id: kept! }]);
    await fulfil(keep.order_id, 299);
    const refund = await open(userId, [{ kind: 'product', id: lost! }]);
    await fulfil(refund.order_id, 299, `pi_refund_${refund.order_id}`);
    const mark = () =>
      db.query<{ r: { status: string; revoked: number; already: boolean } }>(
        `select public.mark_order_refunded($1) as r`,
        [`pi_refund_${refund.order_id}`],
      );
    expect((await mark()).rows[0]?.r).toMatchObject({ status: 'refunded', revoked: 1, already: false });
    expect((await mark()).rows[0]?.r).toMatchObject({ status: 'refunded', revoked: 0, already: true });
    const owned = await db.query<{ product_id: string }>(
      `select product_id from public.purchases where user_id = $1`,
      [userId],
    );
    expect(owned.rows.map((row) => row.product_id)).toEqual([kept]);
    expect(await fulfil(refund.order_id, 299)).toMatchObject({
      status: 'refunded',
      granted: 0,
      already: true,
    });
    const refundedAt = await db.query<{ refunded_at: Date | null }>(
      `select refunded_at from public.orders where id = $1`,
      [refund.order_id],
    );
    expect(refundedAt.rows[0]?.refunded_at).toBeInstanceOf(Date);
  });

  it('customers read their own order lines, admins all, anon none', async () => {
    const [id] = await productIds(1, 9);
    const order = await open(users.customerA, [{ kind: 'product', id: id! }]);
    const sql = 'select 1 from public.order_lines where order_id = $1';
    expect(await probe(db, contextFor('customerA', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      rows: 1,
    });
    expect(await probe(db, contextFor('customerB', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      rows: 0,
    });
    expect(await probe(db, contextFor('admin', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      rows: 1,
    });
    // anon holds no privilege on order lines at all (supabase/migrations/20261125100000_explicit_grants.sql).
    expect(await probe(db, contextFor('anon', users), sql, [order.order_id])).toMatchObject({
      ok: false,
      code: '42501',
    });
    // Nor does a signed-in user hold any write privilege on them.
    const write = await probe(
      db,
      contextFor('customerA', users),
      `update public.order_lines set price_pence = 0 where order_id = $1`,
      [order.order_id],
    );
    expect(write).toMatchObject({ ok: false, code: '42501' });
  });
});
