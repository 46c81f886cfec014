// [auth.email] max_frequency (config.toml, 60 s): one auth email of a kind (confirmation, recovery) per address
// in that time. Over it GoTrue answers 429 over_email_send_rate_limit, "For security purposes, you can only
// request this after N seconds." Hosted GoTrue remembers the last send on the account (confirmation_sent_at,
// recovery_sent_at), so it can only refuse for an address that has one; the local stack counts every address
// asked for, account or not, so the second request answers the same either way (no account enumeration,
// docs/security.md "Email flooding").
import type { StackContext } from '../stack-context.ts';

export type AuthEmailKind = 'confirmation' | 'recovery';

const sentByStack = new WeakMap<StackContext, Map<string, number>>();

/**
 * Counts one email of `kind` asked for `address` (normalised: lower case, trimmed); the seconds to wait when one was asked less
 * than max_frequency ago (nothing counted), else 0.
 */
export function takeEmailSlot(
  stack: StackContext,
  kind: AuthEmailKind,
  address: string,
  now = Date.now(),
): number {
  const intervalMs = stack.config.rateLimits.emailMaxFrequencySeconds * 1000;
  if (intervalMs <= 0) return 0;
  let sent = sentByStack.get(stack);
  if (!sent) {
    sent = new Map();
    sentByStack.set(stack, sent);
  }
  const key = `${kind}:${address}`;
  const last = sent.get(key);
  if (last !== undefined && now - last < intervalMs)
    return Math.max(1, Math.ceil((last + intervalMs - now) / 1000));
  // Forget sends older than the interval, so the map stays as small as one minute's requests.
  for (const [other, at] of sent) if (now - at >= intervalMs) sent.delete(other);
  sent.set(key, now);
  return 0;
}
