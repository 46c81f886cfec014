import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * Checkout sessions opened before the payment result page existed return to
 * /individual-audios?payment=success|cancelled…: this sends them on to the result page with the same query
 * (docs/payment-result.md). In an effect: the prerendered page had no query string, so hydration matches it.
 */
export function useLegacyPaymentReturn(): void {
  const { search } = useLocation();
  const navigate = useNavigate();
  const legacy = new URLSearchParams(search).has('payment');
  useEffect(() => {
    if (legacy) void navigate(`${paths.paymentResult}${search}`, { replace: true });
  }, [legacy, search, navigate]);
}
