import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  catalogue,
  checkout,
  loneProducts,
  newCustomer,
  orderOfSession,
  pay,
  purchasesOf,
  resend,
  sentEvents,
  sessionIdOf,
  setWebhooks,
  verifyPayment,
  type Product,
} from './support/checkout.ts';
import { startTestStack } from './support/stack.ts';

// A transient database failure during fulfilment (docs/money.md "Transient errors"): the functions retry it
// (rpcWithRetry, 5 attempts); past that they answer 503 so Stripe or the return page asks again, and the retry
// grants each audio exactly once. The functions reach the database API through a proxy that answers
// `fulfil_order` calls with PostgREST's 503 PGRST001 ("database client error") while told to.

const FULFIL_PATH = '/rest/v1/rpc/fulfil_order';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('money: a transient database failure during fulfilment', { timeout: 180_000 }, () => {
  let stack: LocalStack;
  let proxy: Server;
  let products: Product[];
  let next = 0;
  /** fulfil_order calls still to refuse (Infinity: until told otherwise), and what the proxy saw. */
  let refuse = 0;
  const seen = { refused: 0, passed: 0 };

  beforeAll(async () => {
    let target = '';
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        if (path.startsWith(FULFIL_PATH) && refuse > 0) {
          refuse -= 1;
          seen.refused += 1;
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ code: 'PGRST001', message: 'Database client error. Retrying the connection.' }),
          );
          return;
        }
        if (path.startsWith(FULFIL_PATH)) seen.passed += 1;
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
          ),
        );
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
        fetch(`${target}${path}`, { method: req.method, headers, body })
          .then(async (response) => {
            const out: Record<string, string> = {};
            response.headers.forEach((value, key) => {
              if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
                out[key] = value;
            });
            res.writeHead(response.status, out);
            res.end(Buffer.from(await response.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    stack = await startTestStack({ functionEnv: { SUPABASE_URL: proxyUrl } });
    target = stack.url;
    products = loneProducts(await catalogue(stack));
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    proxy?.closeAllConnections();
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  });
  beforeEach(() => {
    refuse = 0;
    seen.refused = 0;
    seen.passed = 0;
  });

  /** Waits until the order of a session has left 'pending' (the webhook is delivered as the page pays). */
  async function settled(sessionId: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { status } = await orderOfSession(stack, sessionId);
      if (status !== 'pending') return status;
      await sleep(100);
    }
    return (await orderOfSession(stack, sessionId)).status;
  }

  it('refused twice, then answered: the webhook’s own retries fulfil it, and the audio is granted once', async () => {
    await setWebhooks(stack, 'immediate');
    const customer = await newCustomer(stack, 'transient-brief');
    const product = products[next++]!;
    const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    expect(started.status).toBe(200);
    const sessionId = sessionIdOf(started.data.url!);
    refuse = 2;
    expect((await pay(started.data.url!)).status).toBe(303);

    expect(await settled(sessionId)).toBe('paid');
    expect(seen).toEqual({ refused: 2, passed: 1 });
    const [completed] = (await sentEvents(stack, 'checkout.session.completed')).filter(
      (event) => (event.event.data.object as { id: string }).id === sessionId,
    );
    expect(completed?.delivery?.status).toBe(200);
    const verified = await verifyPayment(customer.client, sessionId);
    expect(verified).toMatchObject({ status: 200, data: { success: true } });
    expect((await purchasesOf(stack, customer.userId)).map((p) => p.product_id)).toEqual([product.id]);
  });

  it('refused past every retry: 503 to Stripe and to the return page, nothing granted; asked again, granted once', async () => {
    await setWebhooks(stack, 'immediate');
    const customer = await newCustomer(stack, 'transient-long');
    const product = products[next++]!;
    const started = await checkout(customer.client, [{ kind: 'product', id: product.id }]);
    const sessionId = sessionIdOf(started.data.url!);
    // Both functions log the failure (the order, never the customer): expected here, and asserted below.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refuse = Infinity;
    expect((await pay(started.data.url!)).status).toBe(303);

    const [completed] = (await sentEvents(stack, 'checkout.session.completed')).filter(
      (event) => (event.event.data.object as { id: string }).id === sessionId,
    );
    expect(completed?.delivery?.status).toBe(503);
    const busy = await verifyPayment(customer.client, sessionId);
    expect(busy).toMatchObject({ status: 503, data: { success: false, retry: true } });
    // Each of the two callers made the functions' 5 attempts.
    expect(seen).toEqual({ refused: 10, passed: 0 });
    expect((await orderOfSession(stack, sessionId)).status).toBe('pending');
    expect(await purchasesOf(stack, customer.userId)).toEqual([]);
    // The workers' output is relayed to this process as it comes.
    const logs = () => logged.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    for (let wait = 0; wait < 100 && !logs().includes('[verify-payment]'); wait += 1) await sleep(100);
    expect(logs()).toMatch(/\[stripe-webhook\].*failed \(transient\): fulfil_order failed 5 times/);
    expect(logs()).toMatch(/\[verify-payment\].*fulfil_order failed 5 times/);
    expect(logs()).not.toContain(customer.email);
    logged.mockClear();
    logged.mockRestore();

    // The database answers again: Stripe's redelivery fulfils; the return page's next ask confirms.
    refuse = 0;
    expect(await resend(stack, completed!.id)).toBe(200);
    const verified = await verifyPayment(customer.client, sessionId);
    expect(verified).toMatchObject({ status: 200, data: { success: true } });
    expect((await orderOfSession(stack, sessionId)).status).toBe('paid');
    expect((await purchasesOf(stack, customer.userId)).map((p) => p.product_id)).toEqual([product.id]);
  });
});
