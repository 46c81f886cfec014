import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOrders } from '@/features/account/api/orders';
import { paidAsByPurchase } from '@/features/account/paid-as';
import { toPurchase, type PurchaseRow } from '@/features/auth/auth-api';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, signedInClient, startTestStack } from './support/stack.ts';

// My Account's prices as paid (docs/account-prices.md) against the local stack: the real migrations, RLS and
// PostgREST embedding of order_items and their products, read by supabase-js as the page reads them.

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * A paid order of a package and a single for `userId`, paid with a 30p promotion code: its lines, its items
 * (fill_order_items splits the package price as checkout does) and purchases at the split prices.
 */
async function givePackageOrder(userId: string) {
  const pkg = (
    await stack.db.query<{ id: string; title: string; price_pence: number }>(
      `select p.id, p.title, p.price_pence from public.packages p
       where exists (select 1 from public.package_items i where i.package_id = p.id) order by p.title limit 1`,
    )
  ).rows[0]!;
  const single = (
    await stack.db.query<{ id: string; title: string; category: string; price_pence: number }>(
      `select id, title, category, price_pence from public.products p
       where published and not exists (select 1 from public.package_items i where i.package_id = $1 and i.product_id = p.id)
       order by slug limit 1`,
      [pkg.id],
    )
  ).rows[0]!;
  const total = pkg.price_pence + single.price_pence;
  const orderId = (
    await stack.db.query<{ id: string }>(
      `insert into public.orders (user_id, status, amount_pence, amount_paid_pence, fulfilled_at)
       values ($1, 'paid', $2, $3, now()) returning id`,
      [userId, total, total - 30],
    )
  ).rows[0]!.id;
  await stack.db.query(
    `insert into public.order_lines (order_id, position, kind, package_id, title, price_pence)
     values ($1, 1, 'package', $2, $3, $4)`,
    [orderId, pkg.id, pkg.title, pkg.price_pence],
  );
  await stack.db.query(
    `insert into public.order_lines (order_id, position, kind, product_id, title, category, price_pence)
     values ($1, 2, 'product', $2, $3, $4, $5)`,
    [orderId, single.id, single.title, single.category, single.price_pence],
  );
  await stack.db.query('select public.fill_order_items($1)', [orderId]);
  // The bookkeeping prices: each item's share, the single less the code's share (10p is enough here).
  await stack.db.query(
    `insert into public.purchases (user_id, product_id, order_id, title, category, price)
     select $1, i.product_id, i.order_id, p.title, p.category,
            (i.price_pence - case when i.line_position = 2 then 10 else 0 end)::numeric / 100
     from public.order_items i join public.products p on p.id = i.product_id where i.order_id = $2`,
    [userId, orderId],
  );
  const packageAudios = (
    await stack.db.query<{ title: string }>(
      `select p.title from public.package_items i join public.products p on p.id = i.product_id
       where i.package_id = $1`,
      [pkg.id],
    )
  ).rows.map((row) => row.title);
  return { orderId, pkg, single, total, packageAudios };
}

describe('My Account prices as paid (through RLS)', () => {
  it("reads a package line with its audios' titles, and tells each purchase's package or discount", async () => {
    const user = await confirmedUser(stack, 'prices');
    const given = await givePackageOrder(user.id);
    expect(given.packageAudios.length).toBeGreaterThan(1);

    const { client } = await signedInClient(stack, user.email, user.password);
    const orders = await fetchOrders(client, user.id);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ id: given.orderId, amountPence: given.total, amountPaidPence: given.total - 30 });
    expect(order!.lines.map((line) => [line.kind, line.title, line.pricePence, line.audios])).toEqual([
      ['package', given.pkg.title, given.pkg.price_pence, [...given.packageAudios].sort((a, b) => a.localeCompare(b, 'en-GB'))],
      ['product', given.single.title, given.single.price_pence, []],
    ]);

    const purchases = await client.from('purchases').select('*').eq('user_id', user.id);
    expect(purchases.error).toBeNull();
    const owned = (purchases.data as PurchaseRow[]).map(toPurchase);
    const paidAs = paidAsByPurchase(owned, orders);
    expect(paidAs.size).toBe(owned.length);
    for (const purchase of owned) {
      expect(paidAs.get(purchase.id)).toEqual(
        purchase.productId === given.single.id
          ? { kind: 'single', discounted: true }
          : { kind: 'package', packageTitle: given.pkg.title },
      );
    }
  });
});
