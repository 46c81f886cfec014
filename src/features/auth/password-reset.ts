import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';
import { emailRedirectUrl, updatePasswordRedirect } from './email-redirect';

/**
 * Emails a recovery link that leads back to /update-password on this site, and after it to `next` (the page
 * the visitor was going to); the provider's error, if any.
 */
export async function requestPasswordReset(email: string, next = '/'): Promise<{ message: string } | null> {
  const client = await getSupabase();
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: emailRedirectUrl(updatePasswordRedirect(next, paths.updatePassword)),
  });
  return error;
}
