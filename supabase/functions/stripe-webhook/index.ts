// stripe-webhook (no JWT check: Stripe's signature over the raw body is the gate). The source of truth for
// payments: fulfils paid Checkout Sessions, closes failed and expired ones, and revokes refunded orders.
// Answers 400 to a forged or stale signature (nothing changes), 5xx when a retry could succeed (Stripe retries
// for days), 200 otherwise, including events it does not handle.
import { requireEnv, serve } from '../_shared/env.ts';
import { fulfil } from '../_shared/fulfil.ts';
import { errorJson, json } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { cryptoProvider, stripeClient, type Stripe } from '../_shared/stripe.ts';

const received = (detail: Record<string, unknown> = {}) => json(200, { received: true, ...detail });

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
        return received(result.ok ? { granted: result.granted } : { ignored: result.reason });
      } catch (error) {
        console.error('[stripe-webhook] fulfilment failed for session', session.id, (error as Error).message);
        return errorJson(500, 'Fulfilment failed; Stripe will retry.');
      }
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const status = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
      const { error } = await db.rpc('close_unpaid_order', {
        p_session_id: event.data.object.id,
        p_status: status,
      });
      if (error) {
        console.error('[stripe-webhook] closing the order failed:', error.message);
        return errorJson(500, 'Could not record the event; Stripe will retry.');
      }
      return received();
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      // A partial refund leaves the purchase in place (the dashboard refunds whole orders).
      if (!paymentIntent || !charge.refunded) return received({ ignored: 'partial' });
      const { data, error } = await db.rpc('mark_order_refunded', { p_payment_intent: paymentIntent });
      const ours = Boolean(charge.metadata?.order_id);
      if (error || (data === null && ours)) {
        // Ours but not paid yet (events arrive in any order): a retry after fulfilment revokes it.
        console.warn('[stripe-webhook] refund for an order not yet fulfilled; asking Stripe to retry');
        return errorJson(503, 'The order is not fulfilled yet; retry later.');
      }
      return received(data === null ? { ignored: 'unknown payment' } : {});
    }
    default:
      return received({ ignored: event.type });
  }
});
