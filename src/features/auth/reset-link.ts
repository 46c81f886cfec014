import type { SupabaseClient } from '@supabase/supabase-js';
import { authMessages } from '@/content/auth';

/** The reset link's parameters (spec §3), from the query and the hash (the hash wins). */
export interface ResetLinkParams {
  type: string | null;
  token: string | null;
  access_token: string | null;
  refresh_token: string | null;
  error: string | null;
  error_code: string | null;
  error_description: string | null;
}

const names = ['type', 'token', 'access_token', 'refresh_token', 'error', 'error_code', 'error_description'] as const;

export function readResetLinkParams(search: string, hash: string): ResetLinkParams {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const params = {} as ResetLinkParams;
  for (const name of names) params[name] = fragment.get(name) || query.get(name) || null;
  return params;
}

/** An access token with type=recovery: the /auth screen then shows 'Reset Your Password' (spec §2). */
export function isRecoveryLink(params: ResetLinkParams): boolean {
  return params.type === 'recovery' && Boolean(params.access_token);
}

export type ResetLinkCheck =
  | { kind: 'invalid'; message: string }
  | { kind: 'session'; accessToken: string; refreshToken: string }
  | { kind: 'verify'; tokenHash: string };

/** Spec §4 "Update password", link validation order, steps 1 to 4 (the checks that need no server). */
export function checkResetLink(params: ResetLinkParams): ResetLinkCheck {
  // (1) An error in the link stops everything.
  if (params.error || params.error_code || params.error_description) {
    if (params.error_code === 'otp_expired') return { kind: 'invalid', message: authMessages.linkExpired };
    return {
      kind: 'invalid',
      message: `${authMessages.linkErrorPrefix}${params.error_description ?? params.error ?? params.error_code ?? ''}`,
    };
  }
  // (2) Only recovery links.
  if (params.type !== 'recovery') return { kind: 'invalid', message: authMessages.linkWrongType };
  // (3) Something to recover with.
  if (!params.token && !params.access_token) return { kind: 'invalid', message: authMessages.linkMissingToken };
  // (4) A session in the link allows the form; a lone token is verified by the auth service.
  if (params.access_token && params.refresh_token) {
    return { kind: 'session', accessToken: params.access_token, refreshToken: params.refresh_token };
  }
  if (params.token) return { kind: 'verify', tokenHash: params.token };
  return { kind: 'invalid', message: authMessages.linkTokenRejected };
}

export type ResetLinkResult = { ok: true } | { ok: false; message: string };

/**
 * Step 4 against the auth service. supabase-js (detectSessionInUrl) consumes a session in the hash itself,
 * so a session it already holds counts; otherwise the link's tokens are set as the session.
 */
export async function resolveResetLink(check: ResetLinkCheck, client: SupabaseClient): Promise<ResetLinkResult> {
  if (check.kind === 'invalid') return { ok: false, message: check.message };
  if (check.kind === 'session') {
    const { data } = await client.auth.getSession();
    if (data.session) return { ok: true };
    const { error } = await client.auth.setSession({
      access_token: check.accessToken,
      refresh_token: check.refreshToken,
    });
    return error ? { ok: false, message: authMessages.linkTokenRejected } : { ok: true };
  }
  try {
    const { error } = await client.auth.verifyOtp({ token_hash: check.tokenHash, type: 'recovery' });
    return error ? { ok: false, message: authMessages.linkTokenRejected } : { ok: true };
  } catch {
    return { ok: false, message: authMessages.linkTokenCheckFailed };
  }
}
