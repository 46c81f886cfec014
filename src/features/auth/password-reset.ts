import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';

/** Emails a recovery link that leads back to /update-password on this site; the provider's error, if any. */
export async function requestPasswordReset(email: string): Promise<{ message: string } | null> {
  const client = await getSupabase();
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.updatePassword}`,
  });
  return error;
}
