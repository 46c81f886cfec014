// scheduler-webhook (no JWT check: the scheduler's signature over the raw body is the gate). Records the
// appointments booked, rescheduled and cancelled on the scheduler (Calendly's invitee.created and
// invitee.canceled; docs/appointments.md). Answers 400 to a missing, forged or stale signature and 409 to a
// replayed one (nothing changes either way), 200 to an applied, already applied or ignored event, 5xx when a
// retry could succeed. Logs never carry the invitee's email or name (docs/product-rules.md D26 "Health data").
import { requireEnv, serve } from '../_shared/env.ts';
import { errorJson, json } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { verifySchedulerSignature } from './signature.ts';

const HANDLED = new Set(['invitee.created', 'invitee.canceled']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function handleSchedulerWebhook(req: Request): Promise<Response> {
  if (req.method !== 'POST') return errorJson(405, 'Method not allowed: the scheduler posts events.');
  const raw = await req.text();
  const check = await verifySchedulerSignature(
    req.headers.get('Calendly-Webhook-Signature'),
    raw,
    requireEnv('CALENDLY_WEBHOOK_SIGNING_KEY'),
    Math.floor(Date.now() / 1000),
  );
  if (!check.ok) {
    console.warn('[scheduler-webhook] refused a delivery:', check.reason);
    return errorJson(400, check.reason === 'stale' ? 'Stale signature.' : 'Invalid signature.');
  }

  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return errorJson(400, 'The body is not JSON.');
  }
  if (!isObject(body) || typeof body.event !== 'string' || !isObject(body.payload)) {
    return errorJson(400, 'Expected {"event": ..., "payload": {...}}.');
  }
  if (!HANDLED.has(body.event)) return json(200, { received: true, ignored: body.event });

  const { data, error } = await serviceClient().rpc('record_scheduler_event', {
    p_signature: check.signature,
    p_event: body.event,
    p_invitee: body.payload,
  });
  if (error) {
    if (
      error.code === '22023' ||
      error.code === '22P02' ||
      error.code === '22007' ||
      error.code === '23514'
    ) {
      console.warn('[scheduler-webhook] refused an invalid payload:', error.code);
      return errorJson(400, 'The event payload is invalid.');
    }
    console.error('[scheduler-webhook] recording failed:', error.code);
    return errorJson(500, 'Could not record the event; the scheduler will retry.');
  }
  if (data === 'replayed') {
    console.warn('[scheduler-webhook] refused a replayed delivery');
    return errorJson(409, 'This delivery was already received.');
  }
  return json(200, { received: true, result: data as string });
}

serve(handleSchedulerWebhook);
