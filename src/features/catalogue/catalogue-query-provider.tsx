import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

let browserClient: QueryClient | undefined;

/** One query client for the shop pages in the browser (kept across navigations); a fresh one per prerender. */
function shopQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Forgets the browser's shop cache (tests start each case afresh). */
export function resetShopQueryClient(): void {
  browserClient?.clear();
  browserClient = undefined;
}

/**
 * TanStack Query for the shop pages only, so the query library stays out of the marketing pages' first
 * JavaScript (see src/app/providers.tsx).
 */
export function CatalogueQueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? shopQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
