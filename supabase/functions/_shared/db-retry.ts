// Database calls that a transient failure must not turn into a lost payment: a deadlock (40P01), a
// serialization failure (40001), a lock or statement timeout (55P03, 57014; hosted Supabase sets both), or the
// database/API being unreachable (PostgREST's PGRST000-PGRST003, a failed fetch). The money functions are one
// transaction each and idempotent, so the call is simply made again, a few times with backoff; if it still
// fails, TransientDatabaseError tells the function to answer 503 so its caller (Stripe, the return page, the
// dashboard) retries later. See docs/money.md.
import type { SupabaseClient } from '@supabase/supabase-js';

const TRANSIENT_CODES = new Set([
  '40P01',
  '40001',
  '55P03',
  '57014',
  'PGRST000',
  'PGRST001',
  'PGRST002',
  'PGRST003',
]);

export class TransientDatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TransientDatabaseError';
  }
}

type RpcError = { code?: string; message: string } | null;

/** True for an error a retry may clear. An error without a SQLSTATE is a failed request (network). */
export function isTransient(error: { code?: string; message?: string } | null | undefined): boolean {
  if (!error) return false;
  const code = error.code ?? '';
  return (
    TRANSIENT_CODES.has(code) ||
    code === '' ||
    /fetch failed|network|ECONNREFUSED|timed? ?out/i.test(error.message ?? '')
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Attempts per call, and the first backoff (doubled each time, with jitter). */
export const RETRY_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 40;

/**
 * Calls a database function, retrying transient failures. Returns its data; throws TransientDatabaseError when
 * every attempt failed transiently, or a plain Error (with `code`) for any other failure.
 */
export async function rpcWithRetry<T>(
  db: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  attempts = RETRY_ATTEMPTS,
): Promise<T> {
  let last: RpcError = null;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    let error: RpcError;
    let data: unknown;
    try {
      ({ data, error } = await db.rpc(fn, args));
    } catch (thrown) {
      error = { code: '', message: thrown instanceof Error ? thrown.message : String(thrown) };
    }
    if (!error) return data as T;
    last = error;
    if (!isTransient(error)) {
      throw Object.assign(new Error(`${fn} failed: ${error.message}`), { code: error.code });
    }
  }
  throw new TransientDatabaseError(
    `${fn} failed ${attempts} times: ${last?.message ?? 'unknown'}`,
    last?.code ?? '',
  );
}
