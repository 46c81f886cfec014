// Destructive admin actions need a sign-in under 10 minutes old (docs/security.md "Destructive admin actions"),
// as private.require_recent_sign_in() checks in SQL. The time is the newest `amr` entry of the caller's JWT:
// when they authenticated (the auth server keeps it across refreshes). Read only after requireUser has verified
// the token (auth.ts).
import { errorJson } from './http.ts';
import { bearerToken } from './auth.ts';

export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/** The body's `error` when a fresh sign-in is needed: the dashboard asks for the password and retries. */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';

/** When the token's holder last authenticated (seconds since the epoch), or null when it does not say. */
export function signedInAt(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      amr?: unknown;
    };
    if (!Array.isArray(claims.amr)) return null;
    const times = claims.amr
      .map((entry) => (entry as { timestamp?: unknown } | null)?.timestamp)
      .filter((time): time is number => typeof time === 'number' && Number.isFinite(time));
    return times.length > 0 ? Math.max(...times) : null;
  } catch {
    return null;
  }
}

/** null when the caller signed in under 10 minutes ago; otherwise the 403 to send. */
export function refuseUnlessRecentSignIn(req: Request, nowMs = Date.now()): Response | null {
  const jwt = bearerToken(req);
  const at = jwt ? signedInAt(jwt) : null;
  if (at !== null && nowMs / 1000 - at <= RECENT_SIGN_IN_SECONDS) return null;
  return errorJson(403, REAUTHENTICATION_NEEDED);
}
