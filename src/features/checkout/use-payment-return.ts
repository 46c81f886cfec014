import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { paymentMessages as text, paymentRefundMessages as refundText } from '@/content/shop';
import { formatPence } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { toast } from '@/lib/toast';
import { verifyPayment as defaultVerify } from './checkout-api';
import type { VerifyPaymentResult } from './checkout-types';

interface PaymentReturnOptions {
  /** False until the session is known, so the verified purchases can be reloaded for the right customer. */
  ready: boolean;
  clearCart: () => void;
  refreshPurchases: () => Promise<void>;
  verify?: (sessionId: string) => Promise<{ data: VerifyPaymentResult | null; error: unknown }>;
}

/** Asking again is safe (fulfilment is idempotent): after a 503 from a busy database, up to this many times. */
const VERIFY_ATTEMPTS = 4;
const RETRY_DELAY_MS = 1500;

function busy(error: unknown): boolean {
  const context = (error as { context?: unknown } | null)?.context;
  return context instanceof Response && context.status === 503;
}

/**
 * The return from Stripe Checkout on /individual-audios (docs/product-rules.md §4, messages of §8): verifies a paid session,
 * or reports a cancellation, then replaces the URL with /individual-audios. True while verifying.
 */
export function usePaymentReturn({
  ready,
  clearCart,
  refreshPurchases,
  verify = defaultVerify,
}: PaymentReturnOptions) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const payment = params.get('payment');
  const sessionId = params.get('session_id');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (payment !== 'success' && payment !== 'cancelled') return;
    if (!ready) return;
    const key = `${payment}:${sessionId ?? ''}`;
    if (handled.current === key) return; // once per return (StrictMode runs effects twice)
    handled.current = key;
    const done = () => void navigate(paths.individualAudios, { replace: true });

    if (payment === 'cancelled') {
      toast.error(text.cancelledTitle, { description: text.cancelled });
      done();
      return;
    }
    if (!sessionId) {
      toast.success(text.successTitle, { description: text.successWithoutSession });
      void refreshPurchases().finally(done);
      return;
    }
    void (async () => {
      try {
        let { data, error } = await verify(sessionId);
        for (let attempt = 1; error && busy(error) && attempt < VERIFY_ATTEMPTS; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
          ({ data, error } = await verify(sessionId));
        }
        if (error) {
          toast.error(text.verificationErrorTitle, { description: text.verificationError });
        } else if (data?.success && data.refunded && data.refunded.pence > 0) {
          // Not plain success: part (or all) of the payment was for audio already owned, and is refunded.
          toast.success(refundText.title, {
            description: refundText.description(
              data.refunded.titles,
              formatPence(data.refunded.pence),
              data.refunded.done,
            ),
          });
          clearCart();
          await refreshPurchases();
        } else if (data?.success) {
          const title = data.purchase?.title;
          toast.success(text.successTitle, {
            description: title ? text.successWithTitle(title) : text.successWithoutSession,
          });
          clearCart();
          await refreshPurchases();
        } else {
          toast.error(text.verificationFailedTitle, { description: text.verificationFailed });
        }
      } catch (error) {
        console.warn('Payment verification failed:', error); // docs/product-rules.md §8: only logged
      } finally {
        done();
      }
    })();
  }, [payment, sessionId, ready, verify, clearCart, refreshPurchases, navigate]);

  // The URL keeps the session id until the outcome is known and the URL is replaced. Not during hydration:
  // the prerendered page had no query string, so the first render must match it.
  const hydrated = useHydrated();
  return { verifying: hydrated && payment === 'success' && sessionId !== null };
}
