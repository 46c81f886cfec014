import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeyRoots } from '@/lib/query-client';
import { scheduleSiteRebuild } from '../site-rebuild';
import type { OrderFilters } from './order-filters';

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
 * After a write: refetch the areas it changed (and the activity log, which records every write). Callers
 * usually do not wait, so the form that wrote is free again at once. (The shop needs nothing from here: it
 * re-reads the catalogue on every visit to a catalogue page, src/features/catalogue/catalogue-api.ts.)
 */
export async function refreshAfterWrite(queryClient: QueryClient, areas: AdminArea[]): Promise<void> {
  const stale: string[][] = [...areas, 'activity' as const].map((area) => [...adminKeys.all, area]);
  if (areas.includes('products') || areas.includes('packages')) {
    // The prerendered shop pages show the catalogue too (docs/catalogue-rebuild.md).
    scheduleSiteRebuild();
  }
  // Only the queries on screen refetch; the promise settles when they have (a caller may wait for them).
  await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** refreshAfterWrite with this dashboard's query client, for a mutation's onSuccess. */
export function useRefreshAfterWrite(): (areas: AdminArea[]) => void {
  const queryClient = useQueryClient();
  return (areas) => void refreshAfterWrite(queryClient, areas);
}
