// Money exact (docs/money.md) through the edge functions and the local Stripe and Resend stand-ins: one open
// checkout per audio, packages priced without what the customer has, an ungranted part refunded automatically,
// disputes, reconciliation of a withheld webhook, and the receipt and refund emails in the local inbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  invoke,
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
  standInStripe,
  verifyPayment,
  type Package,
  type Product,
} from './support/checkout.ts';
import { inbox, signedInClient, startTestStack } from './support/stack.ts';

type MoneyRow = {
  status: string;
  amount_pence: number;
  amount_paid_pence: number | null;
  ungranted_pence: number;
  ungranted_refund_id: string | null;
  dispute_status: string | null;
  receipt_sent_at: Date | null;
};

describe('money: exact under races and faults', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let products: Product[];
  let packages: Package[];
  let next = 0;
  /** A lone audio no earlier test used, so each test starts from a customer who owns nothing of it. */
  const freshProduct = () => products[next++]!;

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

  async function moneyOf(orderId: string): Promise<MoneyRow> {
    const result = await stack.db.query<MoneyRow>(
      `select status, amount_pence, amount_paid_pence, ungranted_pence, ungranted_refund_id, dispute_status,
              receipt_sent_at
       from public.orders where id = $1`,
      [orderId],
    );
    return result.rows[0]!;
  }

  /** What the stand-in charged and refunded for a payment intent. */
  async function charged(paymentIntent: string): Promise<{ amount: number; refunded: number }> {
    const events = await sentEvents(stack, 'charge.refunded');
    const refunded = events
      .map((e) => e.event.data.object as { payment_intent: string; amount_refunded: number })
      .filter((charge) => charge.payment_intent === paymentIntent)
      .reduce((most, charge) => Math.max(most, charge.amount_refunded), 0);
    const intent = await standInStripe(stack).checkout.sessions.list({ limit: 100 });
    const session = intent.data.find((s) => s.payment_intent === paymentIntent);
    return { amount: session?.amount_total ?? 0, refunded };
  }

  /** As an admin (their token with the publishable key) or as the scheduler (the secret key in `apikey`). */
  async function reconcile(token: string) {
    const scheduler = token === stack.serviceRoleKey;
    const response = await fetch(`${stack.url}/functions/v1/reconcile-payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: scheduler ? stack.serviceRoleKey : stack.anonKey,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as Record<string, number> };
  }

  async function dispute(paymentIntent: string): Promise<string> {
    const response = await fetch(`${stack.url}/_local/stripe/disputes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_intent: paymentIntent }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  async function closeDispute(id: string, status: 'won' | 'lost'): Promise<void> {
    const response = await fetch(`${stack.url}/_local/stripe/disputes/${id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(response.status).toBe(200);
  }

  it('a second checkout for the same audio expires the first: it can no longer be paid; the audio is charged once', async () => {
    const customer = await newCustomer(stack);
    const product = freshProduct();
    const first = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    const second = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const firstId = sessionIdOf(first.data.url!);
    const secondId = sessionIdOf(second.data.url!);

    const stripe = standInStripe(stack);
    expect((await stripe.checkout.sessions.retrieve(firstId)).status).toBe('expired');
    expect((await orderOfSession(stack, firstId)).status).toBe('expired');
    // The first tab's Pay button: the session is closed, nothing is charged.
    await pay(first.data.url!);
    expect((await stripe.checkout.sessions.retrieve(firstId)).payment_status).toBe('unpaid');

    expect((await pay(second.data.url!)).status).toBe(303);
    const order = await orderOfSession(stack, secondId);
    expect(order.status).toBe('paid');
    expect(await purchasesOf(stack, customer.userId)).toEqual([
      expect.objectContaining({ product_id: product.id, price: '2.99', order_id: order.id }),
    ]);
    // An audio they now own is refused outright.
    const third = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    expect(third).toEqual({
      status: 400,
      data: { error: `You already own "${product.title}". Please remove it from your cart.` },
    });
  });

  it('a package with an audio the customer owns is priced without it; purchases add up to the charge', async () => {
    const customer = await newCustomer(stack, 'pkg');
    const pkg = packages[4]!;
    const ownedId = pkg.items[0]!;
    const owned = await checkout(customer.client, [{ kind: 'product', id: ownedId }]);
    await pay(owned.data.url!);

    const started = await checkout(customer.client, [{ kind: 'package', id: pkg.id }]);
    expect(started.status).toBe(200);
    const sessionId = sessionIdOf(started.data.url!);
    // 699p split 175/175/175/174 over its four audios: without the first, 524p.
    const session = await standInStripe(stack).checkout.sessions.retrieve(sessionId, {
      expand: ['line_items'],
    });
    expect(session.amount_total).toBe(524);
    expect(session.line_items?.data[0]?.description).toMatch(
      new RegExp(`^${pkg.title} \\(without ".+", already yours\\)$`),
    );
    await pay(started.data.url!);
    const order = await orderOfSession(stack, sessionId);
    const mine = (await purchasesOf(stack, customer.userId)).filter((p) => p.order_id === order.id);
    expect(mine).toHaveLength(3);
    expect(penceOf(mine)).toBe(524);
    expect((await moneyOf(order.id)).ungranted_pence).toBe(0);
  });

  it('an audio owned by the time the payment lands is not granted twice: its price is refunded and the return page says so', async () => {
    const customer = await newCustomer(stack, 'ungranted');
    await setWebhooks(stack, 'off');
    const [a, b] = [freshProduct(), freshProduct()];
    const started = await checkout(customer.client, [
      { kind: 'product', id: a.id },
      { kind: 'product', id: b.id },
    ]);
    const sessionId = sessionIdOf(started.data.url!);
    // Meanwhile the customer comes to own `a` another way (a support grant).
    await stack.db.query(
      `insert into public.purchases (user_id, product_id, title, category, price) values ($1, $2, $3, $4, 0)`,
      [customer.userId, a.id, a.title, a.category],
    );
    await pay(started.data.url!);
    await setWebhooks(stack, 'immediate');

    const verified = await verifyPayment(customer.client, sessionId);
    expect(verified.status).toBe(200);
    expect(verified.data).toMatchObject({
      success: true,
      refunded: { pence: 299, titles: [a.title], done: true },
    });
    const order = await orderOfSession(stack, sessionId);
    const money = await moneyOf(order.id);
    expect(money).toMatchObject({ status: 'paid', amount_paid_pence: 598, ungranted_pence: 299 });
    expect(money.ungranted_refund_id).toMatch(/^re_/);
    const granted = (await purchasesOf(stack, customer.userId)).filter((p) => p.order_id === order.id);
    expect(granted.map((p) => p.product_id)).toEqual([b.id]);
    // What the order charged = its purchases + what was refunded.
    expect(penceOf(granted) + money.ungranted_pence).toBe(598);
    expect(await charged(order.stripe_payment_intent_id!)).toEqual({ amount: 598, refunded: 299 });
    // A second verify (or a replayed webhook) refunds nothing more.
    await verifyPayment(customer.client, sessionId);
    expect(await charged(order.stripe_payment_intent_id!)).toEqual({ amount: 598, refunded: 299 });
  });

  it('disputes: access suspended while open, restored when won, revoked when lost; the admin sees them; late events change nothing', async () => {
    const customer = await newCustomer(stack, 'dispute');
    const [won, lost] = [freshProduct(), freshProduct()];
    const paidOrder = async (product: Product) => {
      const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
      await pay(started.data.url!);
      return orderOfSession(stack, sessionIdOf(started.data.url!));
    };
    const wonOrder = await paidOrder(won);
    const lostOrder = await paidOrder(lost);
    const owned = async () => (await purchasesOf(stack, customer.userId)).map((p) => p.product_id).sort();
    expect(await owned()).toEqual([won.id, lost.id].sort());

    const wonDispute = await dispute(wonOrder.stripe_payment_intent_id!);
    const lostDispute = await dispute(lostOrder.stripe_payment_intent_id!);
    expect(await owned()).toEqual([]);
    // The customer cannot read them either (RLS on purchases).
    const { data: visible } = await customer.client.from('purchases').select('product_id');
    expect(visible).toEqual([]);

    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    const listed = await adminClient.rpc('admin_disputed_orders');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: wonOrder.id, dispute_status: 'open', email: customer.email }),
        expect.objectContaining({ id: lostOrder.id, dispute_status: 'open' }),
      ]),
    );
    // A customer may not list disputes.
    expect((await customer.client.rpc('admin_disputed_orders')).error?.code).toBe('42501');

    await closeDispute(wonDispute, 'won');
    await closeDispute(lostDispute, 'lost');
    expect(await owned()).toEqual([won.id]);
    expect((await moneyOf(wonOrder.id)).dispute_status).toBe('won');
    expect((await moneyOf(lostOrder.id)).dispute_status).toBe('lost');
    const detail = await adminClient.rpc('admin_order_detail', { p_order_id: lostOrder.id });
    expect(detail.data).toMatchObject({ dispute_status: 'lost', purchases: [] });

    // The 'created' event delivered again after the close (late, out of order): nothing is suspended again.
    const created = (await sentEvents(stack, 'charge.dispute.created')).find(
      (e) => (e.event.data.object as { id: string }).id === wonDispute,
    )!;
    expect(await resend(stack, created.id)).toBe(200);
    expect(await owned()).toEqual([won.id]);
    expect((await moneyOf(wonOrder.id)).dispute_status).toBe('won');
  });

  it('reconciliation fulfils a payment whose webhook was withheld; running it twice changes nothing; admins and the scheduler only', async () => {
    const customer = await newCustomer(stack, 'reconcile');
    const product = freshProduct();
    await setWebhooks(stack, 'off');
    const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    expect((await pay(started.data.url!)).status).toBe(303);
    // The customer closed the tab: no webhook, no return page.
    expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);

    expect((await reconcile(customer.token)).status).toBe(403);
    const first = await reconcile(stack.serviceRoleKey);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fulfilled: 1, failed: 0 });
    expect((await orderOfSession(stack, sessionId)).status).toBe('paid');
    const afterFirst = await purchasesOf(stack, customer.userId);
    expect(afterFirst).toEqual([expect.objectContaining({ product_id: product.id, price: '2.99' })]);
    const receipts = (await inbox(stack, customer.email)).filter((m) => m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);

    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    const adminToken = (await adminClient.auth.getSession()).data.session!.access_token;
    const second = await reconcile(adminToken);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ fulfilled: 0, failed: 0, refunds: 0, receipts: 0 });
    expect(await purchasesOf(stack, customer.userId)).toEqual(afterFirst);
    expect(
      (await inbox(stack, customer.email)).filter((m) => m.subject.startsWith('Your receipt')),
    ).toHaveLength(1);
  });

  it('reconciliation expires checkouts unpaid for over a day, after fulfilling one paid with its webhook missed (docs/payment-result.md)', async () => {
    const customer = await newCustomer(stack, 'expiry');
    const [abandonedProduct, paidProduct] = [freshProduct(), freshProduct()];
    await setWebhooks(stack, 'off');
    const abandoned = await checkout(customer.client, [{ kind: 'product', id: abandonedProduct.id }]);
    const paidLate = await checkout(customer.client, [{ kind: 'product', id: paidProduct.id }]);
    expect((await pay(paidLate.data.url!)).status).toBe(303);
    const abandonedId = sessionIdOf(abandoned.data.url!);
    const paidId = sessionIdOf(paidLate.data.url!);
    // Both opened 30 hours ago as far as the database knows.
    await stack.db.query(
      `update public.orders set created_at = now() - interval '30 hours' where stripe_session_id = any($1)`,
      [[abandonedId, paidId]],
    );

    const run = await reconcile(stack.serviceRoleKey);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ fulfilled: 1, failed: 0 });
    expect(run.body.expired).toBeGreaterThanOrEqual(1);
    expect((await orderOfSession(stack, abandonedId)).status).toBe('expired');
    expect((await orderOfSession(stack, paidId)).status).toBe('paid');
    expect((await purchasesOf(stack, customer.userId)).map((p) => p.product_id)).toEqual([paidProduct.id]);
  });

  it('the receipt and the refund notice arrive in the inbox, HTML and text, with the items, prices and total', async () => {
    const customer = await newCustomer(stack, 'emails');
    const [a, b] = [freshProduct(), freshProduct()];
    const started = await checkout(customer.client, [
      { kind: 'product', id: a.id },
      { kind: 'product', id: b.id },
    ]);
    await pay(started.data.url!, { promotionCode: 'WELCOME10' });
    const order = await orderOfSession(stack, sessionIdOf(started.data.url!));
    const number = order.id.slice(0, 8).toUpperCase();

    const [receipt] = (await inbox(stack, customer.email)).filter((m) =>
      m.subject.startsWith('Your receipt'),
    );
    expect(receipt?.subject).toBe(`Your receipt from Mindful Change Hypnotherapy (order ${number})`);
    for (const part of [receipt!.text, receipt!.html]) {
      expect(part).toContain(number);
      expect(part).toContain(a.title);
      expect(part).toContain(b.title);
      expect(part).toContain('£2.99');
      expect(part).toContain('Discount (WELCOME10)');
      expect(part).toContain('-£0.60');
      expect(part).toContain('£5.38');
      expect(part).toContain('1 Test Street, London');
      expect(part).toContain('http://localhost:4173/account');
    }
    expect(receipt!.text).toMatch(/Total paid\s+£5\.38/);
    expect(receipt!.html).toContain('<table');
    // The code is on the order: the customer reads it under RLS (My Account, the payment result page).
    const own = await customer.client.from('orders').select('promotion_code').eq('id', order.id).single();
    expect(own.data).toEqual({ promotion_code: 'WELCOME10' });

    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    const detail = await adminClient.rpc('admin_order_detail', { p_order_id: order.id });
    expect(detail.data).toMatchObject({ promotion_code: 'WELCOME10', amount_paid_pence: 538 });
    const refunded = await invoke<{ status: string }>(adminClient, 'refund-order', { orderId: order.id });
    expect(refunded).toMatchObject({ status: 200, data: { status: 'refunded' } });
    const notices = (await inbox(stack, customer.email)).filter((m) => m.subject.startsWith('Your refund'));
    expect(notices).toHaveLength(1);
    for (const part of [notices[0]!.text, notices[0]!.html]) {
      expect(part).toContain(`refunded order ${number} in full`);
      expect(part).toContain('-£5.38');
    }
  });
});
