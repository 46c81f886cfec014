import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from './db.ts';
import { startLocalStack } from './server.ts';

export type LatencyResult = { medianMs: number; p95Ms: number; n: number };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/**
 * Latency of the app's most common query against a fresh in-memory stack: the signed-in customer's
 * purchases (`select * … eq user_id … order by created_at desc`, user token, RLS on), through supabase-js
 * over HTTP, one request at a time after a warm-up.
 */
export async function measureLatency(options: { n?: number; warmup?: number } = {}): Promise<LatencyResult> {
  const n = options.n ?? 200;
  const warmup = options.warmup ?? 20;
  const stack = await startLocalStack({ port: 0, dataDir: null, siteUrl: 'http://localhost:4173', quiet: true });
  try {
    const clientOptions = {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    };
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer');
    if (!customer) throw new Error('no demo customer');
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const service = createClient(stack.url, stack.serviceRoleKey, clientOptions);
    const { data: signIn, error } = await client.auth.signInWithPassword({ email: customer.email, password: customer.password });
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
    const query = () => client.from('purchases').select('*').eq('user_id', userId).order('created_at', { ascending: false });
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
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  measureLatency().then(
    (result) => {
      console.info(
        `Local stack, purchases query with a user token (n=${result.n}): median ${result.medianMs.toFixed(2)} ms, p95 ${result.p95Ms.toFixed(2)} ms`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
