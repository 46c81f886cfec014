// Events the stand-in sends to the stripe-webhook function, signed the way Stripe signs them:
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>`.
import { createHmac } from 'node:crypto';
import { functionEnvironment } from '../functions/routes.ts';
import type { StackContext } from '../stack-context.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from './settings.ts';
import { nowSeconds, stateOf, stripeId, type SentEvent } from './state.ts';

/** The API version the stand-in's objects follow (the SDK's pinned one). */
export const STAND_IN_API_VERSION = '2026-10-28.endive';

export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The endpoint secret the functions verify with (the same environment they run in). */
function webhookSecret(stack: StackContext): string {
  return functionEnvironment(stack).STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE_WEBHOOK_SECRET;
}

async function deliver(stack: StackContext, event: SentEvent): Promise<void> {
  const at = new Date().toISOString();
  try {
    const response = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(event.payload, webhookSecret(stack)),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local stand-in',
      },
      body: event.payload,
    });
    await response.arrayBuffer();
    event.delivery = { status: response.status, error: null, at };
    if (!response.ok)
      stack.log(`[stripe stand-in] ${event.type} ${event.id}: webhook answered ${response.status}`);
  } catch (error) {
    event.delivery = { status: null, error: error instanceof Error ? error.message : String(error), at };
    stack.log(`[stripe stand-in] ${event.type} ${event.id}: delivery failed (${event.delivery.error})`);
  }
}

/** Records an event and delivers it per the webhook setting (awaited when immediate). */
export async function sendEvent(stack: StackContext, type: string, object: unknown): Promise<SentEvent> {
  const state = stateOf(stack);
  const created = nowSeconds();
  const id = stripeId('evt');
  const payload = JSON.stringify(
    {
      id,
      object: 'event',
      api_version: STAND_IN_API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
  const event: SentEvent = { id, type, created, payload, delivery: null };
  state.events.unshift(event);
  if (state.events.length > 500) state.events.length = 500;
  const mode = state.webhookMode;
  if (mode.kind === 'immediate') await deliver(stack, event);
  else if (mode.kind === 'delayed') {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      void deliver(stack, event);
    }, mode.ms);
    timer.unref();
    state.timers.add(timer);
  }
  return event;
}

/** Sends a recorded event again (as Stripe's dashboard "Resend" does), whatever the setting. */
export async function resendEvent(stack: StackContext, event: SentEvent): Promise<void> {
  await deliver(stack, event);
}
