// Deliveries the stand-in sends to the scheduler-webhook function, shaped and signed as Calendly's:
// `{"event": "invitee.created" | "invitee.canceled", "created_at", "created_by", "payload": <invitee>}` with
// `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the signing key>`.
import { createHmac } from 'node:crypto';
import { functionEnvironment } from '../functions/routes.ts';
import type { StackContext } from '../stack-context.ts';
import { LOCAL_SCHEDULER_SIGNING_KEY, SCHEDULER_BASE_PATH } from './settings.ts';
import { schedulerState, type Delivery, type Invitee } from './state.ts';

const API = 'https://api.calendly.com';

export function schedulerSignature(body: string, key: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
}

function signingKey(stack: StackContext): string {
  return functionEnvironment(stack).CALENDLY_WEBHOOK_SIGNING_KEY ?? LOCAL_SCHEDULER_SIGNING_KEY;
}

const inviteeUri = (invitee: Invitee): string =>
  `${API}/scheduled_events/${invitee.eventId}/invitees/${invitee.id}`;

/** The invitee object Calendly puts in `payload`. */
export function inviteePayload(stack: StackContext, invitee: Invitee): Record<string, unknown> {
  const state = schedulerState(stack);
  const linked = (id: string | null): string | null => {
    const other = id === null ? undefined : state.invitees.get(id);
    return other ? inviteeUri(other) : null;
  };
  const pages = `${stack.url}${SCHEDULER_BASE_PATH}`;
  return {
    uri: inviteeUri(invitee),
    email: invitee.email,
    name: invitee.name,
    status: invitee.status,
    rescheduled: invitee.newInviteeId !== null,
    old_invitee: linked(invitee.oldInviteeId),
    new_invitee: linked(invitee.newInviteeId),
    cancel_url: `${pages}/cancellations/${invitee.id}`,
    reschedule_url: `${pages}/reschedulings/${invitee.id}`,
    timezone: 'Europe/London',
    created_at: new Date().toISOString(),
    scheduled_event: {
      uri: `${API}/scheduled_events/${invitee.eventId}`,
      name: invitee.eventType,
      status: invitee.status,
      start_time: invitee.start.toISOString(),
      end_time: invitee.end.toISOString(),
      event_type: `${API}/event_types/LOCAL-STAND-IN`,
    },
    ...(invitee.status === 'canceled'
      ? { cancellation: { canceled_by: invitee.name, reason: null, canceler_type: 'invitee' } }
      : {}),
  };
}

async function deliver(stack: StackContext, delivery: Delivery): Promise<void> {
  delivery.at = new Date().toISOString();
  try {
    const response = await fetch(`${stack.url}/functions/v1/scheduler-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'calendly-webhook-signature': delivery.signature,
        'user-agent': 'Calendly-Webhooks local stand-in',
      },
      body: delivery.body,
    });
    await response.arrayBuffer();
    delivery.status = response.status;
    delivery.error = null;
    if (!response.ok)
      stack.log(`[scheduler stand-in] ${delivery.event}: webhook answered ${response.status}`);
  } catch (error) {
    delivery.status = null;
    delivery.error = error instanceof Error ? error.message : String(error);
    stack.log(`[scheduler stand-in] ${delivery.event}: delivery failed (${delivery.error})`);
  }
}

/** Signs and delivers one event about an invitee (awaited, so the page shows the result). */
export async function sendSchedulerEvent(
  stack: StackContext,
  event: 'invitee.created' | 'invitee.canceled',
  invitee: Invitee,
): Promise<Delivery> {
  const state = schedulerState(stack);
  const body = JSON.stringify({
    event,
    created_at: new Date().toISOString(),
    created_by: `${API}/users/LOCAL-STAND-IN`,
    payload: inviteePayload(stack, invitee),
  });
  const delivery: Delivery = {
    id: state.nextDelivery,
    event,
    inviteeId: invitee.id,
    body,
    signature: schedulerSignature(body, signingKey(stack), Math.floor(Date.now() / 1000)),
    status: null,
    error: null,
    at: '',
  };
  state.nextDelivery += 1;
  state.deliveries.unshift(delivery);
  if (state.deliveries.length > 500) state.deliveries.length = 500;
  await deliver(stack, delivery);
  return delivery;
}

/** Sends a delivery again byte for byte, signature included (a replay: the function must refuse it). */
export async function replayDelivery(stack: StackContext, delivery: Delivery): Promise<void> {
  await deliver(stack, delivery);
}
