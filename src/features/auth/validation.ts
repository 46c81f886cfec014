import { authMessages } from '@/content/auth';

export const MIN_PASSWORD_LENGTH = 6;

export type PasswordField = 'password' | 'confirmPassword';

export interface PasswordProblem {
  field: PasswordField;
  message: string;
}

/** Sign-up and new-password rules (docs/product-rules.md §5), checked before any call: match first, then length. */
export function validateNewPassword(password: string, confirmPassword: string): PasswordProblem | null {
  if (password !== confirmPassword)
    return { field: 'confirmPassword', message: authMessages.passwordsDoNotMatch };
  if (password.length < MIN_PASSWORD_LENGTH)
    return { field: 'password', message: authMessages.passwordTooShort };
  return null;
}

/**
 * Where to go after signing in: the `redirectTo` path when it is a path on this site, normalised, else home.
 * Anything that could leave the site (absolute or protocol-relative URLs, backslash tricks, dot segments or
 * encoded slashes that normalise to '//host') is refused.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const base = 'https://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    // Dot segments can leave '//host' once normalised ('/.//example.org'), which a router or browser then
    // reads as another site; so can encoded slashes or backslashes. Such a path is refused, not repaired.
    const decoded = decodeURIComponent(url.pathname);
    if (url.pathname.startsWith('//') || decoded.startsWith('//') || /[\\]/.test(decoded)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
