// Disputes (chargebacks) in the stand-in. Stripe raises them from the card network; here a local control
// raises and closes them, so the webhook's dispute handling can be exercised:
//   POST /_local/stripe/disputes              {"payment_intent": "pi_…"} → the dispute; sends charge.dispute.created
//   POST /_local/stripe/disputes/<id>/close   {"status": "won" | "lost"} → sends charge.dispute.closed
import type { StackContext } from '../stack-context.ts';
import { chargeFor, stripeError, type ApiResult } from './api.ts';
import { nowSeconds, stateOf, stripeId, type Dispute } from './state.ts';
import { sendEvent } from './webhooks.ts';

export async function raiseDispute(stack: StackContext, paymentIntent: unknown): Promise<ApiResult> {
  if (typeof paymentIntent !== 'string' || !/^pi_\w+$/.test(paymentIntent)) {
    return stripeError(400, 'Send {"payment_intent": "pi_…"}.', {
      code: 'parameter_missing',
      param: 'payment_intent',
    });
  }
  const charge = await chargeFor(stack, paymentIntent);
  if (!charge)
    return stripeError(404, `No such payment_intent: '${paymentIntent}'`, { code: 'resource_missing' });
  const dispute: Dispute = {
    id: stripeId('dp'),
    object: 'dispute',
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
    created: nowSeconds(),
    livemode: false,
  };
  stateOf(stack).disputes.set(dispute.id, dispute);
  await sendEvent(stack, 'charge.dispute.created', { ...dispute });
  return { status: 200, body: dispute };
}

export async function closeDispute(stack: StackContext, id: string, status: unknown): Promise<ApiResult> {
  const dispute = stateOf(stack).disputes.get(id);
  if (!dispute) return stripeError(404, `No such dispute: '${id}'`, { code: 'resource_missing' });
  if (status !== 'won' && status !== 'lost') {
    return stripeError(400, 'Send {"status": "won" | "lost"}.', {
      code: 'parameter_invalid',
      param: 'status',
    });
  }
  if (dispute.status === 'won' || dispute.status === 'lost') {
    return stripeError(400, `Dispute ${id} is already closed (${dispute.status}).`, {
      code: 'dispute_already_closed',
    });
  }
  dispute.status = status;
  await sendEvent(stack, 'charge.dispute.closed', { ...dispute });
  return { status: 200, body: dispute };
}
