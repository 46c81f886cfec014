// Who may call a function, checked in the function's own code (every function is deployed with
// verify_jwt = false: supabase/config.toml). One helper per kind of caller; webhooks check their own signatures.
import { secretKeys } from './keys.ts';

const encoder = new TextEncoder();

/** Compares two strings in time that depends only on their lengths, not on where they first differ. */
function sameKey(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) difference |= (a[i % Math.max(a.length, 1)] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** True when the request's `apikey` header is one of the project's secret keys (a server, never a browser). */
export function hasSecretKey(req: Request): boolean {
  const given = req.headers.get('apikey');
  if (!given) return false;
  // Every key is compared, so the time taken says nothing about which one matched.
  return secretKeys().reduce((matched, key) => sameKey(given, key) || matched, false);
}
