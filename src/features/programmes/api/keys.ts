import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { refreshAdminAreas } from '@/lib/admin-api/keys';
import { queryKeyRoots } from '@/lib/query-client';

// The programmes' one key factory (docs/programmes.md), and the refresh every programmes write ends with.

export const programmeKeys = {
  all: queryKeyRoots.programmes,
  templates: () => [...programmeKeys.all, 'templates'] as const,
  assignments: (userId: string) => [...programmeKeys.all, 'assignments', userId] as const,
  note: (userId: string) => [...programmeKeys.all, 'note', userId] as const,
  orders: (userId: string) => [...programmeKeys.all, 'orders', userId] as const,
  heldBack: (userId: string) => [...programmeKeys.all, 'held-back', userId] as const,
  privateAudio: (email: string) => [...programmeKeys.all, 'private-audio', email] as const,
};

/** After a write: refetch programmes' reads and the dashboard's activity log (every admin write is logged). */
function refreshProgrammes(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: programmeKeys.all });
  void refreshAdminAreas(queryClient, []);
}

/**
 * A programmes write as a mutation (docs/architecture.md "Data on the page"): a form shows isPending and the
 * error; it refreshes the programmes' reads and the activity log once it succeeded.
 */
export function useProgrammesMutation<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshProgrammes(queryClient) });
}
