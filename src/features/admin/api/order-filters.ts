import type { OrderStatus } from '@/content/admin';

/** The orders tab's filters: part of the list's query key (admin-keys.ts) and of its request (orders.ts). */
export interface OrderFilters {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}
