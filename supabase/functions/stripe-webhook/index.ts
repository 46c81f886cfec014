// stripe-webhook (no JWT check: Stripe's signature over the raw body is the gate). The source of truth for
// payments: fulfils paid Checkout Sessions, closes failed and expired ones, revokes refunded orders, and
// suspends, restores or revokes the audio of disputed ones (docs/money.md).
// Answers 400 to a forged or stale signature (nothing changes), 5xx when a retry could succeed (Stripe retries
// for days: a transient database error, an ungranted part not yet refunded), 200 otherwise, including events
// it does not handle. Every handler is idempotent and tolerates events late, twice or out of order.
import { TransientDatabaseError, rpcWithRetry } from '../_shared/db-retry.ts';
import { requireEnv, serve } from '../_shared/env.ts';
import { fulfil } from '../_shared/fulfil.ts';
import { errorJson, json } from '../_shared/http.ts';
import { sendOrderEmail } from '../_shared/order-emails.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { cryptoProvider, stripeClient, type Stripe } from '../_shared/stripe.ts';

const received = (detail: Record<string, unknown> = {}) => json(200, { received: true, ...detail });

/** The payment intent id of a charge or dispute, whether sent as an id or expanded. */
function intentOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** A failed database call: 503 when a retry may succeed, 500 otherwise; Stripe retries both. */
function databaseFailure(what: string, error: unknown): Response {
  const transient = error instanceof TransientDatabaseError;
  console.error(
    `[stripe-webhook] ${what} failed${transient ? ' (transient)' : ''}:`,
    (error as Error).message,
  );
  return transient
    ? errorJson(503, 'The database is busy; Stripe will retry.')
    : errorJson(500, `${what} failed; Stripe will retry.`);
}

serve(async (req) => {
  if (req.method !== 'POST') return errorJson(405, 'Method not allowed: Stripe posts events.');
  const signature = req.headers.get('Stripe-Signature');
  if (!signature) return errorJson(400, 'Missing Stripe-Signature header.');
  const raw = await req.text();

  const stripe = stripeClient();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      raw,
      signature,
      requireEnv('STRIPE_WEBHOOK_SECRET'),
      undefined,
      cryptoProvider,
    );
  } catch {
    console.warn('[stripe-webhook] refused an event with an invalid or stale signature');
    return errorJson(400, 'Invalid signature.');
  }

  const db = serviceClient();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      try {
        const result = await fulfil(stripe, db, session.id);
        if (result.ok && result.ungranted && !result.ungranted.refunded) {
          return errorJson(500, 'Granted, but the refund of the ungranted part failed; Stripe will retry.');
        }
        return received(result.ok ? { granted: result.granted } : { ignored: result.reason });
      } catch (error) {
        return databaseFailure(`fulfilment of session ${session.id}`, error);
      }
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const status = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
      try {
        await rpcWithRetry(db, 'close_unpaid_order', {
          p_session_id: event.data.object.id,
          p_status: status,
        });
      } catch (error) {
        return databaseFailure('closing the order', error);
      }
      return received();
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      // A partial refund leaves the purchase in place (the dashboard refunds whole orders).
      if (!paymentIntent || !charge.refunded) return received({ ignored: 'partial' });
      let data: { order_id: string; already: boolean } | null;
      try {
        data = await rpcWithRetry(db, 'mark_order_refunded', { p_payment_intent: paymentIntent });
      } catch (error) {
        // Ours but not paid yet (events arrive in any order: 22023 'not paid'): a retry after fulfilment
        // revokes it.
        console.warn(
          '[stripe-webhook] refund for an order not yet fulfilled or a failed update; asking Stripe to retry',
        );
        return (error as { code?: string }).code === '22023'
          ? errorJson(503, 'The order is not fulfilled yet; retry later.')
          : databaseFailure('marking the order refunded', error);
      }
      const ours = Boolean(charge.metadata?.order_id);
      if (data === null && ours) return errorJson(503, 'The order is not fulfilled yet; retry later.');
      if (data) await sendOrderEmail(db, data.order_id, 'refund');
      return received(data === null ? { ignored: 'unknown payment' } : {});
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentIntent = intentOf(dispute.payment_intent);
      if (!paymentIntent) return received({ ignored: 'dispute without a payment intent' });
      let outcome: 'open' | 'won' | 'lost' | null = 'open';
      if (event.type === 'charge.dispute.closed') {
        // warning_closed: an inquiry closed without a chargeback, as good as won.
        outcome =
          dispute.status === 'lost'
            ? 'lost'
            : dispute.status === 'won' || dispute.status === 'warning_closed'
              ? 'won'
              : null;
      }
      if (outcome === null) return received({ ignored: `dispute status ${dispute.status}` });
      try {
        const data = await rpcWithRetry<{ order_id: string } | null>(
          db,
          outcome === 'open' ? 'open_order_dispute' : 'close_order_dispute',
          outcome === 'open'
            ? { p_payment_intent: paymentIntent, p_dispute_id: dispute.id }
            : { p_payment_intent: paymentIntent, p_dispute_id: dispute.id, p_outcome: outcome },
        );
        if (data) console.warn(`[stripe-webhook] order ${data.order_id}: dispute ${dispute.id} ${outcome}`);
        return received(data === null ? { ignored: 'unknown payment' } : { dispute: outcome });
      } catch (error) {
        return databaseFailure(`recording dispute ${dispute.id}`, error);
      }
    }
    default:
      return received({ ignored: event.type });
  }
});
