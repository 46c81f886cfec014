import { useCallback, useMemo } from 'react';
import { Seo } from '@/components/seo/seo';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { paymentResultText as text } from '@/content/orders';
import { useAuth } from '@/features/auth/auth-context';
import { RequireUser } from '@/features/auth/auth-guards';
import { useCart } from '@/features/cart/cart-context';
import { PaymentResultView } from '@/features/checkout/payment-result-view';
import { usePaymentResult } from '@/features/checkout/use-payment-result';
import { usePlaylistActions } from '@/features/player/use-playlist-actions';

/**
 * Where Stripe Checkout returns (docs/payment-result.md): paid, still processing, cancelled or failed, with
 * what was bought, 'Listen now' and My Account. A client-only page (the SPA shell): the header reads the
 * stored session on its first render, so it is signed in from the first paint.
 */
export function Component() {
  return (
    <>
      <Seo title={text.seo.title} description={text.seo.description} path={paths.paymentResult} noindex />
      <PageHeader title={text.seo.title} />
      <Container width="3xl" className="pb-16">
        <RequireUser>{() => <PaymentResultContents />}</RequireUser>
      </Container>
    </>
  );
}

function PaymentResultContents() {
  const { loading, purchases, refreshPurchases } = useAuth();
  const { clear } = useCart();
  const player = usePlaylistActions();
  const { result, checkAgain } = usePaymentResult({ ready: !loading, clearCart: clear, refreshPurchases });

  // What this order granted that is in the account now, in the order's order.
  const bought = useMemo(() => {
    if (result.kind !== 'success') return [];
    return result.productIds.flatMap((productId) => {
      const purchase = purchases.find((owned) => owned.productId === productId);
      return purchase ? [purchase] : [];
    });
  }, [result, purchases]);
  const listen = useCallback(() => player.onPlayAll(bought), [player, bought]);

  return (
    <PaymentResultView
      result={result}
      onListen={bought.length > 0 ? listen : undefined}
      onCheckAgain={checkAgain}
    />
  );
}
