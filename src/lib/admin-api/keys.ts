import type { QueryClient } from '@tanstack/react-query';
import { queryKeyRoots } from '@/lib/query-client';
import type { OrderFilters } from './order-filters';

// The admin reads' one key factory, shared by the dashboard and the programmes screens: a write in either
// refreshes the other's reads through these keys, never through the other feature's code.

export const adminKeys = {
  all: queryKeyRoots.admin,
  overview: () => [...adminKeys.all, 'overview'] as const,
  disputes: () => [...adminKeys.all, 'overview', 'disputes'] as const,
  pendingDeletions: () => [...adminKeys.all, 'overview', 'storage-deletions'] as const,
  orders: (filters: OrderFilters, pageIndex: number) =>
    [...adminKeys.all, 'orders', filters, pageIndex] as const,
  order: (id: string) => [...adminKeys.all, 'order', id] as const,
  customers: (search: string, pageIndex: number) =>
    [...adminKeys.all, 'customers', search, pageIndex] as const,
  customerPurchases: (userId: string) => [...adminKeys.all, 'customer-purchases', userId] as const,
  products: (search: string) => [...adminKeys.all, 'products', search] as const,
  packages: (search: string) => [...adminKeys.all, 'packages', search] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  activity: (entity: string, pageIndex: number) => [...adminKeys.all, 'activity', entity, pageIndex] as const,
  appointments: () => [...adminKeys.all, 'appointments', 'list'] as const,
  upcomingAppointments: () => [...adminKeys.all, 'appointments', 'upcoming-count'] as const,
  clientAppointments: (userId: string) => [...adminKeys.all, 'appointments', 'client', userId] as const,
};

export type AdminArea =
  | 'overview'
  | 'orders'
  | 'order'
  | 'customers'
  | 'customer-purchases'
  | 'products'
  | 'packages'
  | 'admins'
  | 'activity';

/**
 * Refetches the areas a write changed, and the activity log, which records every write. Only the queries on
 * screen refetch; the promise settles when they have (a caller may wait for them).
 */
export async function refreshAdminAreas(queryClient: QueryClient, areas: AdminArea[]): Promise<void> {
  const stale: string[][] = [...areas, 'activity' as const].map((area) => [...adminKeys.all, area]);
  await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
