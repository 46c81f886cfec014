import { queryOptions, useMutation } from '@tanstack/react-query';
import { callRpc } from './admin-client';
import { page, PAGE_SIZE, type PageOf } from '@/lib/paging';
import { adminKeys, useRefreshAfterWrite } from './admin-keys';

// The customers tab: the searched, paged list, a customer's purchases and granting an audio.

export interface CustomerRow {
  id: string;
  email: string;
  joined_at: string;
  last_sign_in_at: string | null;
  orders: number;
  spent_pence: number;
  is_admin: boolean;
}

export interface CustomerPurchase {
  id: string;
  product_id: string | null;
  title: string;
  category: string | null;
  price: number | string;
  order_id: string | null;
  created_at: string;
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

export const customerPurchasesQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.customerPurchases(userId),
    queryFn: () => callRpc<CustomerPurchase[]>('admin_customer_purchases', { p_user_id: userId }),
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
