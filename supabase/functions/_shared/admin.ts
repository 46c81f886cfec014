// What the admin-only functions (refund-order, notify-assignment, reconcile-payments) check first: the caller's
// JWT verified (auth.ts), then their admin row in user_roles, read with the service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { errorJson, preflight, readJsonObject, requirePost } from './http.ts';
import { requireUser } from './auth.ts';
import { refuseUnlessRecentSignIn } from './recent-sign-in.ts';
import { serviceClient } from './supabase.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** null when `userId` is an admin; otherwise the answer to send (403, or 500 when the role cannot be read). */
export async function refuseUnlessAdmin(db: SupabaseClient, userId: string): Promise<Response | null> {
  const role = await db
    .from('user_roles')
    .select('user_id')
    .eq('user_id', userId)
    .eq('role', 'admin')
    .maybeSingle();
  if (role.error) return errorJson(500, 'Could not check your role. Please try again.');
  return role.data ? null : errorJson(403, 'Admin privileges required.');
}

export type AdminIdRequest =
  { response: Response } | { response?: never; id: string; db: SupabaseClient; adminId: string };

/**
 * The start of `POST { [field]: uuid }` by an admin, in this order: preflight and method, a signed-in caller
 * (401), the body (400 with `badBody`), the admin role (403), and for an action that destroys or grants
 * (`recentSignIn`) a sign-in under 10 minutes old (403 'reauthentication_needed'). On success, the id, a
 * service-role client and the admin's user id.
 */
export async function adminIdRequest(
  req: Request,
  field: string,
  badBody: string,
  { recentSignIn = false }: { recentSignIn?: boolean } = {},
): Promise<AdminIdRequest> {
  const early = preflight(req) ?? requirePost(req);
  if (early) return { response: early };

  const caller = await requireUser(req);
  if (caller.response) return { response: caller.response };

  const body = await readJsonObject(req);
  const id = body?.[field];
  if (typeof id !== 'string' || !UUID.test(id)) return { response: errorJson(400, badBody) };

  const db = serviceClient();
  const refused = await refuseUnlessAdmin(db, caller.user.id);
  if (refused) return { response: refused };
  const stale = recentSignIn ? refuseUnlessRecentSignIn(req) : null;
  if (stale) return { response: stale };
  return { id, db, adminId: caller.user.id };
}
