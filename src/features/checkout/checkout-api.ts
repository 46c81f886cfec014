import { checkoutText } from '@/content/orders';
import { getSupabase } from '@/lib/supabase';
import type { CheckoutItem, VerifyPaymentResult } from './checkout-types';

/** A refusal to show the customer as it is (create-checkout's own message), or the generic one. */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

interface ResponseLike {
  status: number;
  json: () => Promise<unknown>;
}

function isResponseLike(value: unknown): value is ResponseLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ResponseLike).status === 'number' &&
    typeof (value as ResponseLike).json === 'function'
  );
}

/** The message of a function's `{ error }` body for a 400 or 429; otherwise null (the generic text is shown). */
async function refusalMessage(error: unknown): Promise<string | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!isResponseLike(context) || (context.status !== 400 && context.status !== 429)) return null;
  try {
    const body = (await context.json()) as { error?: unknown } | null;
    const message = body?.error;
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (
      typeof message === 'object' &&
      message !== null &&
      typeof (message as { message?: unknown }).message === 'string'
    )
      return (message as { message: string }).message;
  } catch {
    // not JSON: fall back to the generic message
  }
  return null;
}

/** Asks create-checkout for a Stripe Checkout Session for these lines; answers the URL to send the customer to. */
export async function createCheckout(items: readonly CheckoutItem[]): Promise<string> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<{ url?: unknown }>('create-checkout', {
    body: { items: items.map(({ kind, id }) => ({ kind, id })) },
  });
  if (error) {
    const message = await refusalMessage(error);
    if (!message) console.warn('create-checkout failed:', error);
    throw new CheckoutError(message ?? checkoutText.genericError);
  }
  const url = data?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    console.warn('create-checkout answered without a URL');
    throw new CheckoutError(checkoutText.genericError);
  }
  return url;
}

/** Asks verify-payment to confirm (and fulfil) a returned Checkout Session. */
export async function verifyPayment(
  sessionId: string,
): Promise<{ data: VerifyPaymentResult | null; error: unknown }> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<VerifyPaymentResult>('verify-payment', {
    body: { sessionId },
  });
  return { data: data ?? null, error };
}
