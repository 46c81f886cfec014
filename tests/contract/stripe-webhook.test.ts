// stripe-webhook: the signature over the raw body is its only gate; forged or stale events change nothing;
// expiry, failure and refunds update the order; unknown events are acknowledged and ignored.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  eventPayload,
  loneProducts,
  newCustomer,
  orderOfSession,
  pay,
  postWebhook,
  purchasesOf,
  sentEvents,
  sessionIdOf,
  setWebhooks,
  sign,
  standInStripe,
  type Package,
  type Product,
} from './support/checkout.ts';
import { startTestStack } from './support/stack.ts';

describe('stripe-webhook', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let products: Product[];
  let packages: Package[];

  beforeAll(async () => {
    stack = await startTestStack();
    const cat = await catalogue(stack);
    products = loneProducts(cat);
    packages = cat.packages;
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await setWebhooks(stack, 'immediate');
  });

  /** A paid session whose webhook has not been delivered: the completed event's payload, ready to post. */
  async function paidButUndelivered(label: string) {
    await setWebhooks(stack, 'off');
    const customer = await newCustomer(stack, label);
    const started = await checkout(customer.client, [{ kind: 'product', id: products[0]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await pay(started.data.url!);
    const session = await standInStripe(stack).checkout.sessions.retrieve(sessionId);
    return { customer, sessionId, payload: eventPayload('checkout.session.completed', { ...session }) };
  }

  it('a forged signature, a stale one, or none: 400 and nothing granted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { customer, sessionId, payload } = await paidButUndelivered('forgery');
      const forged = await postWebhook(stack, payload, sign(payload, 'whsec_not_the_secret'));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ error: 'Invalid signature.' });
      const stale = await postWebhook(
        stack,
        payload,
        sign(payload, undefined, Math.floor(Date.now() / 1000) - 301),
      );
      expect(stale.status).toBe(400);
      // A valid signature over a different body does not carry over to this one.
      const tampered = await postWebhook(stack, payload.replace('"paid"', '"paid" '), sign(payload));
      expect(tampered.status).toBe(400);
      const unsigned = await postWebhook(stack, payload, null);
      expect(unsigned.status).toBe(400);
      expect(await purchasesOf(stack, customer.userId)).toEqual([]);
      expect((await orderOfSession(stack, sessionId)).status).toBe('pending');

      // The same event, correctly signed, fulfils.
      const genuine = await postWebhook(stack, payload, sign(payload));
      expect(genuine.status).toBe(200);
      expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('a completed event never trusts its own payload: a session Stripe does not say is paid grants nothing', async () => {
    await setWebhooks(stack, 'off');
    const customer = await newCustomer(stack, 'claims');
    const started = await checkout(customer.client, [{ kind: 'product', id: products[1]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    const session = await standInStripe(stack).checkout.sessions.retrieve(sessionId);
    const payload = eventPayload('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      status: 'complete',
    });
    const response = await postWebhook(stack, payload, sign(payload));
    expect(response.status).toBe(200);
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);
    expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
  });

  it('unknown events: 200 and nothing changes', async () => {
    const payload = eventPayload('customer.created', { id: 'cus_123', object: 'customer' });
    const response = await postWebhook(stack, payload, sign(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: 'customer.created' });
  });

  it('checkout.session.expired marks a pending order expired (never a paid one)', async () => {
    const customer = await newCustomer(stack, 'expiry');
    const started = await checkout(customer.client, [{ kind: 'product', id: products[2]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await standInStripe(stack).checkout.sessions.expire(sessionId);
    const [event] = await sentEvents(stack, 'checkout.session.expired');
    expect(event?.delivery?.status).toBe(200);
    expect((await orderOfSession(stack, sessionId)).status).toBe('expired');
    // The hosted page no longer takes payment.
    const page = await fetch(started.data.url!);
    expect(await page.text()).toContain('This checkout has expired');

    const paidCustomer = await newCustomer(stack, 'paid-expiry');
    const paid = await checkout(paidCustomer.client, [{ kind: 'product', id: products[3]!.id }]);
    const paidSession = sessionIdOf(paid.data.url!);
    await pay(paid.data.url!);
    const late = eventPayload('checkout.session.expired', { id: paidSession, object: 'checkout.session' });
    expect((await postWebhook(stack, late, sign(late))).status).toBe(200);
    expect((await orderOfSession(stack, paidSession)).status).toBe('paid');
  });

  it('checkout.session.async_payment_failed marks the order failed; nothing granted', async () => {
    await setWebhooks(stack, 'off');
    const customer = await newCustomer(stack, 'failed');
    const started = await checkout(customer.client, [{ kind: 'product', id: products[4]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    const payload = eventPayload('checkout.session.async_payment_failed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'unpaid',
    });
    expect((await postWebhook(stack, payload, sign(payload))).status).toBe(200);
    expect((await orderOfSession(stack, sessionId)).status).toBe('failed');
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);
  });

  it('charge.refunded (a refund through Stripe) revokes the order’s purchases, once, and keeps what other orders granted', async () => {
    const customer = await newCustomer(stack, 'refund');
    const pkg = packages[8]!;
    const first = await checkout(customer.client, [{ kind: 'product', id: products[5]!.id }]);
    await pay(first.data.url!);
    const second = await checkout(customer.client, [{ kind: 'package', id: pkg.id }]);
    const sessionId = sessionIdOf(second.data.url!);
    await pay(second.data.url!);
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(5);

    const order = await orderOfSession(stack, sessionId);
    const stripe = standInStripe(stack);
    const refund = await stripe.refunds.create({ payment_intent: order.stripe_payment_intent_id! });
    expect(refund).toMatchObject({ object: 'refund', amount: 699, status: 'succeeded' });
    const [event] = await sentEvents(stack, 'charge.refunded');
    expect(event?.delivery?.status).toBe(200);
    const refunded = await stack.db.query<{ status: string; refunded_at: Date | null }>(
      `select status, refunded_at from public.orders where id = $1`,
      [order.id],
    );
    expect(refunded.rows[0]?.status).toBe('refunded');
    expect(refunded.rows[0]?.refunded_at).toBeInstanceOf(Date);
    expect((await purchasesOf(stack, customer.userId)).map((p) => p.product_id)).toEqual([products[5]!.id]);

    // Replayed: nothing more changes.
    const replay = JSON.stringify(event!.event);
    expect((await postWebhook(stack, replay, sign(replay))).status).toBe(200);
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
    // Stripe refuses a second refund of the same charge.
    await expect(
      stripe.refunds.create({ payment_intent: order.stripe_payment_intent_id! }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('a partial refund leaves the purchases in place', async () => {
    const customer = await newCustomer(stack, 'partial');
    const started = await checkout(customer.client, [{ kind: 'product', id: products[6]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await pay(started.data.url!);
    const order = await orderOfSession(stack, sessionId);
    await standInStripe(stack).refunds.create({
      payment_intent: order.stripe_payment_intent_id!,
      amount: 100,
    });
    expect((await orderOfSession(stack, sessionId)).status).toBe('paid');
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
  });
});
