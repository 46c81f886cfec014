import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';
import { emailRedirectUrl, updatePasswordRedirect } from './email-redirect';

/**
 * Emails a recovery link that leads back to /update-password on this site, and after it to `next` (the page
 * the visitor was going to); throws the provider's refusal as it came (src/features/auth/auth-writes.ts).
 */
export async function requestPasswordReset({
  email,
  next = '/',
}: {
  email: string;
  next?: string;
}): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: emailRedirectUrl(updatePasswordRedirect(next, paths.updatePassword)),
  });
  if (error) throw error;
}
