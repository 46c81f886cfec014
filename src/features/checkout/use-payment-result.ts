import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getSupabase } from '@/lib/supabase';
import { verifyPayment as defaultVerify } from './checkout-api';
import type { PaidOrder, VerifyPaymentResult } from './checkout-types';

/** What the payment result page shows (docs/payment-result.md). */
export type PaymentResult =
  | { kind: 'checking' }
  | {
      kind: 'success';
      /** The brief title verify-payment names ('X' or 'X and 2 more'); null when the return had no session. */
      title: string | null;
      /** The order's lines, in order (empty when unknown). */
      lines: string[];
      /** The audios the order grants, for 'Listen now'. */
      productIds: string[];
      refunded: { pence: number; titles: string[]; done: boolean } | null;
      /** What a promotion code took off, and the code. */
      discount: { pence: number; code: string | null } | null;
      /** Order number, amount charged and where the receipt went; null when unknown (an older return). */
      order: PaidOrder | null;
    }
  | { kind: 'processing' }
  | { kind: 'cancelled'; lines: string[] }
  | { kind: 'failed'; reason: 'unverified' | 'error' };

type Verify = (sessionId: string) => Promise<{ data: VerifyPaymentResult | null; error: unknown }>;

interface PaymentResultOptions {
  /** False until the session is known (verify-payment needs the signed-in customer). */
  ready: boolean;
  clearCart: () => void;
  refreshPurchases: () => Promise<void>;
  verify?: Verify;
  /** The titles of an order's lines (the cancelled order's, read under RLS). */
  readOrderLines?: (orderId: string) => Promise<string[]>;
  /** Waits between asks; tests pass a quicker one. */
  delayMs?: number;
}

/** A 503 from a busy database: asking again is safe (fulfilment is idempotent). */
const BUSY_ATTEMPTS = 4;
/** A payment still processing is asked about this many times before the page says so. */
const PENDING_ATTEMPTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function busy(error: unknown): boolean {
  const context = (error as { context?: unknown } | null)?.context;
  return context instanceof Response && context.status === 503;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function defaultReadOrderLines(orderId: string): Promise<string[]> {
  const client = await getSupabase();
  const { data, error } = await client
    .from('order_lines')
    .select('title')
    .eq('order_id', orderId)
    .order('position', { ascending: true });
  if (error) throw error;
  return (data as { title: string }[]).map((line) => line.title);
}

/**
 * The outcome of a return from Stripe Checkout, read from the URL: `session_id` (paid or processing: verified
 * by verify-payment, asked again while busy or processing), `status=cancelled&order=<id>` (cancelled), and the
 * older `payment=success|cancelled` addresses of sessions opened before the result page existed.
 */
export function usePaymentResult({
  ready,
  clearCart,
  refreshPurchases,
  verify = defaultVerify,
  readOrderLines = defaultReadOrderLines,
  delayMs = 1500,
}: PaymentResultOptions): { result: PaymentResult; checkAgain: () => void } {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const cancelled = params.get('status') === 'cancelled' || params.get('payment') === 'cancelled';
  const orderId = params.get('order');
  const legacySuccess = params.get('payment') === 'success';
  const [result, setResult] = useState<PaymentResult>({ kind: 'checking' });
  const [round, setRound] = useState(0);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    const key = `${round}:${params.toString()}`;
    if (handled.current === key) return; // once per return (StrictMode runs effects twice)
    handled.current = key;
    // No cancel on cleanup: StrictMode's second run is skipped above, and a late answer after leaving the page
    // sets the state of an unmounted component, which React ignores.
    const show = (next: PaymentResult) => setResult(next);

    if (cancelled) {
      show({ kind: 'cancelled', lines: [] });
      if (orderId && UUID.test(orderId)) {
        readOrderLines(orderId)
          .then((lines) => show({ kind: 'cancelled', lines }))
          .catch((error: unknown) => console.warn('Reading the cancelled order failed:', error));
      }
      return;
    }
    if (!sessionId) {
      if (legacySuccess) {
        void refreshPurchases().finally(() =>
          show({ kind: 'success', title: null, lines: [], productIds: [], refunded: null, discount: null, order: null }),
        );
      } else show({ kind: 'failed', reason: 'unverified' });
      return;
    }

    void (async () => {
      try {
        for (let pendingAsk = 1; ; pendingAsk += 1) {
          let { data, error } = await verify(sessionId);
          for (let attempt = 1; error && busy(error) && attempt < BUSY_ATTEMPTS; attempt += 1) {
            await wait(delayMs * attempt);
            ({ data, error } = await verify(sessionId));
          }
          if (error) return show({ kind: 'failed', reason: 'error' });
          if (data?.success) {
            clearCart();
            await refreshPurchases();
            return show({
              kind: 'success',
              title: data.purchase?.title ?? null,
              lines: data.lines ?? [],
              productIds: data.productIds ?? [],
              refunded: data.refunded && data.refunded.pence > 0 ? data.refunded : null,
              discount: data.discount && data.discount.pence > 0 ? data.discount : null,
              order: data.order ?? null,
            });
          }
          if (!data?.pending) return show({ kind: 'failed', reason: 'unverified' });
          if (pendingAsk >= PENDING_ATTEMPTS) return show({ kind: 'processing' });
          await wait(delayMs * 2);
        }
      } catch (error) {
        console.warn('Payment verification failed:', error); // docs/product-rules.md §8: only logged
        show({ kind: 'failed', reason: 'error' });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL's fields are derived from `params`
  }, [ready, round, params, verify, readOrderLines, clearCart, refreshPurchases, delayMs]);

  const checkAgain = useCallback(() => {
    setResult({ kind: 'checking' });
    setRound((current) => current + 1);
  }, []);
  return { result, checkAgain };
}
