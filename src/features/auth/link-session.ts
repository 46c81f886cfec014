// Sessions that come from an emailed link (a token hash; tokens put in a URL are refused outright) are never
// adopted silently: the link is verified on the side, without touching the session this browser holds, and only then
// compared with who is signed in. Someone else signed in → the visitor is asked (docs/auth-links.md).
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseEnv } from '@/config/supabase-env';

/** The emailed links the app verifies: sign-up confirmation, password recovery, email change. */
export const EMAIL_LINK_TYPES = ['email', 'signup', 'recovery', 'email_change'] as const;
export type EmailLinkType = (typeof EMAIL_LINK_TYPES)[number];

export function isEmailLinkType(value: string | null): value is EmailLinkType {
  return (EMAIL_LINK_TYPES as readonly string[]).includes(value ?? '');
}

/** A session a link produced, not (yet) this browser's. */
export interface LinkSession {
  accessToken: string;
  refreshToken: string;
  userId: string;
  email: string;
}

/** Why a link gave no session: used or expired, too many attempts, or the service could not be reached. */
export type LinkFailure = 'expired' | 'rate_limited' | 'failed';

export type LinkResult = { ok: true; session: LinkSession } | { ok: false; reason: LinkFailure };

function authUrl(path: string): string {
  return `${supabaseEnv.supabaseUrl}/auth/v1${path}`;
}

const jsonHeaders = (bearer?: string): Record<string, string> => ({
  apikey: supabaseEnv.supabaseKey,
  'content-type': 'application/json',
  ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
});

function failureFor(status: number): LinkFailure {
  if (status === 429) return 'rate_limited';
  return status >= 400 && status < 500 ? 'expired' : 'failed';
}

function readSession(body: unknown): LinkSession | null {
  if (typeof body !== 'object' || body === null) return null;
  const { access_token, refresh_token, user } = body as Record<string, unknown>;
  const { id, email } = (typeof user === 'object' && user !== null ? user : {}) as Record<string, unknown>;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string' || typeof id !== 'string')
    return null;
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    userId: id,
    email: typeof email === 'string' ? email : '',
  };
}

/** Spends an emailed token hash (`POST /verify`, as `verifyOtp({ token_hash, type })` does) without adopting it. */
export async function verifyTokenHash(tokenHash: string, type: EmailLinkType): Promise<LinkResult> {
  try {
    const response = await fetch(authUrl('/verify'), {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token_hash: tokenHash, type }),
    });
    if (!response.ok) return { ok: false, reason: failureFor(response.status) };
    const session = readSession(await response.json());
    return session ? { ok: true, session } : { ok: false, reason: 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Who this browser is signed in as, or null. */
export async function currentAccount(client: SupabaseClient): Promise<{ id: string; email: string } | null> {
  const { data } = await client.auth.getSession();
  const user = data.session?.user;
  return user ? { id: user.id, email: user.email ?? '' } : null;
}

/** True when adopting `incoming` would change who is signed in: then the visitor must be asked first. */
export function needsConsent(current: { id: string } | null, incoming: LinkSession): boolean {
  return current !== null && current.id !== incoming.userId;
}

/** Makes the link's session this browser's (after consent, or when nobody else is signed in). */
export async function adoptLinkSession(client: SupabaseClient, session: LinkSession): Promise<boolean> {
  const { error } = await client.auth.setSession({
    access_token: session.accessToken,
    refresh_token: session.refreshToken,
  });
  return !error;
}

/** The visitor stayed with their account: the link's session is ended on the server, not left behind. */
export async function discardLinkSession(session: LinkSession): Promise<void> {
  try {
    await fetch(authUrl('/logout?scope=local'), {
      method: 'POST',
      headers: jsonHeaders(session.accessToken),
    });
  } catch {
    // Unreachable: the session expires on its own; nothing of it is stored in this browser.
  }
}
