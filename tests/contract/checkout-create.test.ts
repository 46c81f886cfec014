// create-checkout against the local stack: prices from the database only, every refusal with a clear
// message naming the item, sign-in required, a rate limit, and a Checkout Session built from configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  makeClient,
  newCustomer,
  pay,
  sessionIdOf,
  standInStripe,
  type Customer,
  type Package,
  type Product,
} from './support/checkout.ts';
import { SITE_URL, startTestStack } from './support/stack.ts';

describe('create-checkout', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let products: Product[];
  let packages: Package[];
  let customer: Customer;

  beforeAll(async () => {
    stack = await startTestStack();
    const cat = await catalogue(stack);
    products = loneProducts(cat);
    packages = cat.packages;
    customer = await newCustomer(stack);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  async function lastOrder(userId: string) {
    const order = await stack.db.query<{
      id: string;
      status: string;
      amount_pence: number;
      stripe_session_id: string | null;
    }>(
      `select id, status, amount_pence, stripe_session_id from public.orders where user_id = $1 order by created_at desc limit 1`,
      [userId],
    );
    return order.rows[0];
  }

  it('prices every line from the database (tampered prices and titles are ignored) and opens a pending order', async () => {
    const buyer = await newCustomer(stack, 'pricing');
    const product = products[0]!;
    const pkg = packages[2]!;
    const started = await checkout(buyer.client, [
      { kind: 'product', id: product.id, price: 1, price_pence: 1, title: 'Free stuff' },
      { kind: 'package', id: pkg.id, price_pence: 0 },
    ]);
    expect(started.status).toBe(200);
    expect(started.data.url).toMatch(new RegExp(`^${stack.url}/_local/stripe/checkout/cs_test_`));
    const sessionId = sessionIdOf(started.data.url!);

    const session = await standInStripe(stack).checkout.sessions.retrieve(sessionId, {
      expand: ['line_items'],
    });
    const order = (await lastOrder(buyer.userId))!;
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_subtotal: product.price_pence + pkg.price_pence,
      allow_promotion_codes: true,
      customer_email: buyer.email,
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      success_url: `${SITE_URL}/checkout/result?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}/checkout/result?status=cancelled&order=${order.id}`,
    });
    expect(session.line_items?.data.map((line) => [line.description, line.price?.unit_amount])).toEqual([
      [product.title, 299],
      [pkg.title, 699],
    ]);
    expect(order).toMatchObject({ status: 'pending', amount_pence: 998, stripe_session_id: sessionId });
    const lines = await stack.db.query(
      `select position, kind, product_id, package_id, title, category, price_pence from public.order_lines
       where order_id = $1 order by position`,
      [order.id],
    );
    expect(lines.rows).toEqual([
      {
        position: 1,
        kind: 'product',
        product_id: product.id,
        package_id: null,
        title: product.title,
        category: product.category,
        price_pence: 299,
      },
      {
        position: 2,
        kind: 'package',
        product_id: null,
        package_id: pkg.id,
        title: pkg.title,
        category: expect.any(String) as unknown,
        price_pence: 699,
      },
    ]);
    // Nothing is granted before payment.
    const owned = await stack.db.query(`select 1 from public.purchases where user_id = $1`, [buyer.userId]);
    expect(owned.rows).toEqual([]);
  });

  it('refuses bad carts with a 400 and a clear message, opening no order', async () => {
    const buyer = await newCustomer(stack, 'refusals');
    const product = products[1]!;
    const pkg = packages[4]!;
    const hidden = (
      await stack.db.query<{ id: string; title: string }>(
        `update public.products set published = false where id = $1 returning id, title`,
        [products[2]!.id],
      )
    ).rows[0]!;
    const cases: [unknown[], string][] = [
      [[], 'Your cart is empty.'],
      [
        [{ kind: 'product', id: '00000000-0000-4000-8000-000000000000' }],
        'An audio in your cart (id 00000000-0000-4000-8000-000000000000) is not in the catalogue. Please remove it and try again.',
      ],
      [
        [{ kind: 'package', id: '00000000-0000-4000-8000-000000000000' }],
        'A package in your cart (id 00000000-0000-4000-8000-000000000000) is not in the catalogue. Please remove it and try again.',
      ],
      [
        [{ kind: 'product', id: hidden.id }],
        `"${hidden.title}" is no longer available. Please remove it from your cart.`,
      ],
      [
        [
          { kind: 'product', id: product.id },
          { kind: 'product', id: product.id },
        ],
        `"${product.title}" is in your cart twice.`,
      ],
      [
        [
          { kind: 'package', id: pkg.id },
          { kind: 'product', id: pkg.items[1]! },
        ],
        `is already included in "${pkg.title}". Please remove one of them from your cart.`,
      ],
      [
        [{ kind: 'audio', id: product.id }],
        "Each cart item needs a kind ('product' or 'package') and a catalogue id.",
      ],
      [
        [{ kind: 'product', id: 'not-a-uuid' }],
        "Each cart item needs a kind ('product' or 'package') and a catalogue id.",
      ],
      [[{ kind: 'product' }], "Each cart item needs a kind ('product' or 'package') and a catalogue id."],
      [
        Array.from({ length: 51 }, () => ({ kind: 'product', id: product.id })),
        'A cart can hold at most 50 items; this one has 51. Please remove some and try again.',
      ],
    ];
    try {
      for (const [items, message] of cases) {
        const result = await checkout(buyer.client, items as never);
        expect(result.status, message).toBe(400);
        expect(result.data.error).toContain(message);
      }
      const notAList = await makeClient(stack).functions.invoke('create-checkout', {
        body: { items: 'everything' },
        headers: { Authorization: `Bearer ${buyer.token}` },
      });
      expect((notAList.error as { context: Response }).context.status).toBe(400);
    } finally {
      await stack.db.query(`update public.products set published = true where id = $1`, [hidden.id]);
    }
    expect(await lastOrder(buyer.userId)).toBeUndefined();
  });

  it('refuses what the customer already owns: an audio, and a package whose audios they all own', async () => {
    const buyer = await newCustomer(stack, 'owner');
    const product = products[3]!;
    const pkg = packages[6]!;
    const started = await checkout(buyer.client, [
      { kind: 'product', id: product.id },
      { kind: 'package', id: pkg.id },
    ]);
    await pay(started.data.url!);

    const again = await checkout(buyer.client, [{ kind: 'product', id: product.id }]);
    expect(again).toEqual({
      status: 400,
      data: { error: `You already own "${product.title}". Please remove it from your cart.` },
    });
    const packageAgain = await checkout(buyer.client, [{ kind: 'package', id: pkg.id }]);
    expect(packageAgain).toEqual({
      status: 400,
      data: { error: `You already own every audio in "${pkg.title}". Please remove it from your cart.` },
    });
    // A package sharing only the guide with what they own is still for sale.
    const other = await checkout(buyer.client, [{ kind: 'package', id: packages[7]!.id }]);
    expect(other.status).toBe(200);
  });

  it('needs a signed-in customer: no token → 401 at the gateway, the anon key → 401 from the function', async () => {
    const anonymous = await checkout(makeClient(stack), [{ kind: 'product', id: products[0]!.id }]);
    expect(anonymous).toEqual({ status: 401, data: { error: 'Please sign in to continue.' } });
    const bare = await fetch(`${stack.url}/functions/v1/create-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ kind: 'product', id: products[0]!.id }] }),
    });
    expect(bare.status).toBe(401);
  });

  it('answers its own CORS preflight', async () => {
    const response = await fetch(`${stack.url}/functions/v1/create-checkout`, {
      method: 'OPTIONS',
      headers: { origin: SITE_URL, 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('rate limit: a sixth checkout within a minute is refused with 429', async () => {
    const buyer = await newCustomer(stack, 'rate');
    for (let i = 0; i < 5; i += 1) {
      expect((await checkout(buyer.client, [{ kind: 'product', id: products[10 + i]!.id }])).status).toBe(
        200,
      );
    }
    const sixth = await checkout(buyer.client, [{ kind: 'product', id: products[20]!.id }]);
    expect(sixth).toEqual({
      status: 429,
      data: { error: 'Too many checkout attempts. Please wait a minute and try again.' },
    });
    // Other customers are unaffected.
    expect((await checkout(customer.client, [{ kind: 'product', id: products[20]!.id }])).status).toBe(200);
  });
});
