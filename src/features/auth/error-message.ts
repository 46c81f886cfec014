import { authMessages } from '@/content/auth';

/** Fixed texts for the auth service's refusals by error code: its own wording is never shown for these. */
const messageByCode: Record<string, string> = {
  over_request_rate_limit: authMessages.tooManyRequests,
  over_email_send_rate_limit: authMessages.tooManyEmails,
  reauthentication_needed: authMessages.reauthenticationNeeded,
};

/**
 * The message of a thrown value or an error object, or the fallback when it has none (docs/product-rules.md §8). A rate limit
 * (429), a leaked or common password and a required re-authentication get the practice's own kind words.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const { code, status, reasons } = error as { code?: unknown; status?: unknown; reasons?: unknown };
    if (typeof code === 'string' && messageByCode[code]) return messageByCode[code];
    if (status === 429) return authMessages.tooManyRequests;
    if (code === 'weak_password' && Array.isArray(reasons) && reasons.includes('pwned'))
      return authMessages.passwordPwned;
    if ('message' in error) {
      const message = (error as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
  }
  return fallback;
}
