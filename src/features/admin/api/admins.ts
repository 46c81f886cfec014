import { queryOptions, useMutation } from '@tanstack/react-query';
import { callRpc } from '@/lib/admin-api/client';
import { adminKeys } from '@/lib/admin-api/keys';
import { useRefreshAfterWrite } from './refresh';

// The admins tab: who is an admin, granting and revoking the role.

export interface AdminRow {
  user_id: string;
  email: string;
  granted_at: string;
  last_sign_in_at: string | null;
}

export const adminsQuery = () =>
  queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: () => callRpc<AdminRow[]>('admin_list_admins'),
  });

export async function grantAdmin(email: string): Promise<void> {
  await callRpc<null>('admin_grant_admin', { p_email: email });
}

export async function revokeAdmin(userId: string): Promise<void> {
  await callRpc<null>('admin_revoke_admin', { p_user_id: userId });
}

/** Grants (`grant: email`) or revokes (`revoke: user id`) the admin role; either changes the customers list too. */
export function useChangeAdmin() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (change: { grant: string } | { revoke: string }) =>
      'grant' in change ? grantAdmin(change.grant) : revokeAdmin(change.revoke),
    onSuccess: () => refresh(['admins', 'customers']),
  });
}
