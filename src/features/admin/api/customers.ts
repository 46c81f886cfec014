import { queryOptions, useMutation } from '@tanstack/react-query';
import { callRpc } from '@/lib/admin-api/client';
import { adminKeys } from '@/lib/admin-api/keys';
import { page, PAGE_SIZE, type PageOf } from '@/lib/paging';
import { useRefreshAfterWrite } from './refresh';

// The customers tab: the searched, paged list and granting an audio. A customer's purchases are read by the
// shared src/lib/admin-api/customer-purchases.ts (the client record shows them too).

export interface CustomerRow {
  id: string;
  email: string;
  joined_at: string;
  last_sign_in_at: string | null;
  orders: number;
  spent_pence: number;
  is_admin: boolean;
}

export const customersQuery = (search: string, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.customers(search, pageIndex),
    queryFn: async (): Promise<PageOf<CustomerRow>> =>
      page(
        await callRpc<CustomerRow[]>('admin_list_customers', {
          p_search: search.trim() || null,
          p_limit: PAGE_SIZE + 1,
          p_offset: pageIndex * PAGE_SIZE,
        }),
      ),
  });

export async function grantAudio(userId: string, productId: string): Promise<void> {
  await callRpc<null>('admin_grant_audio', { p_user_id: userId, p_product_id: productId });
}

export function useGrantAudio() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ userId, productId }: { userId: string; productId: string }) =>
      grantAudio(userId, productId),
    onSuccess: () => refresh(['customer-purchases', 'customers']),
  });
}
