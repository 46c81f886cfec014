// One fulfilment for the webhook, the return page and reconciliation: ask Stripe (never the browser) whether
// the session is paid and for the order's amount, then grant the order's items once, in one database
// transaction (public.fulfil_order locks the order row, so concurrent and repeated calls grant nothing more).
// What was paid but could not be granted (owned meanwhile) is refunded at once, and the receipt is sent.
// A transient database failure is retried (db-retry.ts) and, if it persists, thrown as
// TransientDatabaseError for the caller to answer 503. See docs/money.md.
// Logs carry order and session ids only, never titles: what someone bought can reveal a health condition.
import type Stripe from 'stripe';
import type { SupabaseClient } from '@supabase/supabase-js';
import { isTransient, rpcWithRetry, TransientDatabaseError } from './db-retry.ts';
import { sendOrderEmail } from './order-emails.ts';

/** What fulfilment could not grant and refunded (or will refund on the next call, if Stripe failed). */
export type Ungranted = { pence: number; titles: string[]; refunded: boolean };

export type FulfilResult =
  | {
      ok: true;
      orderId: string;
      userId: string | null;
      granted: number;
      alreadyPaid: boolean;
      ungranted: Ungranted | null;
    }
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
  stripe_payment_intent_id: string | null;
  ungranted_pence: number;
  ungranted_refund_id: string | null;
};

const ORDER_COLUMNS =
  'id, user_id, status, amount_pence, currency, stripe_session_id, stripe_payment_intent_id, ungranted_pence, ungranted_refund_id';

/**
 * Refunds what a paid order could not grant, once (Stripe's idempotency key and record_ungranted_refund), and
 * returns whether it is refunded. A Stripe failure is thrown: the caller's retry (Stripe's webhook retries, the
 * return page, reconciliation) refunds it then.
 */
export async function refundUngranted(stripe: Stripe, db: SupabaseClient, orderId: string): Promise<boolean> {
  const { data: order, error } = await db
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('id', orderId)
    .maybeSingle<OrderRow>();
  if (error || !order)
    throw new Error(`refundUngranted: reading order ${orderId} failed: ${error?.message ?? 'missing'}`);
  if (order.ungranted_pence <= 0) return false;
  if (order.ungranted_refund_id) return true;
  if (!order.stripe_payment_intent_id)
    throw new Error(`refundUngranted: order ${orderId} has no payment intent`);
  let refundId: string;
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.stripe_payment_intent_id,
        amount: order.ungranted_pence,
        reason: 'duplicate',
        metadata: { order_id: order.id, kind: 'ungranted' },
      },
      { idempotencyKey: `ungranted-${order.id}` },
    );
    refundId = refund.id;
  } catch (failure) {
    // Refunded already (the whole order, from the dashboard): nothing more to give back.
    if ((failure as { code?: string }).code !== 'charge_already_refunded') throw failure;
    refundId = 'already_refunded';
  }
  await rpcWithRetry<boolean>(db, 'record_ungranted_refund', { p_order_id: order.id, p_refund_id: refundId });
  console.warn(
    `[fulfil] order ${order.id}: ${order.ungranted_pence}p paid for audio already owned, refunded`,
  );
  await sendOrderEmail(db, order.id, 'refund');
  return true;
}

/** The session's payment intent id, whether Stripe sent it as an id or expanded. */
function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const value = session.payment_intent;
  if (typeof value === 'string') return value;
  return value?.id ?? null;
}

/** The promotion code the customer paid with (as typed, e.g. WELCOME10), from a session whose discounts'
 *  promotion codes are expanded; null when none was used. */
export function promotionCodeOf(session: Stripe.Checkout.Session): string | null {
  for (const discount of session.discounts ?? []) {
    const promotion = discount.promotion_code;
    if (promotion && typeof promotion !== 'string' && promotion.code) return promotion.code;
  }
  return null;
}

/** Stores the order's promotion code for its discount line (docs/money.md "Discounts"). */
async function recordPromotionCode(db: SupabaseClient, orderId: string, code: string | null): Promise<void> {
  if (code === null) return;
  const { error } = await db.from('orders').update({ promotion_code: code }).eq('id', orderId);
  if (!error) return;
  const message = `fulfil: recording the promotion code of order ${orderId} failed: ${error.message}`;
  // A busy or unreachable database is answered 503 like fulfil_order's, so the caller asks again.
  throw isTransient(error) ? new TransientDatabaseError(message, error.code ?? '') : new Error(message);
}

/**
 * Fulfils the order behind a Checkout Session. Throws only on infrastructure failures (Stripe or the database
 * unreachable), which the caller answers with a retryable 5xx; everything else is a result.
 */
export async function fulfil(stripe: Stripe, db: SupabaseClient, sessionId: string): Promise<FulfilResult> {
  let session: Stripe.Checkout.Session;
  try {
    // Expanded, each discount carries the promotion code the customer typed (`code`), not only its id.
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['discounts.promotion_code'] });
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') {
      return { ok: false, reason: 'unknown', orderId: null, userId: null };
    }
    throw error;
  }

  const { data: order, error: orderError } = await db
    .from('orders')
    .select(ORDER_COLUMNS)
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
  if (order.status === 'paid') {
    // Paid earlier; an ungranted refund or the receipt may still be owed (a failure on an earlier call).
    const ungranted = await settle(stripe, db, order.id, order.ungranted_pence, []);
    return { ok: true, ...ids, granted: 0, alreadyPaid: true, ungranted };
  }
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

  // Before the order turns paid, so that whatever shows or sends it paid can name the code.
  await recordPromotionCode(db, order.id, promotionCodeOf(session));

  const result = await rpcWithRetry<{
    status: string;
    granted: number;
    already: boolean;
    ungranted_pence: number;
    ungranted_titles?: string[];
  }>(db, 'fulfil_order', {
    p_order_id: order.id,
    p_session_id: session.id,
    p_payment_intent: paymentIntentId(session),
    p_amount_paid: amountPaid,
  });
  if (result.status === 'refunded') return { ok: false, reason: 'refunded', ...ids };
  const ungranted = await settle(stripe, db, order.id, result.ungranted_pence, result.ungranted_titles ?? []);
  return { ok: true, ...ids, granted: result.granted, alreadyPaid: result.already, ungranted };
}

/** After fulfilment: refund what was not granted, then send the receipt (each once). Never throws: a failed
 *  refund is reported as `refunded: false` (the webhook then answers 5xx so Stripe retries). */
async function settle(
  stripe: Stripe,
  db: SupabaseClient,
  orderId: string,
  ungrantedPence: number,
  titles: string[],
): Promise<Ungranted | null> {
  let ungranted: Ungranted | null = null;
  if (ungrantedPence > 0) {
    let refunded = false;
    try {
      refunded = await refundUngranted(stripe, db, orderId);
    } catch (failure) {
      console.error(
        `[fulfil] refunding the ungranted part of order ${orderId} failed:`,
        (failure as Error).message,
      );
    }
    if (titles.length === 0) {
      const details = await db.rpc('order_email_details', { p_order_id: orderId });
      titles = ((details.data as { ungranted_titles?: string[] } | null)?.ungranted_titles ?? []).slice();
    }
    ungranted = { pence: ungrantedPence, titles, refunded };
  }
  await sendOrderEmail(db, orderId, 'receipt');
  return ungranted;
}

/** 'Deep Sleep', or 'Deep Sleep and 2 more' for several lines. */
export function briefTitle(titles: string[]): string {
  const [first, ...rest] = titles;
  if (first === undefined) return 'Your purchase';
  return rest.length === 0 ? first : `${first} and ${rest.length} more`;
}
