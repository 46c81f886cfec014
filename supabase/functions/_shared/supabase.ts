// The Supabase client of edge functions: the secret key's service role (writes orders and purchases after
// server-side checks). Who the caller is: auth.ts.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { secretKey } from './keys.ts';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A client with the secret key (the service role): bypasses RLS, so only ever after the function's own checks. */
export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), secretKey(), {
    auth: serverAuth,
  });
}
