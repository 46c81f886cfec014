import { QueryClient } from '@tanstack/react-query';

/** One query client per app instance (a fresh one per prerendered page, one for the browser). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
