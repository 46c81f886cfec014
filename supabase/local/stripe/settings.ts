// Settings of the local Stripe stand-in: the keys the edge functions get by default, and when webhooks are
// delivered. Nothing here is a secret: these values only open this machine's local stack.

/** The stand-in's API lives under this path of the stack (Stripe's own paths follow: /v1/checkout/sessions). */
export const STAND_IN_BASE_PATH = '/_local/stripe';

/** Local-only keys (worthless anywhere else). The stand-in accepts only the secret key the functions get. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stand_in';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_stand_in';

/**
 * Edge-function environment pointing the official SDK at the stand-in through its host/port/protocol options,
 * plus STRIPE_API_BASE_PATH (see supabase/functions/_shared/stripe.ts).
 */
export function standInFunctionEnvironment(stackUrl: string): Record<string, string> {
  const url = new URL(stackUrl);
  return {
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_HOST: url.hostname.replace(/^\[|\]$/g, ''),
    STRIPE_API_PORT: url.port || (url.protocol === 'https:' ? '443' : '80'),
    STRIPE_API_PROTOCOL: url.protocol.replace(':', ''),
    STRIPE_API_BASE_PATH: STAND_IN_BASE_PATH,
  };
}

/** When the stand-in delivers webhooks: at once (before redirecting), after a delay, or never. */
export type WebhookMode = { kind: 'immediate' } | { kind: 'delayed'; ms: number } | { kind: 'off' };

/** Parses `immediate`, `off` or `delay:<ms>` (LOCAL_STRIPE_WEBHOOKS and the settings endpoint). */
export function parseWebhookMode(value: string | undefined): WebhookMode | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'immediate') return { kind: 'immediate' };
  if (text === 'off') return { kind: 'off' };
  const delay = /^delay:(\d{1,7})$/.exec(text);
  if (delay) return { kind: 'delayed', ms: Number(delay[1]) };
  return null;
}

export function formatWebhookMode(mode: WebhookMode): string {
  return mode.kind === 'delayed' ? `delay:${mode.ms}` : mode.kind;
}
