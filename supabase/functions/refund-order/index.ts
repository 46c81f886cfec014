// refund-order: an admin refunds a paid order from the dashboard. Stripe refunds the payment, then
// mark_order_refunded marks the order refunded and revokes the audio it granted (the charge.refunded webhook
// calls the same function, so whichever runs first does the work and the other changes nothing), and the
// activity log records who refunded what.
//
// POST { orderId } with the admin's JWT → 200 { orderId, status: 'refunded', revoked, already }.
// 401 signed out, 403 not an admin or { error: 'reauthentication_needed' } when the admin signed in over 10
// minutes ago (docs/security.md), 400 bad body, 404 no such order, 409 not a paid order, 502 Stripe failed.
import { rpcWithRetry, TransientDatabaseError } from '../_shared/db-retry.ts';
import { serve } from '../_shared/env.ts';
import { sendOrderEmail } from '../_shared/order-emails.ts';
import { adminIdRequest } from '../_shared/admin.ts';
import { errorJson, json } from '../_shared/http.ts';
import { Stripe, stripeClient } from '../_shared/stripe.ts';

interface OrderRow {
  id: string;
  status: string;
  stripe_payment_intent_id: string | null;
  amount_pence: number;
  amount_paid_pence: number | null;
}

const statusWords: Record<string, string> = {
  pending: 'still awaiting payment',
  failed: 'a failed payment',
  expired: 'an expired checkout',
};

async function handler(req: Request): Promise<Response> {
  const start = await adminIdRequest(req, 'orderId', 'Send { orderId } with the id of the order to refund.', {
    recentSignIn: true,
  });
  if (start.response) return start.response;
  const { id: orderId, db, adminId } = start;

  const found = await db
    .from('orders')
    .select('id, status, stripe_payment_intent_id, amount_pence, amount_paid_pence')
    .eq('id', orderId)
    .maybeSingle();
  if (found.error) return errorJson(500, 'Could not read the order. Please try again.');
  const order = found.data as OrderRow | null;
  if (!order) return errorJson(404, 'No such order.');
  if (order.status === 'refunded') {
    return json(200, { orderId, status: 'refunded', revoked: 0, already: true });
  }
  if (order.status !== 'paid') {
    return errorJson(
      409,
      `Only a paid order can be refunded; this one is ${statusWords[order.status] ?? order.status}.`,
    );
  }
  const paymentIntent = order.stripe_payment_intent_id;
  if (!paymentIntent) return errorJson(409, 'This order has no Stripe payment to refund.');

  let refundId: string | null = null;
  try {
    const refund = await stripeClient().refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer' },
      // A double click or a retry refunds once.
      { idempotencyKey: `refund-order-${orderId}` },
    );
    refundId = refund.id;
  } catch (error) {
    // Refunded in Stripe already (its dashboard, or an earlier try whose database step failed): carry on
    // and bring the order in line.
    const alreadyRefunded =
      error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded';
    if (!alreadyRefunded) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`refund-order: Stripe refused the refund of ${orderId}: ${message}`);
      return errorJson(502, `Stripe could not refund this order: ${message}`);
    }
  }

  // Stripe has refunded: the order must follow. Retried on a transient failure; if it still fails, the
  // charge.refunded webhook (retried by Stripe) or a second click (same idempotency key) completes it.
  let result: { revoked?: number; already?: boolean };
  try {
    result =
      (await rpcWithRetry<typeof result | null>(db, 'mark_order_refunded', {
        p_payment_intent: paymentIntent,
      })) ?? {};
  } catch (error) {
    console.warn(`refund-order: could not mark ${orderId} refunded: ${(error as Error).message}`);
    return error instanceof TransientDatabaseError
      ? errorJson(
          503,
          'The payment was refunded; the order will show it shortly. Please refresh in a moment.',
        )
      : errorJson(500, 'The payment was refunded, but the order could not be updated. Please try again.');
  }
  await sendOrderEmail(db, orderId, 'refund');

  const logged = await db.rpc('log_admin_activity', {
    p_actor: adminId,
    p_action: 'order.refund',
    p_entity_type: 'order',
    p_entity_id: orderId,
    p_summary: `Order of ${((order.amount_paid_pence ?? order.amount_pence) / 100).toFixed(2)} GBP refunded`,
    p_before: { status: 'paid' },
    p_after: {
      status: 'refunded',
      revoked: result.revoked ?? 0,
      stripe_refund: refundId ?? 'already refunded in Stripe',
    },
  });
  if (logged.error) console.warn(`refund-order: activity log failed for ${orderId}: ${logged.error.message}`);

  return json(200, {
    orderId,
    status: 'refunded',
    revoked: result.revoked ?? 0,
    already: result.already ?? false,
  });
}

serve(handler);
