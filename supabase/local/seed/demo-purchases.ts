// Local demo data (the local stack only, never supabase/seed.sql): the demo customer owns three audios from one
// paid order, so the player and the account page can be tried straight after `npm start`.
import type { Database } from '../db/engine.ts';
import { DEMO_ACCOUNTS } from '../db/db.ts';

/** Fixed, so the step is recognisable (and runs once) on a persisted stack. */
export const DEMO_ORDER_ID = '00000000-0000-4000-a000-0000000de001';
/** The three audios the demo customer owns, in the order they were bought. */
export const DEMO_PURCHASE_SLUGS = [
  'sleep-deeply-tonight',
  'calm-mind-easy-breathing',
  'deep-relaxation-foundations',
] as const;

/**
 * Gives `customer@example.com` one paid order of three audios (order lines, order items and purchases with product and
 * order ids; the purchases' prices add up to what was paid). Runs once: nothing happens when the order
 * already exists (even after the customer deleted their account and the order was anonymised), when the
 * demo customer does not exist, or when the catalogue lacks one of the audios. Returns whether it inserted.
 */
export async function seedDemoPurchases(db: Database): Promise<boolean> {
  const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer');
  if (!customer) return false;
  return db.transaction(async (tx) => {
    const existing = await tx.query('select 1 from public.orders where id = $1', [DEMO_ORDER_ID]);
    if (existing.rows.length > 0) return false;
    const user = await tx.query('select 1 from auth.users where id = $1', [customer.id]);
    if (user.rows.length === 0) return false;
    const products = await tx.query<{ id: string; title: string; category: string; price_pence: number }>(
      `select p.id, p.title, p.category, p.price_pence
       from unnest($1::text[]) with ordinality as s(slug, n)
       join public.products p on p.slug = s.slug
       order by s.n`,
      [[...DEMO_PURCHASE_SLUGS]],
    );
    if (products.rows.length !== DEMO_PURCHASE_SLUGS.length) return false;
    const total = products.rows.reduce((sum, product) => sum + product.price_pence, 0);
    const boughtAtMs = Date.now() - 3 * 24 * 60 * 60 * 1000;
    const boughtAt = new Date(boughtAtMs).toISOString();
    await tx.query(
      `insert into public.orders
         (id, user_id, stripe_session_id, status, amount_pence, amount_paid_pence, created_at, updated_at, fulfilled_at)
       values ($1, $2, 'cs_local_demo_customer', 'paid', $3, $3, $4, $4, $4)`,
      [DEMO_ORDER_ID, customer.id, total, boughtAt],
    );
    for (const [index, product] of products.rows.entries()) {
      await tx.query(
        `insert into public.order_lines (order_id, position, kind, product_id, title, category, price_pence)
         values ($1, $2, 'product', $3, $4, $5, $6)`,
        [DEMO_ORDER_ID, index + 1, product.id, product.title, product.category, product.price_pence],
      );
      await tx.query(
        `insert into public.order_items (order_id, product_id, line_position, price_pence) values ($1, $2, $3, $4)`,
        [DEMO_ORDER_ID, product.id, index + 1, product.price_pence],
      );
      await tx.query(
        `insert into public.purchases (user_id, product_id, order_id, title, category, price, download_url, created_at)
         values ($1, $2, $3, $4, $5, $6::numeric / 100, '#', $7)
         on conflict (user_id, product_id) do nothing`,
        [
          customer.id,
          product.id,
          DEMO_ORDER_ID,
          product.title,
          product.category,
          product.price_pence,
          // A second apart, so 'newest first' is one order: the last line is the newest purchase.
          new Date(boughtAtMs + index * 1000).toISOString(),
        ],
      );
    }
    return true;
  });
}
