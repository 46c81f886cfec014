// Local-only demo sales, so the admin overview has something to show after `npm start`: a few demo customers
// (confirmed accounts, password as the other demo accounts) with past orders spread over the last 12 weeks,
// their order lines, the order items fulfilment records and the purchases a paid order grants. Never in supabase/seed.sql (production's
// catalogue). customer@example.com is left alone (its purchases come from demo-purchases).
import { provisionOwner } from '../db/account-owners.ts';
import type { Transaction } from '../db/engine.ts';

export interface DemoCustomer {
  readonly id: string;
  readonly email: string;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = Object.freeze([
  { id: '00000000-0000-4000-a000-0000000dc001', email: 'olivia.hart@example.com' },
  { id: '00000000-0000-4000-a000-0000000dc002', email: 'sam.patel@example.com' },
  { id: '00000000-0000-4000-a000-0000000dc003', email: 'grace.okafor@example.com' },
  { id: '00000000-0000-4000-a000-0000000dc004', email: 'tom.byrne@example.com' },
]);

type DemoLine = { product: number } | { package: number };

export interface DemoOrder {
  /** Index into DEMO_CUSTOMERS. */
  readonly customer: number;
  /** Days before now; 0 is a few minutes ago. */
  readonly daysAgo: number;
  readonly status: 'paid' | 'refunded' | 'expired';
  /** Products and packages by their position in the published catalogue (ordered by category, sort order). */
  readonly lines: readonly DemoLine[];
}

/** The demo orders. Paid ones count in the overview; the refunded and expired ones show in the orders list. */
export const DEMO_ORDERS: readonly DemoOrder[] = Object.freeze([
  { customer: 0, daysAgo: 80, status: 'paid', lines: [{ product: 4 }] },
  { customer: 1, daysAgo: 71, status: 'paid', lines: [{ package: 2 }] },
  { customer: 2, daysAgo: 62, status: 'paid', lines: [{ product: 10 }, { product: 11 }] },
  { customer: 3, daysAgo: 50, status: 'expired', lines: [{ product: 20 }] },
  { customer: 0, daysAgo: 44, status: 'paid', lines: [{ package: 5 }] },
  { customer: 1, daysAgo: 33, status: 'paid', lines: [{ product: 4 }] },
  { customer: 2, daysAgo: 26, status: 'refunded', lines: [{ product: 30 }] },
  { customer: 3, daysAgo: 19, status: 'paid', lines: [{ product: 4 }, { package: 8 }] },
  { customer: 0, daysAgo: 12, status: 'paid', lines: [{ product: 15 }] },
  { customer: 2, daysAgo: 5, status: 'paid', lines: [{ product: 4 }] },
  { customer: 1, daysAgo: 0, status: 'paid', lines: [{ product: 22 }] },
]);

interface CatalogueRow {
  id: string;
  title: string;
  category: string;
  price_pence: number;
}

/** Creates the demo customers and their orders. Idempotent per customer (on conflict do nothing). */
export async function insertDemoOrders(tx: Transaction, passwordHash: string): Promise<void> {
  for (const customer of DEMO_CUSTOMERS) {
    await tx.query(
      `insert into auth.users (
         instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous
       ) values (
         '00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         now() - interval '90 days', '', '', '', '',
         '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, false,
         now() - interval '90 days', now() - interval '90 days', false
       )
       on conflict (id) do nothing`,
      [customer.id, customer.email, passwordHash],
    );
    await provisionOwner(tx, customer.id);
  }
  const existing = await tx.query(
    `select 1 from public.orders where stripe_session_id like 'cs_demo_%' limit 1`,
  );
  if (existing.rows.length > 0) return;

  const products = (
    await tx.query<CatalogueRow>(
      `select id, title, category, price_pence from public.products where published order by category, sort_order, id`,
    )
  ).rows;
  const packages = (
    await tx.query<CatalogueRow>(
      `select id, title, category, price_pence from public.packages where published order by category, sort_order, id`,
    )
  ).rows;
  if (products.length === 0 || packages.length === 0) return; // no catalogue seeded: nothing to sell

  for (const [index, order] of DEMO_ORDERS.entries()) {
    const customer = DEMO_CUSTOMERS[order.customer]!;
    const lines = order.lines.map((line) =>
      'product' in line
        ? { kind: 'product' as const, item: products[line.product % products.length]! }
        : { kind: 'package' as const, item: packages[line.package % packages.length]! },
    );
    const total = lines.reduce((sum, line) => sum + line.item.price_pence, 0);
    const inserted = await tx.query<{ id: string }>(
      `with t as (select now() - make_interval(days => $7::integer, mins => 5) as at)
       insert into public.orders (user_id, stripe_session_id, stripe_payment_intent_id, status, amount_pence,
         amount_paid_pence, created_at, updated_at, fulfilled_at, refunded_at)
       select $1, $2, $3, $4, $5, $6, t.at, t.at,
         case when $4 in ('paid', 'refunded') then t.at end,
         case when $4 = 'refunded' then least(t.at + interval '2 days', now()) end
       from t
       returning id`,
      [
        customer.id,
        `cs_demo_${index + 1}`,
        order.status === 'expired' ? null : `pi_demo_${index + 1}`,
        order.status,
        total,
        order.status === 'expired' ? null : total,
        order.daysAgo,
      ],
    );
    const orderId = inserted.rows[0]!.id;
    for (const [position, line] of lines.entries()) {
      await tx.query(
        `insert into public.order_lines (order_id, position, kind, product_id, package_id, title, category, price_pence)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          orderId,
          position + 1,
          line.kind,
          line.kind === 'product' ? line.item.id : null,
          line.kind === 'package' ? line.item.id : null,
          line.item.title,
          line.item.category,
          line.item.price_pence,
        ],
      );
    }
    if (order.status !== 'expired') await fulfil(tx, customer.id, orderId, order.status === 'paid');
  }
}

/**
 * What checkout's fulfilment records for a paid order: which audio each line gave and at what price
 * (order_items; a package's price split over its audios as the database's own fill_order_items splits it),
 * and, while the order stands, the purchases those audios grant at those prices.
 */
async function fulfil(tx: Transaction, userId: string, orderId: string, grant: boolean): Promise<void> {
  await tx.query('select public.fill_order_items($1)', [orderId]);
  if (!grant) return;
  await tx.query(
    `insert into public.purchases (user_id, product_id, order_id, title, category, price, created_at)
     select $1, p.id, i.order_id, p.title, p.category, i.price_pence::numeric / 100, o.created_at
     from public.order_items i
     join public.products p on p.id = i.product_id
     join public.orders o on o.id = i.order_id
     where i.order_id = $2
     order by i.line_position
     on conflict (user_id, product_id) do nothing`,
    [userId, orderId],
  );
}
