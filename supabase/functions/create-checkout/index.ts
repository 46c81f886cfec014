// create-checkout (signed in): { items: [{ kind: 'product' | 'package', id }] } → { url } of a Stripe Checkout
// Session. Prices come from the database only (public.open_checkout_order validates the cart, refuses with a
// clear message, rate-limits and opens the pending order); the return URLs come from SITE_URL, never from the
// request. One open checkout per audio (docs/money.md): the earlier open checkouts the database closed for
// this cart have their Stripe sessions expired first, so the same audio can never be paid for twice.
import { requireEnv, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, readJsonObject, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';

type OpenedOrder = {
  order_id: string;
  amount_pence: number;
  currency: string;
  lines: { kind: 'product' | 'package'; title: string; category: string; price_pence: number }[];
  superseded: { order_id: string; session_id: string | null }[];
};

/**
 * Expires an earlier Checkout Session holding some of the same audio. 'closed' when it can no longer be paid,
 * 'paid' when it was paid meanwhile (its order is fulfilled as usual), 'unknown' when Stripe could not say.
 */
async function expireEarlier(stripe: Stripe, sessionId: string): Promise<'closed' | 'paid' | 'unknown'> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return 'closed';
  } catch {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'expired') return 'closed';
      if (session.status === 'complete') return 'paid';
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return 'closed';
    }
    return 'unknown';
  }
}

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  const caller = await requireUser(req);
  if (caller.response) return caller.response;
  const { user } = caller;

  const body = await readJsonObject(req);
  if (!body || !Array.isArray(body.items)) {
    return errorJson(400, 'Send the cart as { "items": [{ "kind": "product" | "package", "id": "…" }] }.');
  }

  const db = serviceClient();
  const opened = await db.rpc('open_checkout_order', { p_user_id: user.id, p_items: body.items });
  if (opened.error) {
    if (opened.error.code === 'P0001') return errorJson(400, opened.error.message);
    if (opened.error.code === 'PT429') return errorJson(429, opened.error.message);
    console.error('[create-checkout] opening the order failed:', opened.error.code, opened.error.message);
    return errorJson(500, 'We could not start the checkout. Please try again.');
  }
  const order = opened.data as OpenedOrder;
  const stripe = stripeClient();
  const giveUp = async (status: number, message: string) => {
    await db.from('orders').update({ status: 'failed' }).eq('id', order.order_id).eq('status', 'pending');
    return errorJson(status, message);
  };

  for (const earlier of order.superseded ?? []) {
    if (!earlier.session_id) continue; // its create-checkout will find its order closed and stop
    const outcome = await expireEarlier(stripe, earlier.session_id);
    if (outcome === 'paid') {
      return giveUp(
        409,
        'You have just paid for some of these audios in another checkout: they are in your account. Please check your cart and try again.',
      );
    }
    if (outcome === 'unknown') {
      console.warn(
        `[create-checkout] could not expire session ${earlier.session_id} of order ${earlier.order_id}`,
      );
      return giveUp(503, 'We could not close your earlier checkout. Please try again in a moment.');
    }
  }

  const site = requireEnv('SITE_URL').replace(/\/+$/, '');
  let session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        currency: order.currency,
        line_items: order.lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: order.currency,
            unit_amount: line.price_pence,
            product_data: { name: line.title },
          },
        })),
        allow_promotion_codes: true,
        ...(user.email ? { customer_email: user.email } : {}),
        client_reference_id: order.order_id,
        metadata: { order_id: order.order_id },
        payment_intent_data: { metadata: { order_id: order.order_id } },
        // The payment result page (docs/payment-result.md); the order id lets it name what was not bought.
        success_url: `${site}/checkout/result?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/checkout/result?status=cancelled&order=${order.order_id}`,
      },
      { idempotencyKey: `checkout-${order.order_id}` },
    );
  } catch (error) {
    console.warn(
      `[create-checkout] Stripe refused or failed for order ${order.order_id}:`,
      (error as Error).message,
    );
    await db.from('orders').update({ status: 'failed' }).eq('id', order.order_id).eq('status', 'pending');
    return errorJson(502, 'We could not reach the payment provider. Please try again in a moment.');
  }

  // Only while still pending: a newer checkout of the same audio may have closed this order meanwhile.
  const stored = await db
    .from('orders')
    .update({ stripe_session_id: session.id })
    .eq('id', order.order_id)
    .eq('status', 'pending')
    .select('id');
  if (!stored.error && stored.data.length === 0) {
    await expireEarlier(stripe, session.id);
    return errorJson(409, 'A newer checkout for the same audio was started. Please use that one.');
  }
  if (stored.error || !session.url) {
    console.error(
      '[create-checkout] recording the session failed for order',
      order.order_id,
      stored.error?.message,
    );
    return errorJson(500, 'We could not start the checkout. Please try again.');
  }
  return json(200, { url: session.url });
});
