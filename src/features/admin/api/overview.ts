import { queryOptions, useMutation } from '@tanstack/react-query';
import type { OrderStatus } from '@/content/admin';
import { callRpc, invokeFunction } from '@/lib/admin-api/client';
import { adminKeys } from '@/lib/admin-api/keys';
import { useRefreshAfterWrite } from './refresh';

// The overview tab: the sales figures, disputed orders, the payments reconciliation and the private files still
// waiting to be removed (docs/security.md "Activity log and erasure").

export interface Overview {
  revenue_today_pence: number;
  revenue_30_days_pence: number;
  revenue_all_time_pence: number;
  orders_today: number;
  orders_30_days: number;
  orders_all_time: number;
  average_order_pence: number;
  customers: number;
  best_sellers: { title: string; kind: 'product' | 'package'; units: number; revenue_pence: number }[];
  weekly: { week_start: string; orders: number; revenue_pence: number }[];
  disputes_open: number;
}

/** An order with a chargeback (admin_disputed_orders): open (audio suspended), won (restored) or lost. */
export interface DisputedOrder {
  id: string;
  created_at: string;
  email: string | null;
  amount_paid_pence: number | null;
  status: OrderStatus;
  dispute_status: 'open' | 'won' | 'lost';
  disputed_at: string | null;
  dispute_closed_at: string | null;
}

/** What one reconciliation run did (the reconcile-payments edge function). */
export interface ReconcileResult {
  checked: number;
  fulfilled: number;
  failed: number;
  refunds: number;
  receipts: number;
  /** Queued private files removed by this run, and those that failed again (they stay queued). */
  files_removed: number;
  files_failed: number;
}

/** Private files whose rows are gone (deleted clients, removed assignments) still in storage. */
export interface PendingDeletions {
  count: number;
  oldest: string | null;
}

export const pendingDeletionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.pendingDeletions(),
    queryFn: () => callRpc<PendingDeletions>('admin_pending_storage_deletions'),
  });

export const overviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: () => callRpc<Overview>('admin_overview'),
  });

export const disputedOrdersQuery = () =>
  queryOptions({
    queryKey: adminKeys.disputes(),
    queryFn: () => callRpc<DisputedOrder[]>('admin_disputed_orders'),
  });

/** Fulfils paid payments whose webhook never arrived (the reconcile-payments edge function). */
export function reconcilePayments(): Promise<ReconcileResult> {
  return invokeFunction<ReconcileResult>('reconcile-payments', {});
}

export function useReconcilePayments() {
  const refresh = useRefreshAfterWrite();
  return useMutation({ mutationFn: reconcilePayments, onSuccess: () => refresh(['overview', 'orders']) });
}
