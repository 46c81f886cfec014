import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import { DEMO_ORDER_ID, seedDemoPurchases } from '../../supabase/local/seed/demo-purchases.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, signedInClient, startTestStack } from './support/stack.ts';

const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;

describe('local demo data: the demo customer owns three audios', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('from one paid order whose lines and purchases add up to what was paid', async () => {
    const { client, userId } = await signedInClient(stack, customer.email, customer.password);
    const orders = await client.from('orders').select('id, status, amount_pence, amount_paid_pence');
    expect(orders.data).toEqual([
      { id: DEMO_ORDER_ID, status: 'paid', amount_pence: 897, amount_paid_pence: 897 },
    ]);
    const lines = await client.from('order_lines').select('kind, product_id, price_pence').order('position');
    expect(lines.data).toHaveLength(3);
    const purchases = await client
      .from('purchases')
      .select('product_id, order_id, price')
      .eq('user_id', userId)
      .order('created_at', { ascending: false });
    expect(purchases.data).toHaveLength(3);
    expect(purchases.data?.every((p) => p.order_id === DEMO_ORDER_ID)).toBe(true);
    expect(new Set(purchases.data?.map((p) => p.product_id))).toEqual(
      new Set(lines.data?.map((line) => line.product_id)),
    );
    const paid = purchases.data?.reduce((sum, p) => sum + Math.round(Number(p.price) * 100), 0);
    expect(paid).toBe(897);
  });

  it('streams its full audio (a minute or more) to the owner only; a second run adds nothing', async () => {
    const { client } = await signedInClient(stack, customer.email, customer.password);
    const owned = await client.from('purchases').select('product_id').limit(1).single();
    const productId = (owned.data as { product_id: string }).product_id;
    const signed = await client.functions.invoke<{ path: string }>('audio-url', { body: { productId } });
    expect(signed.error).toBeNull();
    const response = await fetch(`${stack.url}${signed.data?.path ?? ''}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(((bytes / 36) * 576) / 16_000).toBeGreaterThanOrEqual(60); // 36-byte frames of 576 samples at 16 kHz

    const other = await confirmedUser(stack, 'not-the-owner');
    const { client: otherClient } = await signedInClient(stack, other.email, other.password);
    const refused = await otherClient.functions.invoke('audio-url', { body: { productId } });
    expect((refused.error as { context?: Response } | null)?.context?.status).toBe(404);

    expect(await seedDemoPurchases(stack.db)).toBe(false);
    const count = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.purchases pu join auth.users u on u.id = pu.user_id
       where u.email = 'customer@example.com'`,
    );
    expect(count.rows[0]?.n).toBe(3);
  });

  it("records every fulfilled demo order's items, as checkout's fulfilment does; purchases are at those prices", async () => {
    const orders = await stack.db.query<{ status: string; paid: number | null; items: number; sum: number }>(
      `select o.status, o.amount_paid_pence as paid,
              (select count(*)::int from public.order_items i where i.order_id = o.id) as items,
              (select coalesce(sum(i.price_pence), 0)::int from public.order_items i where i.order_id = o.id) as sum
       from public.orders o where o.stripe_session_id like 'cs_demo_%' or o.id = $1`,
      [DEMO_ORDER_ID],
    );
    expect(orders.rows.length).toBeGreaterThan(1);
    for (const order of orders.rows) {
      if (order.status === 'expired') expect(order.items).toBe(0);
      else {
        expect(order.items).toBeGreaterThan(0);
        expect(order.sum).toBe(order.paid);
      }
    }
    // A package order (sam.patel's): one item per audio of the package, so My Account knows the package.
    const samPackage = await stack.db.query<{ items: number; audios: number }>(
      `select (select count(*)::int from public.order_items i where i.order_id = l.order_id) as items,
              (select count(*)::int from public.package_items p where p.package_id = l.package_id) as audios
       from public.order_lines l join public.orders o on o.id = l.order_id join auth.users u on u.id = o.user_id
       where u.email = 'sam.patel@example.com' and l.kind = 'package'`,
    );
    expect(samPackage.rows).toHaveLength(1);
    expect(samPackage.rows[0]!.audios).toBeGreaterThan(1);
    expect(samPackage.rows[0]!.items).toBe(samPackage.rows[0]!.audios);
    const mismatched = await stack.db.query(
      `select 1 from public.purchases pu
       join public.orders o on o.id = pu.order_id
       left join public.order_items i on i.order_id = pu.order_id and i.product_id = pu.product_id
       where (o.stripe_session_id like 'cs_demo_%' or o.id = $1)
         and (i.order_id is null or round(pu.price * 100) <> i.price_pence)`,
      [DEMO_ORDER_ID],
    );
    expect(mismatched.rows).toEqual([]);
  });
});
