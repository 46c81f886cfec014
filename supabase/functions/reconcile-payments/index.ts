// reconcile-payments: finds Checkout Sessions of the last 30 days that Stripe says are paid but whose order is
// not fulfilled (a webhook that never arrived and a customer who closed the tab), and fulfils them; then
// refunds any ungranted part still owed and sends receipts still unsent. Idempotent: a second run changes
// nothing. Called on a schedule (pg_cron + pg_net with the secret key in `apikey`: docs/money.md) or by an admin
// from the dashboard (their JWT). First, whatever the run does with Stripe, it removes the files still queued
// for deletion (a deleted client's private audio: docs/security.md "Activity log and erasure").
//
// POST {} → 200 { checked, fulfilled, failed, refunds, receipts, expired, files_removed, files_failed }.
// 401 signed out, 403 not an admin.
import { refuseUnlessAdmin } from '../_shared/admin.ts';
import { serve } from '../_shared/env.ts';
import { fulfil, refundUngranted } from '../_shared/fulfil.ts';
import { errorJson, json, preflight, requirePost } from '../_shared/http.ts';
import { sendOrderEmail } from '../_shared/order-emails.ts';
import { removeQueuedFiles } from '../_shared/storage-deletions.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { hasSecretKey, requireUser } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';

const WINDOW_DAYS = 30;
const RECEIPT_CATCH_UP_MS = 2 * 24 * 60 * 60 * 1000;

/** Only the scheduler (a secret key in `apikey`) or an admin. */
async function authorise(req: Request): Promise<Response | null> {
  if (hasSecretKey(req)) return null;
  const caller = await requireUser(req);
  if (caller.response) return caller.response;
  return refuseUnlessAdmin(serviceClient(), caller.user.id);
}

/** Every paid Checkout Session of ours created since `since`, page by page as Stripe lists them. */
async function paidSessionIds(stripe: Stripe, since: number): Promise<string[]> {
  const ids: string[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.checkout.sessions.list({
      created: { gte: since },
      status: 'complete',
      limit: 100,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    for (const session of page.data) {
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      if (paid && (session.metadata?.order_id ?? session.client_reference_id)) ids.push(session.id);
    }
    const last = page.data.at(-1);
    if (!page.has_more || !last) return ids;
    startingAfter = last.id;
  }
}

serve(async (req) => {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  const refused = await authorise(req);
  if (refused) return refused;

  const stripe = stripeClient();
  const db = serviceClient();
  const files = await removeQueuedFiles(db, 500);
  const since = Math.floor(Date.now() / 1000) - WINDOW_DAYS * 24 * 60 * 60;
  let sessionIds: string[];
  try {
    sessionIds = await paidSessionIds(stripe, since);
  } catch (error) {
    console.error('[reconcile-payments] listing sessions failed:', (error as Error).message);
    return errorJson(502, 'Stripe could not list the payments. Please try again.');
  }

  let fulfilled = 0;
  let failed = 0;
  for (let start = 0; start < sessionIds.length; start += 100) {
    const batch = sessionIds.slice(start, start + 100);
    const { data, error } = await db.rpc('unfulfilled_sessions', { p_session_ids: batch });
    if (error) return errorJson(503, 'The database is busy. Please try again.');
    for (const sessionId of (data ?? []) as string[]) {
      try {
        const result = await fulfil(stripe, db, sessionId);
        if (result.ok && !result.alreadyPaid) fulfilled += 1;
        else if (!result.ok) console.warn(`[reconcile-payments] session ${sessionId}: ${result.reason}`);
      } catch (failure) {
        failed += 1;
        console.error(
          `[reconcile-payments] fulfilling session ${sessionId} failed:`,
          (failure as Error).message,
        );
      }
    }
  }

  // Owed after an earlier failure: ungranted parts not yet refunded, receipts not yet sent.
  const sinceIso = new Date(since * 1000).toISOString();
  let refunds = 0;
  const owed = await db
    .from('orders')
    .select('id')
    .eq('status', 'paid')
    .gt('ungranted_pence', 0)
    .is('ungranted_refund_id', null)
    .gte('created_at', sinceIso)
    .limit(100);
  for (const order of (owed.data ?? []) as { id: string }[]) {
    try {
      if (await refundUngranted(stripe, db, order.id)) refunds += 1;
    } catch (failure) {
      failed += 1;
      console.error(`[reconcile-payments] refunding order ${order.id} failed:`, (failure as Error).message);
    }
  }
  // Receipts only for recent fulfilments: a first run after deploying must not mail every past customer.
  let receipts = 0;
  const unsent = await db
    .from('orders')
    .select('id')
    .eq('status', 'paid')
    .is('receipt_sent_at', null)
    .not('user_id', 'is', null)
    .gte('fulfilled_at', new Date(Date.now() - RECEIPT_CATCH_UP_MS).toISOString())
    .limit(100);
  for (const order of (unsent.data ?? []) as { id: string }[]) {
    if ((await sendOrderEmail(db, order.id, 'receipt')) === 'sent') receipts += 1;
  }

  // Checkouts never paid expire (docs/payment-result.md): after the paid ones above were fulfilled, so a paid
  // session whose webhook was missed is granted first (and an expired order is still fulfilled if paid later).
  const stale = await db.rpc('expire_stale_checkouts');
  if (stale.error)
    console.warn('[reconcile-payments] expiring unpaid checkouts failed:', stale.error.message);
  const expired = typeof stale.data === 'number' ? stale.data : 0;

  return json(200, {
    checked: sessionIds.length,
    fulfilled,
    failed,
    refunds,
    receipts,
    expired,
    files_removed: files.removed,
    files_failed: files.failed,
  });
});
