// Unpaid checkouts expire (docs/payment-result.md) on both engines: public.expire_stale_checkouts closes
// orders pending for over 24 hours and nothing else, only the service role may call it, and an expired order
// paid late is still fulfilled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let product: string;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  product = (
    await db.query<{ id: string }>(
      `select pr.id from public.products pr where pr.published order by pr.category, pr.sort_order limit 1`,
    )
  ).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await closeTestDatabase(db);
});

/** An order of `status` created `hoursAgo` hours ago, with one line and its item. */
async function order(userId: string, status: string, hoursAgo: number): Promise<string> {
  const id = (
    await db.query<{ id: string }>(
      `insert into public.orders (user_id, status, amount_pence, currency, stripe_session_id, created_at)
       values ($1, $2, 299, 'gbp', 'cs_' || gen_random_uuid(), now() - make_interval(hours => $3)) returning id`,
      [userId, status, hoursAgo],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.order_lines (order_id, position, kind, product_id, title, price_pence)
     values ($1, 1, 'product', $2, 'An audio', 299)`,
    [id, product],
  );
  await db.query(
    `insert into public.order_items (order_id, product_id, line_position, price_pence) values ($1, $2, 1, 299)`,
    [id, product],
  );
  return id;
}

const statusOf = async (id: string) =>
  (await db.query<{ status: string }>(`select status from public.orders where id = $1`, [id])).rows[0]!
    .status;

describe('expire_stale_checkouts', () => {
  it('only the service role may call it', async () => {
    const sql = 'select public.expire_stale_checkouts()';
    for (const actor of ['anon', 'customerA', 'admin'] as const) {
      expect(await probe(db, contextFor(actor, users), sql), actor).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
    expect(await probe(db, contextFor('service', users), sql)).toMatchObject({ ok: true });
  });

  it('closes orders pending for over 25 hours, and no paid, recent or other order', async () => {
    const customer = await createUser(db, `expiry-${Date.now()}@example.com`);
    const stale = await order(customer, 'pending', 30);
    const recent = await order(customer, 'pending', 2);
    const paid = await order(customer, 'paid', 40);
    const failed = await order(customer, 'failed', 40);
    const expired = (await db.query<{ n: number }>(`select public.expire_stale_checkouts() as n`)).rows[0]!.n;
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stale)).toBe('expired');
    expect(await statusOf(recent)).toBe('pending');
    expect(await statusOf(paid)).toBe('paid');
    expect(await statusOf(failed)).toBe('failed');
    // A second run finds nothing of these to close.
    await db.query(`select public.expire_stale_checkouts()`);
    expect(await statusOf(recent)).toBe('pending');
  });

  it('refuses an age under 24 hours (a Checkout Session can still be paid then)', async () => {
    await expect(db.query(`select public.expire_stale_checkouts(interval '23 hours')`)).rejects.toMatchObject(
      {
        code: '22023',
      },
    );
  });

  it('an expired order paid late is still fulfilled', async () => {
    const customer = await createUser(db, `expiry-late-${Date.now()}@example.com`);
    const id = await order(customer, 'pending', 30);
    await db.query(`select public.expire_stale_checkouts()`);
    expect(await statusOf(id)).toBe('expired');
    const session = (
      await db.query<{ s: string }>(`select stripe_session_id as s from public.orders where id = $1`, [id])
    ).rows[0]!.s;
    const result = (
      await db.query<{ j: { status: string; granted: number } }>(
        `select public.fulfil_order($1, $2, $3, 299) as j`,
        [id, session, `pi_${id}`],
      )
    ).rows[0]!.j;
    expect(result).toMatchObject({ status: 'paid', granted: 1 });
    expect(await statusOf(id)).toBe('paid');
  });
});
