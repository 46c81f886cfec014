import type { User } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { emailRedirectUrl } from './email-redirect';
import { newSignupProof } from './signup-proof';

// The auth service's writes the forms make. Each throws the service's refusal as it came (its code and status
// choose the message, src/features/auth/error-message.ts), so a form's submit state carries it as its error.

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in with email and password; the signed-in user. */
export async function signInWithPassword(credentials: Credentials): Promise<User> {
  const { data, error } = await (await getSupabase()).auth.signInWithPassword(credentials);
  if (error) throw error;
  return data.user;
}

/** Creates an account; the confirmation link brings the visitor back to `redirectPath` (docs/auth-links.md). */
export async function signUpWithPassword({
  email,
  password,
  redirectPath,
}: Credentials & { redirectPath: string }): Promise<void> {
  // The proof's hash shows, when the link is opened here, that the confirmer chose this password (signup-proof.ts).
  const options = {
    emailRedirectTo: emailRedirectUrl(redirectPath),
    data: { signup_proof: await newSignupProof(email) },
  };
  const { error } = await (await getSupabase()).auth.signUp({ email, password, options });
  if (error) throw error;
}

/**
 * Sets the signed-in user's new password. `acceptSamePassword`: finishing a sign-up, a password equal to the
 * stored one is what was wanted (the auth service refuses it as 'same_password'), so it counts as saved.
 */
export async function updatePassword({
  password,
  acceptSamePassword,
}: {
  password: string;
  acceptSamePassword: boolean;
}): Promise<void> {
  const { error } = await (await getSupabase()).auth.updateUser({ password });
  if (error && !(acceptSamePassword && error.code === 'same_password')) throw error;
}
