import { authMessages } from '@/content/auth';

export const MIN_PASSWORD_LENGTH = 6;

export type PasswordField = 'password' | 'confirmPassword';

export interface PasswordProblem {
  field: PasswordField;
  message: string;
}

/** Sign-up and new-password rules (spec §5), checked before any call: match first, then length. */
export function validateNewPassword(password: string, confirmPassword: string): PasswordProblem | null {
  if (password !== confirmPassword) return { field: 'confirmPassword', message: authMessages.passwordsDoNotMatch };
  if (password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: authMessages.passwordTooShort };
  return null;
}

/**
 * Where to go after signing in: the `redirectTo` path when it is a path on this site, else home. Anything
 * that could leave the site (absolute or protocol-relative URLs, backslash tricks) is refused.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const base = 'https://site.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
