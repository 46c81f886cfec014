// The local Stripe stand-in as the official SDK and a browser see it: Stripe-shaped objects and errors, the
// hosted payment page (labels, declines, promotion codes, cancel), webhook delivery settings, no CORS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  orderOfSession,
  pay,
  sentEvents,
  setWebhooks,
  standInStripe,
  submitPage,
} from './support/checkout.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  newCustomer,
  purchasesOf,
  sessionIdOf,
} from './support/checkout.ts';
import { SITE_URL, startTestStack } from './support/stack.ts';

describe('local Stripe stand-in', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let stripe: Stripe;

  beforeAll(async () => {
    stack = await startTestStack();
    stripe = standInStripe(stack);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const create = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      currency: 'gbp',
      allow_promotion_codes: true,
      customer_email: 'someone@example.com',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'gbp', unit_amount: 299, product_data: { name: 'Deep Sleep' } },
        },
        {
          quantity: 1,
          price_data: { currency: 'gbp', unit_amount: 699, product_data: { name: 'Calm <Package>' } },
        },
      ],
      success_url: `${SITE_URL}/individual-audios?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}/individual-audios?payment=cancelled`,
    });

  it('creates and retrieves Checkout Sessions with line items, in Stripe’s shapes', async () => {
    const session = await create();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 998,
      amount_total: 998,
      payment_intent: null,
      url: `${stack.url}/_local/stripe/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(retrieved.line_items).toMatchObject({
      object: 'list',
      data: [
        { description: 'Deep Sleep', amount_total: 299, price: { unit_amount: 299, currency: 'gbp' } },
        { description: 'Calm <Package>', amount_total: 699 },
      ],
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toHaveLength(2);
  });

  it('answers with Stripe’s errors, which the SDK raises as its own error classes', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
      statusCode: 404,
    });
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: `${SITE_URL}/ok`, line_items: [] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'line_items',
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    const noKey = await fetch(`${stack.url}/_local/stripe/v1/checkout/sessions/cs_x`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const liveKey = await fetch(`${stack.url}/_local/stripe/v1/checkout/sessions/cs_x`, {
      headers: { authorization: 'Bearer sk_live_abcdefghijklmnop' },
    });
    expect(liveKey.status).toBe(401);
  });

  it('the hosted page: labelled fields, escaped lines, total, Pay, Cancel to the cancel URL; no CORS headers', async () => {
    const session = await create();
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain('<label for="promotion-code">Promotion code</label>');
    expect(html).toContain('<button type="submit" class="primary">Pay</button>');
    expect(html).toContain(
      `<a class="cancel" href="${SITE_URL}/individual-audios?payment=cancelled">Cancel</a>`,
    );
    expect(html).toContain('Calm &#60;Package&#62;');
    expect(html).not.toContain('Calm <Package>');
    expect(html).toContain('£9.98');
  });

  it('a declined card shows the decline and stays; an unknown promotion code is refused; WELCOME10 takes 10% off', async () => {
    const session = await create();
    const declined = await submitPage(session.url!, { action: 'pay', card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(
      '<p class="error" id="card-error" role="alert">Your card was declined.</p>',
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');

    const invalid = await submitPage(session.url!, { action: 'pay', card_number: '1234' });
    expect(await invalid.text()).toContain('Your card number is invalid.');

    const badCode = await submitPage(session.url!, {
      action: 'apply-promotion',
      promotion_code: 'FREESTUFF',
    });
    expect(await badCode.text()).toContain('This code is invalid.');
    const applied = await submitPage(session.url!, {
      action: 'apply-promotion',
      promotion_code: 'welcome10',
    });
    expect(applied.status).toBe(303);
    expect(await (await fetch(session.url!)).text()).toContain('£8.98');

    await setWebhooks(stack, 'off');
    const paid = await pay(session.url!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${SITE_URL}/individual-audios?payment=success&session_id=${session.id}`,
    );
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_subtotal: 998,
      amount_total: 898,
      total_details: { amount_discount: 100 },
      payment_intent: expect.stringMatching(/^pi_/) as unknown,
      discounts: [{ promotion_code: 'promo_local_welcome10', coupon: 'local_welcome10' }],
    });
    // As on Stripe, the code a customer typed is on the promotion code object, given when expanded.
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['discounts.promotion_code'],
    });
    expect(expanded.discounts).toMatchObject([
      {
        coupon: 'local_welcome10',
        promotion_code: { id: 'promo_local_welcome10', object: 'promotion_code', code: 'WELCOME10' },
      },
    ]);
    // Paid: the page only links back.
    expect(await (await fetch(session.url!)).text()).toContain('This payment is complete');
  });

  it('webhook delivery: settings validated; delayed delivery arrives later', async () => {
    const bad = await fetch(`${stack.url}/_local/stripe/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhooks: 'sometimes' }),
    });
    expect(bad.status).toBe(400);
    await setWebhooks(stack, 'delay:300');
    expect(await (await fetch(`${stack.url}/_local/stripe/settings`)).json()).toEqual({
      webhooks: 'delay:300',
    });

    const cat = await catalogue(stack);
    const customer = await newCustomer(stack, 'delayed');
    const started = await checkout(customer.client, [{ kind: 'product', id: loneProducts(cat)[0]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await pay(started.data.url!);
    expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
    await expect
      .poll(async () => (await orderOfSession(stack, sessionId)).status, { timeout: 30_000, interval: 200 })
      .toBe('paid');
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
    // The delivery is recorded once the webhook's answer has been read.
    await expect
      .poll(
        async () =>
          (await sentEvents(stack, 'checkout.session.completed')).find(
            (candidate) => candidate.event.data.object.id === sessionId,
          )?.delivery?.status,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200);
    await setWebhooks(stack, 'immediate');
  });
});
