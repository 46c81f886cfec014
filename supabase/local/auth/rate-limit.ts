// Hosted Supabase's auth rate limits ([auth.rate_limit] in config.toml), per client IP address over a sliding
// 5-minute window: sign-ins and sign-ups (the local stack counts recovery requests here too) and token
// verifications. Over the limit GoTrue answers 429 over_request_rate_limit, which the app shows kindly.
import type { StackContext } from '../stack-context.ts';

export type RateLimitBucket = 'signInSignUps' | 'tokenVerifications';

const WINDOW_MS = 5 * 60 * 1000;
const hitsByStack = new WeakMap<StackContext, Map<string, number[]>>();

/** Counts one request of `bucket` from `ip`; false when it is over the configured limit (nothing counted). */
export function takeRateLimit(
  stack: StackContext,
  bucket: RateLimitBucket,
  ip: string,
  now = Date.now(),
): boolean {
  let hits = hitsByStack.get(stack);
  if (!hits) {
    hits = new Map();
    hitsByStack.set(stack, hits);
  }
  const key = `${bucket}:${ip}`;
  const recent = (hits.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
  if (recent.length >= stack.config.rateLimits[bucket]) {
    hits.set(key, recent);
    return false;
  }
  recent.push(now);
  hits.set(key, recent);
  return true;
}
