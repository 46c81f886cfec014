import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { refreshAdminAreas, type AdminArea } from '@/lib/admin-api/keys';
import { scheduleSiteRebuild } from '../site-rebuild';

/**
 * After a dashboard write: refetch the areas it changed and the activity log (refreshAdminAreas), and for a
 * catalogue write ask for the site rebuild. Callers usually do not wait, so the form that wrote is free again at
 * once. (The shop needs nothing from here: it re-reads the catalogue on every visit to a catalogue page,
 * src/features/catalogue/catalogue-api.ts.)
 */
export async function refreshAfterWrite(queryClient: QueryClient, areas: AdminArea[]): Promise<void> {
  if (areas.includes('products') || areas.includes('packages')) {
    // The prerendered shop pages show the catalogue too (docs/catalogue-rebuild.md).
    scheduleSiteRebuild();
  }
  await refreshAdminAreas(queryClient, areas);
}

/** refreshAfterWrite with this dashboard's query client, for a mutation's onSuccess. */
export function useRefreshAfterWrite(): (areas: AdminArea[]) => void {
  const queryClient = useQueryClient();
  return (areas) => void refreshAfterWrite(queryClient, areas);
}
