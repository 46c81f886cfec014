import { queryOptions, useMutation } from '@tanstack/react-query';
import type { OrderStatus } from '@/content/admin';
import { callRpc, invokeFunction } from '@/lib/admin-api/client';
import { page, PAGE_SIZE, type PageOf } from '@/lib/paging';
import { adminKeys } from '@/lib/admin-api/keys';
import { useRefreshAfterWrite } from './refresh';
import type { OrderFilters } from '@/lib/admin-api/order-filters';

export type { OrderFilters };

// The orders tab: the filtered, paged list, one order's detail, the CSV export and refunds.

export const emptyOrderFilters: OrderFilters = { search: '', status: '', from: '', to: '' };

export interface OrderRow {
  id: string;
  created_at: string;
  user_id: string | null;
  email: string | null;
  status: OrderStatus;
  amount_pence: number;
  amount_paid_pence: number | null;
  refunded_at: string | null;
  items: string | null;
  item_count: number;
}

export interface OrderDetail {
  id: string;
  created_at: string;
  status: OrderStatus;
  user_id: string | null;
  email: string | null;
  amount_pence: number;
  amount_paid_pence: number | null;
  stripe_payment_intent_id: string | null;
  fulfilled_at: string | null;
  refunded_at: string | null;
  /** Paid for audio already owned, refunded automatically (docs/money.md). */
  ungranted_pence?: number;
  ungranted_refunded_at?: string | null;
  dispute_status?: 'open' | 'won' | 'lost' | null;
  lines: { position: number; kind: string; title: string; category: string; price_pence: number }[];
  purchases: { id: string; title: string; price: number | string }[];
}

function orderArgs(filters: OrderFilters) {
  return {
    p_search: filters.search.trim() || null,
    p_status: filters.status || null,
    p_from: filters.from || null,
    p_to: filters.to || null,
  };
}

export const ordersQuery = (filters: OrderFilters, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.orders(filters, pageIndex),
    queryFn: async (): Promise<PageOf<OrderRow>> =>
      page(
        await callRpc<OrderRow[]>('admin_list_orders', {
          ...orderArgs(filters),
          p_limit: PAGE_SIZE + 1,
          p_offset: pageIndex * PAGE_SIZE,
        }),
      ),
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: () => callRpc<OrderDetail>('admin_order_detail', { p_order_id: id }),
  });

/** The CSV of every order matching the filters, computed in SQL by the same query as the list. */
export async function exportOrdersCsv(filters: OrderFilters): Promise<string> {
  return callRpc<string>('admin_export_orders', orderArgs(filters));
}

/** Refunds a paid order through Stripe (the refund-order edge function) and revokes its audio. */
export async function refundOrder(orderId: string): Promise<void> {
  await invokeFunction<unknown>('refund-order', { orderId });
}

export function useRefundOrder() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => refresh(['order', 'orders', 'overview', 'customers', 'customer-purchases']),
  });
}
