// Fulfilment end to end through the edge functions and the local Stripe stand-in: the hosted page pays, the
// webhook and verify-payment fulfil (alone, together, repeatedly, concurrently), and every item is granted
// exactly once with prices that add up to what was paid.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  newCustomer,
  orderOfSession,
  pay,
  penceOf,
  purchasesOf,
  resend,
  sentEvents,
  sessionIdOf,
  setWebhooks,
  verifyPayment,
  type Package,
  type Product,
} from './support/checkout.ts';
import { SITE_URL, startTestStack } from './support/stack.ts';

// Generous timeouts: the stack boots PGlite and the functions load under tsx (slow on a busy machine).
describe('fulfilment: webhook and verify-payment', { timeout: 120_000 }, () => {
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

  it('pay on the hosted page: the webhook grants the audio before the customer is back; verify-payment then confirms', async () => {
    const customer = await newCustomer(stack);
    const product = products[0]!;
    const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    expect(started.status).toBe(200);
    const url = started.data.url!;
    const sessionId = sessionIdOf(url);

    const paid = await pay(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE_URL}/checkout/result?session_id=${sessionId}`);
    const [event] = await sentEvents(stack, 'checkout.session.completed');
    expect(event?.delivery?.status).toBe(200);
    expect(await purchasesOf(stack, customer.userId)).toEqual([
      expect.objectContaining({ product_id: product.id, title: product.title, price: '2.99' }),
    ]);
    const order = await orderOfSession(stack, sessionId);
    expect(order).toMatchObject({ status: 'paid', amount_pence: 299, amount_paid_pence: 299 });
    expect(order.stripe_payment_intent_id).toMatch(/^pi_/);

    const verified = await verifyPayment(customer.client, sessionId);
    expect(verified).toEqual({
      status: 200,
      data: {
        success: true,
        purchase: { title: product.title },
        error: null,
        refunded: null,
        pending: false,
        lines: [product.title],
        productIds: [product.id],
        // Paid in full: no promotion code took anything off.
        discount: null,
        // The receipt's figures: order number (as the email writes it), amount charged, where it went.
        order: {
          number: order.id.slice(0, 8).toUpperCase(),
          paidPence: 299,
          receiptEmail: customer.email,
        },
      },
    });
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
  });

  it('webhooks off: verify-payment alone fulfils, and names several items briefly', async () => {
    await setWebhooks(stack, 'off');
    const customer = await newCustomer(stack);
    const [a, b, c] = products.slice(1, 4);
    const started = await checkout(
      customer.client,
      [a!, b!, c!].map((p) => ({ kind: 'product' as const, id: p.id })),
    );
    const sessionId = sessionIdOf(started.data.url!);

    const early = await verifyPayment(customer.client, sessionId);
    expect(early.data).toEqual({
      success: false,
      purchase: null,
      error: 'The payment has not been completed yet.',
      pending: true,
    });
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);

    await pay(started.data.url!);
    const sent = (await sentEvents(stack, 'checkout.session.completed')).find(
      (candidate) => candidate.event.data.object.id === sessionId,
    );
    expect(sent?.delivery).toBeNull();
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);

    const verified = await verifyPayment(customer.client, sessionId);
    expect(verified.data).toEqual({
      success: true,
      purchase: { title: `${a!.title} and 2 more` },
      error: null,
      refunded: null,
      pending: false,
      lines: [a!.title, b!.title, c!.title],
      productIds: [a!.id, b!.id, c!.id],
      discount: null,
      order: {
        number: expect.stringMatching(/^[0-9A-F]{8}$/),
        paidPence: a!.price_pence + b!.price_pence + c!.price_pence,
        receiptEmail: customer.email,
      },
    });
    expect((await purchasesOf(stack, customer.userId)).map((p) => p.product_id).sort()).toEqual(
      [a!.id, b!.id, c!.id].sort(),
    );
  });

  it("someone else's session: 404 for verify-payment, nothing granted to either", async () => {
    await setWebhooks(stack, 'off');
    const owner = await newCustomer(stack, 'owner');
    const other = await newCustomer(stack, 'other');
    const started = await checkout(owner.client, [{ kind: 'product', id: products[5]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await pay(started.data.url!);

    const stolen = await verifyPayment(other.client, sessionId);
    expect(stolen).toEqual({
      status: 404,
      data: { success: false, purchase: null, error: 'We could not find that payment.', pending: false },
    });
    expect(await purchasesOf(stack, other.userId)).toEqual([]);
    expect(await purchasesOf(stack, owner.userId)).toEqual([]);
    expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
  });

  it('unknown or malformed session ids are refused', async () => {
    const customer = await newCustomer(stack);
    expect((await verifyPayment(customer.client, 'cs_test_doesnotexist')).status).toBe(404);
    const malformed = await verifyPayment(customer.client, 'not a session');
    expect(malformed.status).toBe(400);
  });

  it('20 concurrent fulfilments (webhook resends and verify-payment racing) grant each item exactly once', async () => {
    await setWebhooks(stack, 'off');
    const customer = await newCustomer(stack, 'racer');
    const pkg = packages[3]!;
    const product = products[7]!;
    const started = await checkout(customer.client, [
      { kind: 'package', id: pkg.id },
      { kind: 'product', id: product.id },
    ]);
    const sessionId = sessionIdOf(started.data.url!);
    await setWebhooks(stack, 'immediate');
    await pay(started.data.url!); // one delivery now …
    const event = (await sentEvents(stack, 'checkout.session.completed')).find(
      (candidate) => candidate.event.data.object.id === sessionId,
    )!;
    // … then ten resends and ten return-page verifications at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? resend(stack, event.id)
          : verifyPayment(customer.client, sessionId).then((r) => r.status),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, () => 200));
    const owned = await purchasesOf(stack, customer.userId);
    expect(owned.map((p) => p.product_id).sort()).toEqual([...pkg.items, product.id].sort());
    expect(new Set(owned.map((p) => p.product_id)).size).toBe(owned.length);
    expect(penceOf(owned)).toBe(699 + 299);
  });

  it('a replayed webhook grants nothing more', async () => {
    const customer = await newCustomer(stack);
    const started = await checkout(customer.client, [{ kind: 'product', id: products[9]!.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    await pay(started.data.url!);
    const event = (await sentEvents(stack, 'checkout.session.completed')).find(
      (candidate) => candidate.event.data.object.id === sessionId,
    )!;
    for (let i = 0; i < 3; i += 1) expect(await resend(stack, event.id)).toBe(200);
    expect(await purchasesOf(stack, customer.userId)).toHaveLength(1);
  });

  it('a package grants its 3 audios and the Inception Guide, priced to add up to £6.99', async () => {
    const customer = await newCustomer(stack, 'package');
    const pkg = packages[0]!;
    const started = await checkout(customer.client, [{ kind: 'package', id: pkg.id }]);
    await pay(started.data.url!);
    const owned = await purchasesOf(stack, customer.userId);
    expect(owned).toHaveLength(4);
    expect(owned.map((p) => p.product_id).sort()).toEqual([...pkg.items].sort());
    expect(owned.map((p) => p.title)).toContain('The Self-Hypnosis Inception Guide');
    expect(penceOf(owned)).toBe(699);
    expect(owned.every((p) => p.order_id !== null)).toBe(true);
  });

  it('a promotion code: purchases add up to the discounted total Stripe charged', async () => {
    const customer = await newCustomer(stack, 'promo');
    const pkg = packages[5]!;
    const started = await checkout(customer.client, [
      { kind: 'package', id: pkg.id },
      { kind: 'product', id: products[11]!.id },
    ]);
    const sessionId = sessionIdOf(started.data.url!);
    const paid = await pay(started.data.url!, { promotionCode: 'welcome10' });
    expect(paid.status).toBe(303);
    const discounted = 998 - Math.round(998 * 0.1);
    const order = await orderOfSession(stack, sessionId);
    expect(order).toMatchObject({ status: 'paid', amount_pence: 998, amount_paid_pence: discounted });
    const owned = await purchasesOf(stack, customer.userId);
    expect(owned).toHaveLength(5);
    expect(penceOf(owned)).toBe(discounted);
  });

  it('an amount mismatch grants nothing and is logged (without titles)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const customer = await newCustomer(stack, 'mismatch');
      const product = products[13]!;
      const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
      const sessionId = sessionIdOf(started.data.url!);
      // The order now claims a different total than the session Stripe charged.
      await stack.db.query(`update public.orders set amount_pence = 199 where stripe_session_id = $1`, [
        sessionId,
      ]);
      await pay(started.data.url!);
      expect(await purchasesOf(stack, customer.userId)).toEqual([]);
      expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
      const verified = await verifyPayment(customer.client, sessionId);
      expect(verified.data.success).toBe(false);
      expect(await purchasesOf(stack, customer.userId)).toEqual([]);
      const logged = warn.mock.calls.map((call) => call.map(String).join(' '));
      expect(logged.some((line) => line.includes('amount mismatch') && line.includes(sessionId))).toBe(true);
      expect(logged.some((line) => line.includes(product.title))).toBe(false);
    } finally {
      warn.mockRestore();
    }
  });
});
