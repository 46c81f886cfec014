// delete-account: the signed-in caller deletes their own account (docs/product-rules.md D25 "Account deletion").
// POST, no body needed (any body is ignored): whose account is read only from the verified JWT, never from the
// request. One SQL transaction (public.delete_account) removes the purchases and roles, keeps the orders
// anonymised (7 years, privacy policy §9), anonymises the activity log's entries about the caller and deletes the
// auth user; the last admin is refused (409). Audio the practitioner uploaded privately for the caller
// (docs/programmes.md) goes with the user by cascade, and the same transaction queues its files
// (private.storage_deletions); they are removed here through the Storage API at once, and whatever fails stays
// queued for reconcile-payments to retry (docs/security.md "Activity log and erasure").
import { serve } from '../_shared/env.ts';
import { errorJson, json, preflight, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { removeQueuedFiles } from '../_shared/storage-deletions.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { messages } from './messages.ts';

export async function handleDeleteAccount(req: Request): Promise<Response> {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;

  const caller = await requireUser(req);
  if (caller.response) return caller.response;

  const db = serviceClient();
  const { data, error } = await db.rpc('delete_account', { p_user_id: caller.user.id });
  if (error) {
    if (error.code === '55000') return errorJson(409, messages.lastAdmin);
    if (error.code === 'P0002') return errorJson(404, messages.gone);
    // The code only: no id, email or purchase in the logs (docs/product-rules.md D26 "Health data").
    console.warn('delete-account failed:', error.code);
    return errorJson(500, messages.failed);
  }
  // The account is gone either way; files not removed now stay queued and are retried.
  await removeQueuedFiles(db);
  return json(200, { deleted: true, ...(data as Record<string, number>) });
}

serve(handleDeleteAccount);
