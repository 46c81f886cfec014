import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './account-keys';

// 'Delete my account' through the delete-account edge function, which acts on the caller only
// (supabase/functions/delete-account; what it removes: docs/security.md "Activity log and erasure").

export class DeleteAccountError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'DeleteAccountError';
  }
}

/** The message of a function's JSON error answer ({ error } or { message }), if it has one. */
async function functionErrorMessage(
  error: unknown,
): Promise<{ message: string | null; status: number | null }> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return { message: null, status: null };
  try {
    const body = (await context.clone().json()) as { error?: unknown; message?: unknown };
    const message =
      typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : null;
    return { message, status: context.status };
  } catch {
    return { message: null, status: context.status };
  }
}

/** Deletes the signed-in user's account through the delete-account edge function (it acts on the caller only). */
export async function deleteOwnAccount(client: SupabaseClient, fallbackMessage: string): Promise<void> {
  const { error } = await client.functions.invoke('delete-account', { method: 'POST', body: {} });
  if (!error) return;
  const { message, status } = await functionErrorMessage(error);
  throw new DeleteAccountError(message ?? fallbackMessage, status);
}

/**
 * 'Delete my account'. `onDeleted` (tell the customer, sign out) runs while the write is still pending, and only
 * then is the account's data dropped from the cache, so nothing of it is fetched again as the deleted account.
 */
export function useDeleteAccount(onDeleted: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fallbackMessage: string) => deleteOwnAccount(await getSupabase(), fallbackMessage),
    onSuccess: async () => {
      await onDeleted();
      queryClient.removeQueries({ queryKey: accountKeys.all });
    },
  });
}
