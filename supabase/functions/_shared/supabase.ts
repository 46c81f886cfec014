// Supabase clients for edge functions: the secret key's service role (writes orders and purchases after server-side checks)
// and the caller's user, verified from the Authorization header.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { publishableKey, secretKey } from './keys.ts';
import { errorJson } from './http.ts';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A client with the secret key (the service role): bypasses RLS, so only ever after the function's own checks. */
export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), secretKey(), {
    auth: serverAuth,
  });
}

/** The bearer token of the request, or null. */
export function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

export type CallerResult = { user: User; response?: never } | { user?: never; response: Response };

/**
 * The signed-in user making the request, verified by the auth server (`auth.getUser(jwt)`): a valid
 * signature is not enough, the user must exist. Otherwise a 401 response to return as is.
 */
export async function callerUser(req: Request): Promise<CallerResult> {
  const jwt = bearerToken(req);
  if (!jwt) return { response: errorJson(401, 'Please sign in to continue.') };
  const client = createClient(requireEnv('SUPABASE_URL'), publishableKey(), {
    auth: serverAuth,
  });
  const { data, error } = await client.auth.getUser(jwt);
  if (error || !data.user) return { response: errorJson(401, 'Please sign in to continue.') };
  return { user: data.user };
}
