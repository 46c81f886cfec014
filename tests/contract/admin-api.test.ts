// The dashboard's API through supabase-js against the local stack: a customer's and a visitor's direct REST
// and RPC calls to each admin function are refused (401 / 403 with 42501); an admin's succeed; the CSV
// matches the database; refund-order refunds through the local Stripe stand-in and revokes the audio.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, rest, signedInClient, startTestStack } from './support/stack.ts';

let stack: LocalStack;
let adminClient: SupabaseClient;
let customerClient: SupabaseClient;
let customerToken: string;

const RPCS: [string, Record<string, unknown>][] = [
  ['admin_overview', {}],
  ['admin_list_orders', {}],
  ['admin_export_orders', {}],
  ['admin_order_detail', { p_order_id: '00000000-0000-4000-a000-000000000000' }],
  ['admin_list_customers', {}],
  ['admin_customer_purchases', { p_user_id: '00000000-0000-4000-a000-00000000c001' }],
  [
    'admin_grant_audio',
    {
      p_user_id: '00000000-0000-4000-a000-00000000c001',
      p_product_id: '00000000-0000-4000-a000-000000000000',
    },
  ],
  ['admin_list_admins', {}],
  ['admin_grant_admin', { p_email: 'customer@example.com' }],
  ['admin_revoke_admin', { p_user_id: '00000000-0000-4000-a000-00000000ad01' }],
  [
    'admin_create_package',
    {
      p_title: 'Refused package',
      p_description: '',
      p_category: 'Tests',
      p_price_pence: 500,
      p_published: false,
      p_product_ids: [],
    },
  ],
  [
    'admin_add_package_item',
    {
      p_package_id: '00000000-0000-4000-a000-000000000000',
      p_product_id: '00000000-0000-4000-a000-000000000000',
    },
  ],
  [
    'admin_remove_package_item',
    {
      p_package_id: '00000000-0000-4000-a000-000000000000',
      p_product_id: '00000000-0000-4000-a000-000000000000',
    },
  ],
];

beforeAll(async () => {
  stack = await startTestStack();
  const signedAdmin = await signedInClient(stack, 'admin@example.com', 'password123');
  adminClient = signedAdmin.client;
  const user = await confirmedUser(stack, 'admin-contract');
  customerClient = (await signedInClient(stack, user.email, user.password)).client;
  customerToken = (await customerClient.auth.getSession()).data.session!.access_token;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('admin RPCs', () => {
  it.each(RPCS)('%s: visitors get 401, customers 403 (42501)', async (name, args) => {
    const asAnon = await rest(stack, `rpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(asAnon.status).toBe(401);
    expect(((await asAnon.json()) as { code: string }).code).toBe('42501');
    const asCustomer = await rest(stack, `rpc/${name}`, {
      method: 'POST',
      token: customerToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(asCustomer.status).toBe(403);
    expect(((await asCustomer.json()) as { code: string }).code).toBe('42501');
    const { error } = await customerClient.rpc(name, args);
    expect(error?.code).toBe('42501');
  });

  it('the activity log and the rollups are not readable by a customer', async () => {
    const log = await customerClient.from('admin_activity').select('*');
    expect(log.data).toEqual([]);
    for (const table of ['admin_sales_by_day', 'admin_sales_by_item', 'admin_sales_by_customer']) {
      const response = await rest(stack, `${table}?select=*`, { token: customerToken });
      expect(response.status).toBe(403);
    }
  });

  it('an admin reads the overview, orders and customers', async () => {
    const overview = await adminClient.rpc('admin_overview');
    expect(overview.error).toBeNull();
    expect(overview.data).toMatchObject({ orders_all_time: expect.any(Number), weekly: expect.any(Array) });
    expect((overview.data as { weekly: unknown[] }).weekly).toHaveLength(12);
    const orders = await adminClient.rpc('admin_list_orders', { p_status: 'paid', p_limit: 5 });
    expect(orders.error).toBeNull();
    expect((orders.data as { status: string }[]).every((o) => o.status === 'paid')).toBe(true);
    const customers = await adminClient.rpc('admin_list_customers', { p_search: 'customer@' });
    expect((customers.data as { email: string }[]).map((c) => c.email)).toEqual(['customer@example.com']);
  });

  it('an admin creates a package with two audios and takes one out; visitors see the change', async () => {
    const products = await stack.db.query<{ id: string }>(
      'select id from public.products where published order by slug limit 2',
    );
    const ids = products.rows.map((row) => row.id);
    const created = await adminClient.rpc('admin_create_package', {
      p_title: 'Contract Pair',
      p_description: 'Two audios',
      p_category: 'Tests',
      p_price_pence: 450,
      p_published: true,
      p_product_ids: ids,
    });
    expect(created.error).toBeNull();
    const id = created.data as string;
    const visible = async () => {
      const response = await rest(
        stack,
        `packages?select=title,package_items(product_id,position)&id=eq.${id}`,
      );
      const [row] = (await response.json()) as {
        package_items: { product_id: string; position: number }[];
      }[];
      return row!.package_items.sort((a, b) => a.position - b.position).map((item) => item.product_id);
    };
    expect(await visible()).toEqual(ids);
    const removed = await adminClient.rpc('admin_remove_package_item', {
      p_package_id: id,
      p_product_id: ids[0],
    });
    expect(removed.error).toBeNull();
    expect(await visible()).toEqual([ids[1]]);
    const last = await adminClient.rpc('admin_remove_package_item', { p_package_id: id, p_product_id: ids[1] });
    expect(last.error?.message).toBe(
      'A published package needs at least one audio. Unpublish it first, or add another audio.',
    );
    expect(await visible()).toEqual([ids[1]]);
  });

  it('the CSV holds exactly the orders of the filter, as the database has them', async () => {
    const csv = await adminClient.rpc('admin_export_orders', { p_status: 'paid' });
    expect(csv.error).toBeNull();
    const lines = (csv.data as string).trim().split('\r\n');
    expect(lines[0]).toBe('Order ID,Date,Customer email,Items,Total (GBP),Paid (GBP),Status,Refunded at');
    const db = await stack.db.query<{ id: string; amount: number }>(
      `select id, coalesce(amount_paid_pence, amount_pence) as amount from public.orders where status = 'paid' order by created_at desc, id desc`,
    );
    expect(lines.slice(1).map((line) => line.split(',')[0]!.replaceAll('"', ''))).toEqual(
      db.rows.map((r) => r.id),
    );
    const totals = lines.slice(1).map((line) => Math.round(Number(line.split('","')[5]) * 100));
    expect(totals).toEqual(db.rows.map((r) => r.amount));
  });
});

describe('refund-order', () => {
  async function paidDemoOrder(): Promise<{ id: string; userId: string; productIds: string[] }> {
    const row = (
      await stack.db.query<{ id: string; user_id: string }>(
        `select o.id, o.user_id from public.orders o where o.status = 'paid' and o.stripe_payment_intent_id like 'pi_demo_%'
         and exists (select 1 from public.purchases p where p.order_id = o.id) order by o.created_at limit 1`,
      )
    ).rows[0]!;
    const products = await stack.db.query<{ product_id: string }>(
      'select product_id from public.purchases where order_id = $1',
      [row.id],
    );
    return { id: row.id, userId: row.user_id, productIds: products.rows.map((p) => p.product_id) };
  }

  it('refuses visitors, customers and bad requests', async () => {
    const order = await paidDemoOrder();
    const anon = await makeClient(stack).functions.invoke('refund-order', { body: { orderId: order.id } });
    expect((anon.error as { context?: Response }).context?.status).toBe(401);
    const asCustomer = await customerClient.functions.invoke('refund-order', { body: { orderId: order.id } });
    expect((asCustomer.error as { context?: Response }).context?.status).toBe(403);
    const bad = await adminClient.functions.invoke('refund-order', { body: { orderId: 'nope' } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const status = await stack.db.query<{ status: string }>(
      'select status from public.orders where id = $1',
      [order.id],
    );
    expect(status.rows[0]!.status).toBe('paid');
  });

  it('refunds a paid order through Stripe, revokes its audio, logs it; a second call changes nothing', async () => {
    const order = await paidDemoOrder();
    const { data, error } = await adminClient.functions.invoke('refund-order', {
      body: { orderId: order.id },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ orderId: order.id, status: 'refunded' });
    const after = await stack.db.query<{ status: string; refunded_at: Date | null }>(
      'select status, refunded_at from public.orders where id = $1',
      [order.id],
    );
    expect(after.rows[0]).toMatchObject({ status: 'refunded', refunded_at: expect.any(Date) });
    const owned = await stack.db.query('select 1 from public.purchases where order_id = $1', [order.id]);
    expect(owned.rows).toHaveLength(0);
    const log = await stack.db.query<{ actor_email: string }>(
      `select actor_email from public.admin_activity where action = 'order.refund' and entity_id = $1`,
      [order.id],
    );
    expect(log.rows).toEqual([{ actor_email: 'admin@example.com' }]);

    const again = await adminClient.functions.invoke('refund-order', { body: { orderId: order.id } });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ status: 'refunded', already: true });
    const logs = await stack.db.query(
      `select 1 from public.admin_activity where action = 'order.refund' and entity_id = $1`,
      [order.id],
    );
    expect(logs.rows).toHaveLength(1);
  });

  it('says clearly that an order that is not paid cannot be refunded', async () => {
    const expired = (
      await stack.db.query<{ id: string }>(`select id from public.orders where status = 'expired' limit 1`)
    ).rows[0]!;
    const { error } = await adminClient.functions.invoke('refund-order', { body: { orderId: expired.id } });
    const response = (error as { context?: Response }).context!;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'Only a paid order can be refunded; this one is an expired checkout.',
    });
  });
});
