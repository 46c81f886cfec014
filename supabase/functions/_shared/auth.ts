// Who may call a function, checked in the function's own code (every function is deployed with
// verify_jwt = false: supabase/config.toml). One helper per kind of caller; webhooks check their own signatures.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env, requireEnv } from './env.ts';
import { errorJson } from './http.ts';
import { publishableKey, secretKeys } from './keys.ts';
import { serviceClient } from './supabase.ts';

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

/** The signed-in user a verified token names. */
export type AuthUser = { id: string; email: string | null };

export type UserResult = { user: AuthUser; response?: never } | { user?: never; response: Response };

type SupabaseAuth = SupabaseClient['auth'];
type Jwks = NonNullable<NonNullable<Parameters<SupabaseAuth['getClaims']>[1]>['jwks']>;

/** The project's public signing keys as hosted sets SUPABASE_JWKS; undefined → fetched from the auth server. */
function configuredJwks(): Jwks | undefined {
  const raw = env('SUPABASE_JWKS');
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as { keys?: unknown };
    // Hosted gives `{ "keys": [...] }`; an array of keys is read the same way.
    const keys = Array.isArray(parsed) ? parsed : parsed.keys;
    return Array.isArray(keys) ? ({ keys } as Jwks) : undefined;
  } catch {
    return undefined;
  }
}

/** The bearer token of the request, or null. */
export function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;
const SIGN_IN = 'Please sign in to continue.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The signed-in user making the request, from the user's JWT in `Authorization: Bearer`. `auth.getClaims`
 * verifies an asymmetric token (ES256/RS256) against the project's JWKS (SUPABASE_JWKS, else
 * /auth/v1/.well-known/jwks.json) and a legacy HS256 one by asking the auth server (GET /auth/v1/user). An API
 * key (publishable or secret), an anon token or anything unsigned is no user: a 401 response to return as is.
 */
export async function requireUser(req: Request): Promise<UserResult> {
  const jwt = bearerToken(req);
  if (!jwt || jwt.startsWith('sb_')) return { response: errorJson(401, SIGN_IN) };
  const client = createClient(requireEnv('SUPABASE_URL'), publishableKey(), { auth: serverAuth });
  const jwks = configuredJwks();
  const { data, error } = await client.auth.getClaims(jwt, jwks ? { jwks } : {});
  const claims = data?.claims;
  if (error || !claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) {
    return { response: errorJson(401, SIGN_IN) };
  }
  // A token stays valid up to an hour after its session ended (signed out, password changed elsewhere, account
  // deleted): only a live session is a caller (docs/security.md "Pre-registered accounts").
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const live = await serviceClient().rpc('session_is_live_for', {
    p_user_id: claims.sub,
    p_session_id: sessionId,
  });
  if (live.error) return { response: errorJson(503, 'Could not check your sign-in. Please try again.') };
  if (live.data !== true) return { response: errorJson(401, SESSION_ENDED) };
  return { user: { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : null } };
}
