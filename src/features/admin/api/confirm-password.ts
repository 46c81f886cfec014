import { getSupabase } from '@/lib/supabase';

export type PasswordCheck = 'confirmed' | 'wrong' | 'failed';

/**
 * Signs the admin in again with their own email and the password they typed: a new session whose sign-in time
 * is now, so the action refused for an old sign-in goes through (docs/security.md "Destructive admin actions").
 */
export async function confirmOwnPassword(password: string): Promise<PasswordCheck> {
  try {
    const client = await getSupabase();
    const { data } = await client.auth.getSession();
    const email = data.session?.user.email;
    if (!email) return 'failed';
    const { error } = await client.auth.signInWithPassword({ email, password });
    if (!error) return 'confirmed';
    return error.status === 400 ? 'wrong' : 'failed';
  } catch {
    return 'failed';
  }
}
