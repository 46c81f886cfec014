// One fulfilment for the webhook and the return page: ask Stripe (never the browser) whether the session is
// paid and for the order's amount, then grant the order's items once, in one database transaction
// (public.fulfil_order locks the order row, so concurrent and repeated calls grant nothing more).
// Logs carry order and session ids only, never titles: what someone bought can reveal a health condition.
import type Stripe from 'stripe';
import type { SupabaseClient } from '@supabase/supabase-js';

export type FulfilResult =
  | { ok: true; orderId: string; userId: string | null; granted: number; alreadyPaid: boolean }
  | {
      ok: false;
      /** unknown: no order of ours; unpaid: not (yet) paid; mismatch: paid, but not what the order costs;
       *  refunded: the order was refunded before this call. */
      reason: 'unknown' | 'unpaid' | 'mismatch' | 'refunded';
      orderId: string | null;
      userId: string | null;
    };

type OrderRow = {
  id: string;
  user_id: string | null;
  status: string;
  amount_pence: number;
  currency: string;
  stripe_session_id: string | null;
};

/** The session's payment intent id, whether Stripe sent it as an id or expanded. */
function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const value = session.payment_intent;
  if (typeof value === 'string') return value;
  return value?.id ?? null;
}

/**
 * Fulfils the order behind a Checkout Session. Throws only on infrastructure failures (Stripe or the database
 * unreachable), which the caller answers with a retryable 5xx; everything else is a result.
 */
export async function fulfil(stripe: Stripe, db: SupabaseClient, sessionId: string): Promise<FulfilResult> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') {
      return { ok: false, reason: 'unknown', orderId: null, userId: null };
    }
    throw error;
  }

  const { data: order, error: orderError } = await db
    .from('orders')
    .select('id, user_id, status, amount_pence, currency, stripe_session_id')
    .eq('stripe_session_id', session.id)
    .maybeSingle<OrderRow>();
  if (orderError) throw new Error(`fulfil: reading the order failed: ${orderError.message}`);
  if (!order) return { ok: false, reason: 'unknown', orderId: null, userId: null };
  const ids = { orderId: order.id, userId: order.user_id };
  const reference = session.metadata?.order_id ?? session.client_reference_id;
  if (reference !== order.id) {
    console.warn(`[fulfil] session ${session.id} does not name order ${order.id}; nothing granted`);
    return { ok: false, reason: 'mismatch', ...ids };
  }
  if (order.status === 'paid') return { ok: true, ...ids, granted: 0, alreadyPaid: true };
  if (order.status === 'refunded') return { ok: false, reason: 'refunded', ...ids };

  const paid =
    session.payment_status === 'paid' ||
    (session.payment_status === 'no_payment_required' && session.status === 'complete');
  if (!paid) return { ok: false, reason: 'unpaid', ...ids };

  const amountPaid = session.amount_total ?? -1;
  if (
    session.currency !== order.currency ||
    session.amount_subtotal !== order.amount_pence ||
    amountPaid < 0 ||
    amountPaid > order.amount_pence
  ) {
    console.warn(
      `[fulfil] amount mismatch for order ${order.id} (session ${session.id}): order ${order.amount_pence} ` +
        `${order.currency}, session subtotal ${String(session.amount_subtotal)} total ${String(session.amount_total)} ` +
        `${String(session.currency)}; nothing granted`,
    );
    return { ok: false, reason: 'mismatch', ...ids };
  }

  const { data, error } = await db.rpc('fulfil_order', {
    p_order_id: order.id,
    p_session_id: session.id,
    p_payment_intent: paymentIntentId(session),
    p_amount_paid: amountPaid,
  });
  if (error) throw new Error(`fulfil: fulfil_order failed for order ${order.id}: ${error.message}`);
  const result = data as { status: string; granted: number; already: boolean };
  if (result.status === 'refunded') return { ok: false, reason: 'refunded', ...ids };
  return { ok: true, ...ids, granted: result.granted, alreadyPaid: result.already };
}

/** 'Deep Sleep', or 'Deep Sleep and 2 more' for several lines. */
export function briefTitle(titles: string[]): string {
  const [first, ...rest] = titles;
  if (first === undefined) return 'Your purchase';
  return rest.length === 0 ? first : `${first} and ${rest.length} more`;
}
