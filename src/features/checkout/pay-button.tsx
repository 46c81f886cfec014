import { useMutation } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { checkoutText as text } from '@/content/orders';
import { CheckoutError, createCheckout } from './checkout-api';
import type { CheckoutItem } from './checkout-types';

interface PayButtonProps {
  items: readonly CheckoutItem[];
  /** Where the customer goes to pay (window.location.assign; tests observe it). */
  redirect?: (url: string) => void;
  start?: (items: readonly CheckoutItem[]) => Promise<string>;
}

/** 'Pay with card': creates the Checkout Session and goes to Stripe's page; refusals are shown as they come. */
export function PayButton({
  items,
  redirect = (url) => window.location.assign(url),
  start = createCheckout,
}: PayButtonProps) {
  const mutation = useMutation({
    mutationFn: () => start(items),
    onSuccess: (url) => redirect(url),
  });
  const pending = mutation.isPending || mutation.isSuccess;
  const message =
    mutation.error instanceof CheckoutError
      ? mutation.error.message
      : mutation.error
        ? text.genericError
        : null;
  return (
    <div className="space-y-3">
      {message ? (
        <p role="alert" className="rounded-lg border-2 border-destructive p-3 font-semibold text-destructive">
          {message}
        </p>
      ) : null}
      <Button
        size="lg"
        className="w-full"
        disabled={pending || items.length === 0}
        onClick={() => mutation.mutate()}
      >
        {pending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        {text.payWithCard}
      </Button>
      {pending ? (
        <p role="status" className="text-center text-sm text-muted-foreground">
          {text.redirecting}
        </p>
      ) : null}
    </div>
  );
}
