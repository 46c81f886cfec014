import { useMutation } from '@tanstack/react-query';
import { FULL_NAME_KEY } from '@/lib/full-name';
import { getSupabase } from '@/lib/supabase';

// Only My Account imports this (its name form, composed by the route inside the query provider): the auth
// screens stay free of the query library (docs/architecture.md "Data on the page").

/** Keeps the customer's name (null removes it) in their auth metadata (docs/customer-name.md). */
export async function saveFullName(name: string | null): Promise<void> {
  const { error } = await (await getSupabase()).auth.updateUser({ data: { [FULL_NAME_KEY]: name } });
  if (error) throw error;
}

/**
 * Saves or removes the name. It refreshes no query: the name lives in the session, which the auth provider
 * updates when the auth service reports the change, and the data export reads it afresh.
 */
export function useSaveFullName() {
  return useMutation({ mutationFn: saveFullName });
}
