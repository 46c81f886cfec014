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
});
