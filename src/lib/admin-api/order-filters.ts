import type { OrderStatus } from '@/content/admin';

/** The orders tab's filters: part of the list's query key (./keys.ts) and of its request (the admin's orders). */
export interface OrderFilters {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}
