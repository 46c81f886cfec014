import { authMessages, linkErrorDescriptions, linkErrorFallbackDescription } from '@/content/auth';
import { verifyTokenHash, type LinkFailure, type LinkResult } from './link-session';

/** The reset link's parameters (docs/product-rules.md §3), from the query and the hash (the hash wins). */
export interface ResetLinkParams {
  type: string | null;
  token: string | null;
  access_token: string | null;
  refresh_token: string | null;
  error: string | null;
  error_code: string | null;
  error_description: string | null;
}

const names = [
  'type',
  'token',
  'access_token',
  'refresh_token',
  'error',
  'error_code',
  'error_description',
] as const;

export function readResetLinkParams(search: string, hash: string): ResetLinkParams {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const params = {} as ResetLinkParams;
  for (const name of names) params[name] = fragment.get(name) || query.get(name) || null;
  return params;
}

/** An access token with type=recovery: the /auth screen then shows 'Reset Your Password' (docs/product-rules.md §2). */
export function isRecoveryLink(params: ResetLinkParams): boolean {
  return params.type === 'recovery' && Boolean(params.access_token);
}

export type ResetLinkCheck = { kind: 'invalid'; message: string } | { kind: 'verify'; tokenHash: string };

/** docs/product-rules.md §4 "Update password", link validation order, steps 1 to 4 (the checks that need no server). */
export function checkResetLink(params: ResetLinkParams): ResetLinkCheck {
  // (1) An error in the link stops everything.
  // The text after the prefix is chosen by the error code: a link's own description is never shown (anyone can
  // write one into a URL).
  if (params.error || params.error_code || params.error_description) {
    if (params.error_code === 'otp_expired') return { kind: 'invalid', message: authMessages.linkExpired };
    return { kind: 'invalid', message: `${authMessages.linkErrorPrefix}${linkErrorDescription(params)}` };
  }
  // (2) Only recovery links.
  if (params.type !== 'recovery') return { kind: 'invalid', message: authMessages.linkWrongType };
  // (3) Something to recover with.
  if (!params.token && !params.access_token)
    return { kind: 'invalid', message: authMessages.linkMissingToken };
  // (4) Tokens in a URL are never turned into a session (anyone can put their own session in a link and sign a
  // visitor into it: docs/security.md "Links"); a token hash is verified by the auth service.
  if (params.access_token) return { kind: 'invalid', message: authMessages.linkSessionRefused };
  if (params.token) return { kind: 'verify', tokenHash: params.token };
  return { kind: 'invalid', message: authMessages.linkTokenRejected };
}

/** The fixed description for a link's error code (or its error, when it has no code). */
export function linkErrorDescription(params: Pick<ResetLinkParams, 'error' | 'error_code'>): string {
  const code = params.error_code ?? params.error ?? '';
  return Object.hasOwn(linkErrorDescriptions, code)
    ? linkErrorDescriptions[code]!
    : linkErrorFallbackDescription;
}

/**
 * Step 4 against the auth service, without adopting anything: the token is verified as a recovery token
 * (token_hash, type recovery). The caller adopts the session only when that changes nobody's account without
 * consent (use-link-session.ts).
 */
export function obtainResetLinkSession(
  check: Exclude<ResetLinkCheck, { kind: 'invalid' }>,
): Promise<LinkResult> {
  return verifyTokenHash(check.tokenHash, 'recovery');
}

/** The docs/product-rules.md §8 message for a reset link the auth service refused. */
export function resetLinkFailureMessage(reason: LinkFailure | 'adopt_failed'): string {
  if (reason === 'rate_limited') return authMessages.tooManyRequests;
  if (reason === 'failed') return authMessages.linkTokenCheckFailed;
  return authMessages.linkTokenRejected;
}
