import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { appQueryClient } from './query-client';

/**
 * TanStack Query for one lazily loaded area (the shop pages, My Account, the dashboard), always with the app's
 * one client: the provider is mounted by each area rather than app-wide so the query library stays out of the
 * marketing pages' first JavaScript (src/app/providers.tsx, docs/decisions/0002-first-js-budget.md).
 */
export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? appQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
