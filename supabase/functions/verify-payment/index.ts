// verify-payment (signed in): { sessionId } → { success, purchase: { title }, error, refunded, pending, lines,
// productIds, discount, order: { number, paidPence, receiptEmail } }. The payment result page's shortcut (docs/payment-result.md): the same fulfilment the webhook runs, for the order's own customer only (anyone else's
// session answers 404 and grants nothing). `refunded` ({ pence, titles, done }) says what was paid for audio
// the customer already had and is refunded (docs/money.md); 503 { retry: true } when the database is busy.
import { TransientDatabaseError } from '../_shared/db-retry.ts';
import { serve } from '../_shared/env.ts';
import { briefTitle, fulfil } from '../_shared/fulfil.ts';
import { json, preflight, readJsonObject, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { stripeClient } from '../_shared/stripe.ts';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

function failure(status: number, error: string, pending = false): Response {
  return json(status, { success: false, purchase: null, error, pending });
}

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  const caller = await requireUser(req);
  if (caller.response) return caller.response;

  const body = await readJsonObject(req);
  const sessionId = body?.sessionId;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) {
    return failure(400, 'Send { "sessionId": "cs_…" } from the payment return address.');
  }

  const db = serviceClient();
  const { data: order, error } = await db
    .from('orders')
    .select('id, user_id')
    .eq('stripe_session_id', sessionId)
    .maybeSingle<{ id: string; user_id: string | null }>();
  if (error) {
    console.error('[verify-payment] reading the order failed:', error.message);
    return failure(500, 'We could not verify the payment. Please try again.');
  }
  // Someone else's session is indistinguishable from an unknown one.
  if (!order || order.user_id !== caller.user.id) return failure(404, 'We could not find that payment.');

  let result;
  try {
    result = await fulfil(stripeClient(), db, sessionId);
  } catch (failed) {
    console.error('[verify-payment] fulfilment failed for order', order.id, (failed as Error).message);
    if (failed instanceof TransientDatabaseError) {
      return json(503, {
        success: false,
        purchase: null,
        error: 'We are busy confirming payments. Please try again in a moment.',
        retry: true,
      });
    }
    return failure(502, 'We could not confirm the payment with the payment provider. Please try again.');
  }
  if (!result.ok) {
    const messages = {
      unknown: 'We could not find that payment.',
      unpaid: 'The payment has not been completed yet.',
      mismatch: 'The payment does not match the order. Please contact support.',
      refunded: 'This payment was refunded.',
    } as const;
    // Not paid yet (still processing, or the session still open): the result page asks again.
    return failure(200, messages[result.reason], result.reason === 'unpaid');
  }

  const [paid, lines, items] = await Promise.all([
    // The receipt's own figures (order number, amount charged, the address it goes to), so the page and the
    // email say the same.
    db.rpc('order_email_details', { p_order_id: order.id }),
    db.from('order_lines').select('title').eq('order_id', order.id).order('position', { ascending: true }),
    db
      .from('order_items')
      .select('product_id')
      .eq('order_id', order.id)
      .order('line_position')
      .order('product_id'),
  ]);
  const details = paid.data as {
    order_number: string;
    email: string | null;
    amount_pence: number;
    amount_paid_pence: number | null;
    promotion_code: string | null;
  } | null;
  if (paid.error) console.warn('[verify-payment] reading the amounts of order', order.id, 'failed');
  if (lines.error) console.warn('[verify-payment] reading the lines of order', order.id, 'failed');
  if (items.error) console.warn('[verify-payment] reading the items of order', order.id, 'failed');
  const titles = (lines.data ?? []).map((line: { title: string }) => line.title);
  // The audios this order grants, so the result page can offer 'Listen now' with them.
  const productIds = (items.data ?? []).map((item: { product_id: string }) => item.product_id);
  // A promotion code is the only way to pay less than the order's total (docs/money.md "Discounts").
  const discountPence = details
    ? details.amount_pence - (details.amount_paid_pence ?? details.amount_pence)
    : 0;
  const discount = discountPence > 0 ? { pence: discountPence, code: details?.promotion_code ?? null } : null;
  const refunded = result.ungranted
    ? { pence: result.ungranted.pence, titles: result.ungranted.titles, done: result.ungranted.refunded }
    : null;
  const receipt = details
    ? {
        number: details.order_number,
        paidPence: details.amount_paid_pence ?? details.amount_pence,
        receiptEmail: details.email,
      }
    : null;
  return json(200, {
    success: true,
    purchase: { title: briefTitle(titles) },
    error: null,
    refunded,
    pending: false,
    lines: titles,
    productIds,
    discount,
    order: receipt,
  });
});
