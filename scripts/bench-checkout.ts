// Median latency of the checkout path on a fresh in-memory local stack (edge functions in their Deno workers,
// the Stripe stand-in): create-checkout (price the cart, open the order, create the Checkout Session), fulfil
// through stripe-webhook (a signed checkout.session.completed: retrieve the session, grant, mark paid) and
// verify-payment (the same fulfilment from the return page, plus the brief title). One request at a time.
// Run alone: npx tsx scripts/bench-checkout.ts [--n 20]. Prints a Markdown table.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { startLocalStack, type LocalStack } from '../supabase/local/server.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../supabase/local/stripe/settings.ts';
import type { BenchSection } from './bench-figures.ts';

const SITE_URL = 'http://localhost:4391';
const PER_CUSTOMER = 5; // create-checkout's rate limit: 5 new orders per customer per minute

type Sample = { createMs: number; fulfilMs: number; verifyMs: number };

function argNumber(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function client(stack: LocalStack): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A confirmed, signed-in customer (sign-up, the emailed link, sign-in). */
async function customer(stack: LocalStack, index: number): Promise<SupabaseClient> {
  const email = `bench-${Date.now().toString(36)}-${index}@example.com`;
  const password = 'bench-pass-1';
  const signUp = await client(stack).auth.signUp({ email, password });
  if (signUp.error) throw signUp.error;
  const messages = (await (
    await fetch(`${stack.inboxUrl}/messages?to=${encodeURIComponent(email)}`)
  ).json()) as {
    text: string;
  }[];
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(messages[0]?.text ?? '')?.[1];
  if (!link) throw new Error('no confirmation link');
  await fetch(link, { redirect: 'manual' });
  const signedIn = client(stack);
  const { error } = await signedIn.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return signedIn;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** The checkout latencies as a Markdown table (lines) and README's figure, on a fresh in-memory stack. */
export async function runCheckoutBench(n = 20): Promise<BenchSection> {
  const warmup = 2;
  const stack = await startLocalStack({ port: 0, dataDir: null, siteUrl: SITE_URL, quiet: true });
  try {
    await fetch(`${stack.url}/_local/stripe/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhooks: 'off' }),
    });
    const products = (
      await stack.db.query<{ id: string }>(
        `select pr.id from public.products pr
         where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
         order by pr.category, pr.sort_order`,
      )
    ).rows;
    const samples: Sample[] = [];
    const total = n + warmup;
    let buyer: SupabaseClient | null = null;
    for (let i = 0; i < total; i += 1) {
      if (i % PER_CUSTOMER === 0) buyer = await customer(stack, i);
      const product = products[i % PER_CUSTOMER];
      if (!buyer || !product) throw new Error('not enough lone products in the catalogue');

      // create-checkout
      const created = await timed(() =>
        buyer!.functions.invoke<{ url: string }>('create-checkout', {
          body: { items: [{ kind: 'product', id: product.id }] },
        }),
      );
      if (created.value.error || !created.value.data) throw created.value.error ?? new Error('no url');
      const url = created.value.data.url;
      const sessionId = /\/checkout\/(cs_\w+)$/.exec(url)?.[1] ?? '';
      // Pay on the hosted page (webhooks off, so nothing is fulfilled yet).
      await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ action: 'pay', card_number: '4242424242424242' }),
        redirect: 'manual',
      });

      // Half the samples fulfil through the webhook first, half through verify-payment first: each path is
      // timed doing the work once (the other call then finds the order paid).
      const session = await (
        await fetch(`${stack.url}/_local/stripe/v1/checkout/sessions/${sessionId}`, {
          headers: { authorization: 'Bearer sk_test_bench' },
        })
      ).text();
      const payload = JSON.stringify({
        id: `evt_bench_${i}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: JSON.parse(session) as unknown },
      });
      const webhook = () => {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', LOCAL_STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
        return fetch(`${stack.url}/functions/v1/stripe-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
          body: payload,
        }).then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`webhook answered ${response.status}`);
        });
      };
      const verify = () =>
        buyer!.functions
          .invoke<{ success: boolean }>('verify-payment', { body: { sessionId } })
          .then((result) => {
            if (!result.data?.success) throw new Error('verify-payment did not succeed');
          });
      let fulfilMs: number;
      let verifyMs: number;
      if (i % 2 === 0) {
        fulfilMs = (await timed(webhook)).ms;
        await verify();
        verifyMs = NaN;
      } else {
        verifyMs = (await timed(verify)).ms;
        await webhook();
        fulfilMs = NaN;
      }
      if (i >= warmup) samples.push({ createMs: created.ms, fulfilMs, verifyMs });
    }
    const column = (pick: (s: Sample) => number) => samples.map(pick).filter((v) => Number.isFinite(v));
    const rows: [string, number[]][] = [
      ['create-checkout (price cart, open order, create Checkout Session)', column((s) => s.createMs)],
      [
        'fulfil via stripe-webhook (verify signature, retrieve session, grant, mark paid)',
        column((s) => s.fulfilMs),
      ],
      [
        'fulfil via verify-payment (auth, ownership, retrieve session, grant, title)',
        column((s) => s.verifyMs),
      ],
    ];
    const median = (index: number) => `${percentile(rows[index]![1], 50).toFixed(1)} ms`;
    return {
      lines: [
        '| Checkout on the local stack (in memory, functions in Deno workers) | median | p90 | n |',
        '|---|---:|---:|---:|',
        ...rows.map(
          ([label, values]) =>
            `| ${label} | ${percentile(values, 50).toFixed(1)} ms | ${percentile(values, 90).toFixed(1)} ms | ${values.length} |`,
        ),
      ],
      figures: [
        {
          what: 'Checkout on the local stack, median',
          value: `create-checkout ${median(0)}; fulfilment by stripe-webhook ${median(1)}, by verify-payment ${median(2)}`,
          command: 'npx tsx scripts/bench-checkout.ts',
        },
      ],
    };
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  console.log((await runCheckoutBench(argNumber('--n', 20))).lines.join('\n'));
  process.exit(0);
}
