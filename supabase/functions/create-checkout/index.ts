// create-checkout (signed in): { items: [{ kind: 'product' | 'package', id }] } → { url } of a Stripe Checkout
// Session. Prices come from the database only (public.open_checkout_order validates the cart, refuses with a
// clear message, rate-limits and opens the pending order); the return URLs come from SITE_URL, never from the
// request.
import { requireEnv, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, readJsonObject, requirePost } from '../_shared/http.ts';
import { callerUser, serviceClient } from '../_shared/supabase.ts';
import { stripeClient } from '../_shared/stripe.ts';

type OpenedOrder = {
  order_id: string;
  amount_pence: number;
  currency: string;
  lines: { kind: 'product' | 'package'; title: string; category: string; price_pence: number }[];
};

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  const caller = await callerUser(req);
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

  const site = requireEnv('SITE_URL').replace(/\/+$/, '');
  let session;
  try {
    session = await stripeClient().checkout.sessions.create(
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
        success_url: `${site}/individual-audios?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/individual-audios?payment=cancelled`,
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

  const stored = await db.from('orders').update({ stripe_session_id: session.id }).eq('id', order.order_id);
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
