// The money SQL of docs/money.md on both engines: who may call what, one open checkout per audio, the
// ungranted part recorded, disputes in and out of order, email claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let products: string[];

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  products = (
    await db.query<{ id: string }>(
      `select pr.id from public.products pr
       where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
       order by pr.category, pr.sort_order limit 12`,
    )
  ).rows.map((row) => row.id);
}, 120_000);
afterAll(async () => {
  await closeTestDatabase(db);
});

type Opened = {
  order_id: string;
  amount_pence: number;
  superseded: { order_id: string; session_id: string | null }[];
};

async function open(userId: string, ids: string[]): Promise<Opened> {
  const items = ids.map((id) => ({ kind: 'product', id }));
  const opened = (
    await db.query<{ j: Opened }>(`select public.open_checkout_order($1, $2::jsonb) as j`, [
      userId,
      JSON.stringify(items),
    ])
  ).rows[0]!.j;
  await db.query(`update public.orders set stripe_session_id = $2 where id = $1`, [
    opened.order_id,
    `cs_${opened.order_id}`,
  ]);
  return opened;
}

async function fulfil(order: Opened, paid = order.amount_pence) {
  return (
    await db.query<{ j: { status: string; granted: number; ungranted_pence: number } }>(
      `select public.fulfil_order($1, $2, $3, $4) as j`,
      [order.order_id, `cs_${order.order_id}`, `pi_${order.order_id}`, paid],
    )
  ).rows[0]!.j;
}

async function owned(userId: string): Promise<string[]> {
  return (
    await db.query<{ product_id: string }>(
      `select product_id from public.purchases where user_id = $1 order by product_id`,
      [userId],
    )
  ).rows.map((row) => row.product_id);
}

describe('money SQL', () => {
  it('the new service functions: only the service role; disputed orders: only admins', async () => {
    const calls = [
      `select public.record_ungranted_refund(gen_random_uuid(), 're_x')`,
      `select public.open_order_dispute('pi_x', 'dp_x')`,
      `select public.close_order_dispute('pi_x', 'dp_x', 'won')`,
      `select public.claim_order_email(gen_random_uuid(), 'receipt')`,
      `select public.release_order_email(gen_random_uuid(), 'receipt')`,
      `select public.order_email_details(gen_random_uuid())`,
      `select public.unfulfilled_sessions(array['cs_x'])`,
      `select public.fill_order_items(gen_random_uuid())`,
      `select public.split_pence(10, array[1, 2]::numeric[])`,
    ];
    for (const sql of calls) {
      for (const actor of ['anon', 'customerA', 'admin'] as const) {
        expect(await probe(db, contextFor(actor, users), sql), `${actor}: ${sql}`).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
      expect(await probe(db, contextFor('service', users), sql), `service: ${sql}`).toMatchObject({
        ok: true,
      });
    }
    const disputed = 'select * from public.admin_disputed_orders()';
    expect(await probe(db, contextFor('anon', users), disputed)).toMatchObject({ ok: false, code: '42501' });
    expect(await probe(db, contextFor('customerA', users), disputed)).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await probe(db, contextFor('service', users), disputed)).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await probe(db, contextFor('admin', users), disputed)).toMatchObject({ ok: true });
    // Suspended purchases: nobody but the service role's functions.
    for (const actor of ['anon', 'customerA', 'admin'] as const) {
      expect(
        await probe(db, contextFor(actor, users), 'select 1 from public.suspended_purchases'),
      ).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
  });

  it('order items: a customer reads their own, not another’s; anon nothing', async () => {
    const order = await open(users.customerA, [products[0]!]);
    const sql = 'select price_pence from public.order_items where order_id = $1';
    expect(await probe(db, contextFor('customerA', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      values: [{ price_pence: 299 }],
    });
    expect(await probe(db, contextFor('customerB', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      rows: 0,
    });
    expect(await probe(db, contextFor('admin', users), sql, [order.order_id])).toMatchObject({
      ok: true,
      rows: 1,
    });
    expect(await probe(db, contextFor('anon', users), sql, [order.order_id])).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('a second open checkout for an audio closes the first; paid after all, the first grants and the second records its ungranted part', async () => {
    const userId = await createUser(db, `money-${Date.now()}-twice@example.test`);
    const [x, y] = [products[1]!, products[2]!];
    const first = await open(userId, [x]);
    const second = await open(userId, [x, y]);
    expect(second.superseded).toEqual([{ order_id: first.order_id, session_id: `cs_${first.order_id}` }]);
    const status = async (id: string) =>
      (await db.query<{ status: string }>('select status from public.orders where id = $1', [id])).rows[0]!
        .status;
    expect(await status(first.order_id)).toBe('expired');
    // An unrelated audio does not close anything.
    expect((await open(userId, [products[3]!])).superseded).toEqual([]);

    // Both were paid anyway (the earlier session could not be expired in time).
    expect(await fulfil(first)).toMatchObject({ status: 'paid', granted: 1, ungranted_pence: 0 });
    expect(await fulfil(second)).toMatchObject({ status: 'paid', granted: 1, ungranted_pence: 299 });
    const money = (
      await db.query<{ paid: number; ungranted: number; granted: number }>(
        `select amount_paid_pence as paid, ungranted_pence as ungranted,
                (select sum((price * 100)::int) from public.purchases where order_id = o.id)::int as granted
         from public.orders o where id = $1`,
        [second.order_id],
      )
    ).rows[0]!;
    expect(money).toEqual({ paid: 598, ungranted: 299, granted: 299 });
    expect(await owned(userId)).toEqual([x, y].sort());
    // The refund is recorded once.
    const record = () =>
      db.query<{ r: boolean }>(`select public.record_ungranted_refund($1, 're_1') as r`, [second.order_id]);
    expect((await record()).rows[0]!.r).toBe(true);
    expect((await record()).rows[0]!.r).toBe(false);
  });

  it('disputes: suspended, restored when won, revoked when lost; a close before the open, or a repeated open, changes nothing', async () => {
    const userId = await createUser(db, `money-${Date.now()}-dispute@example.test`);
    const won = await open(userId, [products[4]!]);
    const lost = await open(userId, [products[5]!]);
    await fulfil(won);
    await fulfil(lost);
    const call = async (sql: string, params: unknown[]) =>
      (await db.query<{ j: Record<string, unknown> | null }>(sql, params)).rows[0]!.j;
    const openDispute = (order: Opened, id: string) =>
      call(`select public.open_order_dispute($1, $2) as j`, [`pi_${order.order_id}`, id]);
    const closeDispute = (order: Opened, id: string, outcome: string) =>
      call(`select public.close_order_dispute($1, $2, $3) as j`, [`pi_${order.order_id}`, id, outcome]);

    expect(await openDispute(won, 'dp_won')).toMatchObject({
      dispute_status: 'open',
      suspended: 1,
      already: false,
    });
    expect(await openDispute(won, 'dp_won')).toMatchObject({ already: true });
    expect(await owned(userId)).toEqual([products[5]!]);
    expect(await closeDispute(won, 'dp_won', 'won')).toMatchObject({ dispute_status: 'won', restored: 1 });
    expect((await owned(userId)).sort()).toEqual([products[4]!, products[5]!].sort());

    // Lost, with the 'created' event arriving only afterwards.
    expect(await closeDispute(lost, 'dp_lost', 'lost')).toMatchObject({ dispute_status: 'lost', revoked: 1 });
    expect(await openDispute(lost, 'dp_lost')).toMatchObject({ dispute_status: 'lost', already: true });
    expect(await owned(userId)).toEqual([products[4]!]);
    expect(await call(`select public.open_order_dispute('pi_unknown', 'dp_x') as j`, [])).toBeNull();
  });

  it('an email is claimed once per order and kind, only when it is due; a release lets a retry claim it', async () => {
    const userId = await createUser(db, `money-${Date.now()}-email@example.test`);
    const order = await open(userId, [products[6]!]);
    const claim = async (kind: string) =>
      (await db.query<{ r: boolean }>(`select public.claim_order_email($1, $2) as r`, [order.order_id, kind]))
        .rows[0]!.r;
    expect(await claim('receipt')).toBe(false); // not paid yet
    await fulfil(order);
    expect(await claim('receipt')).toBe(true);
    expect(await claim('receipt')).toBe(false);
    expect(await claim('refund')).toBe(false); // nothing refunded
    await db.query(`select public.release_order_email($1, 'receipt')`, [order.order_id]);
    expect(await claim('receipt')).toBe(true);
    const details = (
      await db.query<{ j: { email: string; order_number: string; lines: unknown[] } }>(
        `select public.order_email_details($1) as j`,
        [order.order_id],
      )
    ).rows[0]!.j;
    expect(details.email).toMatch(/-email@example\.test$/);
    expect(details.order_number).toBe(order.order_id.slice(0, 8).toUpperCase());
    expect(details.lines).toEqual([expect.objectContaining({ price_pence: 299 })]);
  });

  it('split_pence: whole pence adding up exactly, largest remainder', async () => {
    const split = async (total: number, weights: number[]) =>
      (await db.query<{ s: number[] }>(`select public.split_pence($1, $2::numeric[]) as s`, [total, weights]))
        .rows[0]!.s;
    expect(await split(699, [299, 299, 299, 299])).toEqual([175, 175, 175, 174]);
    expect(await split(538, [299, 299])).toEqual([269, 269]);
    expect(await split(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(await split(5, [0, 0])).toEqual([5, 0]);
  });
});
