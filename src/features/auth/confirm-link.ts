import { authMessages, confirmLinkText } from '@/content/auth';
import { isEmailLinkType, type EmailLinkType } from './link-session';
import { linkErrorDescription } from './reset-link';
import { nextPathFrom } from './email-redirect';

export type ConfirmLinkCheck =
  | { kind: 'invalid'; message: string }
  | { kind: 'verify'; tokenHash: string; type: EmailLinkType; next: string };

// GoTrue's token hashes are hex digests; PKCE ones are prefixed 'pkce_'.
const TOKEN_HASH = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * What an emailed link to /auth/confirm asks for (`?token_hash=…&type=…&next=…`, docs/auth-links.md): an
 * error in the link gives a fixed text chosen by its code, never the link's own words; `next` is a path on
 * this site or '/' (the templates give it as a URL of this origin).
 */
export function checkConfirmLink(
  search: string,
  hash: string,
  origin = typeof window === 'undefined' ? '' : window.location.origin,
): ConfirmLinkCheck {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => fragment.get(name) || query.get(name) || null;
  const error = get('error');
  const errorCode = get('error_code');
  if (error || errorCode || get('error_description')) {
    if (errorCode === 'otp_expired') return { kind: 'invalid', message: confirmLinkText.expired };
    return {
      kind: 'invalid',
      message: `${confirmLinkText.errorPrefix}${linkErrorDescription({ error, error_code: errorCode })}`,
    };
  }
  const tokenHash = get('token_hash');
  const type = get('type');
  if (!tokenHash || !TOKEN_HASH.test(tokenHash) || !isEmailLinkType(type)) {
    return { kind: 'invalid', message: confirmLinkText.missing };
  }
  return { kind: 'verify', tokenHash, type, next: nextPathFrom(get('next'), origin) };
}

/** The text for a link the auth service refused. */
export function confirmFailureMessage(reason: string): string {
  if (reason === 'rate_limited') return authMessages.tooManyRequests;
  if (reason === 'failed') return confirmLinkText.checkFailed;
  return confirmLinkText.expired;
}
