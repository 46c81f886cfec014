import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from './db/db.ts';
import { startLocalStack } from './server.ts';

export type LatencyResult = { medianMs: number; p95Ms: number; n: number };

/** The purchases query's latency (the fields, for the callers that read only those) and the catalogue read's. */
export type StackLatency = LatencyResult & { purchases: LatencyResult; catalogue: LatencyResult };

type Served = { url: string; anonKey: string; serviceRoleKey: string };

const THIS_FILE = fileURLToPath(import.meta.url);
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/**
 * The stack runs in a child process, as it does beside a browser: measuring client and server in one
 * event loop would count supabase-js's own work twice over against the stack.
 */
async function startStackProcess(): Promise<Served & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', THIS_FILE, '--serve'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const served = await new Promise<Served>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Served));
    child.once('exit', (code) => reject(new Error(`the stack process exited (${code}) before it was ready`)));
  });
  return {
    ...served,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Times `query` one request at a time after a warm-up; throws if any answer is an error. */
async function sample(
  query: () => PromiseLike<{ error: { message: string } | null }>,
  n: number,
  warmup: number,
): Promise<LatencyResult> {
  for (let i = 0; i < warmup; i++) await query();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const result = await query();
    samples.push(performance.now() - started);
    if (result.error) throw new Error(`query failed: ${result.error.message}`);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: percentile(samples, 50), p95Ms: percentile(samples, 95), n };
}

/**
 * Latency of the app's most common queries against a fresh in-memory stack, through supabase-js over HTTP,
 * one request at a time after a warm-up: the signed-in customer's purchases (`select * … eq user_id … order
 * by created_at desc`, user token, RLS on) and the shop's catalogue read (every published product, anon key).
 */
export async function measureLatency(options: { n?: number; warmup?: number } = {}): Promise<StackLatency> {
  const n = options.n ?? 200;
  const warmup = options.warmup ?? 20;
  const stack = await startStackProcess();
  try {
    const clientOptions = {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    };
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer');
    if (!customer) throw new Error('no demo customer');
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const service = createClient(stack.url, stack.serviceRoleKey, clientOptions);
    const { data: signIn, error } = await client.auth.signInWithPassword({
      email: customer.email,
      password: customer.password,
    });
    if (error || !signIn.user) throw error ?? new Error('sign-in failed');
    const userId = signIn.user.id;
    // A realistic account owns a few audios.
    const { data: products } = await service.from('products').select('title, category').limit(3);
    for (const product of (products ?? []) as { title: string; category: string }[]) {
      await service.rpc('insert_purchase', {
        p_user_id: userId,
        p_title: product.title,
        p_category: product.category,
        p_price: 2.99,
        p_download_url: '#',
      });
    }
    const purchases = await sample(
      () =>
        client.from('purchases').select('*').eq('user_id', userId).order('created_at', { ascending: false }),
      n,
      warmup,
    );
    const catalogue = await sample(
      () => anon.from('products').select('*').eq('published', true).order('category').order('sort_order'),
      n,
      warmup,
    );
    return { ...purchases, purchases, catalogue };
  } finally {
    await stack.stop();
  }
}

/** Child-process mode: an in-memory stack that prints its address as one JSON line. */
async function serve(): Promise<void> {
  const stack = await startLocalStack({
    port: 0,
    dataDir: null,
    siteUrl: 'http://localhost:4173',
    quiet: true,
  });
  process.stdout.write(
    `${JSON.stringify({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey })}\n`,
  );
  process.once('SIGTERM', () => {
    void stack.stop().then(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--serve')) {
    serve().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    measureLatency().then(
      (result) => {
        const line = (label: string, latency: LatencyResult): string =>
          `Local stack, ${label} (n=${latency.n}): median ${latency.medianMs.toFixed(2)} ms, p95 ${latency.p95Ms.toFixed(2)} ms`;
        console.info(line('purchases query with a user token', result.purchases));
        console.info(line('catalogue read (published products, anon key)', result.catalogue));
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
}
