// The Stripe client every function uses. With a real key and no STRIPE_API_* settings it talks to Stripe.
// The local stack sets STRIPE_API_HOST/PORT/PROTOCOL (the SDK's own host/port/protocol options) and
// STRIPE_API_BASE_PATH, because its stand-in serves Stripe's API under /_local/stripe/v1/... and the SDK has no
// base-path option: a fetch wrapper puts the prefix in front of every request path.
import Stripe from 'stripe';
import { env, requireEnv } from './env.ts';

function prefixingFetch(basePath: string): typeof fetch {
  const prefix = `/${basePath.replace(/^\/+|\/+$/g, '')}`;
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
}

/** A Stripe client from STRIPE_SECRET_KEY and, when set, STRIPE_API_HOST/PORT/PROTOCOL/BASE_PATH. */
export function stripeClient(): Stripe {
  const host = env('STRIPE_API_HOST');
  const port = env('STRIPE_API_PORT');
  const protocol = env('STRIPE_API_PROTOCOL');
  const basePath = env('STRIPE_API_BASE_PATH');
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https')
    throw new Error('STRIPE_API_PROTOCOL must be http or https');
  return new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    // fetch works on Deno and Node alike.
    httpClient: Stripe.createFetchHttpClient(basePath ? prefixingFetch(basePath) : undefined),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol ? { protocol } : {}),
  });
}

/** Web Crypto for webhook signatures (Deno has no Node crypto by default). */
export const cryptoProvider = Stripe.createSubtleCryptoProvider();

export { Stripe };
