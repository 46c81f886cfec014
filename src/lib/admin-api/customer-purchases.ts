import { queryOptions } from '@tanstack/react-query';
import { callRpc } from './client';
import { adminKeys } from './keys';

// A customer's purchases: the dashboard's customers tab lists them and the programmes' client record shows them.

export interface CustomerPurchase {
  id: string;
  product_id: string | null;
  title: string;
  category: string | null;
  price: number | string;
  order_id: string | null;
  created_at: string;
}

export const customerPurchasesQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.customerPurchases(userId),
    queryFn: () => callRpc<CustomerPurchase[]>('admin_customer_purchases', { p_user_id: userId }),
  });
