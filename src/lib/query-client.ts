import { onlineManager, QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';

/**
 * The first part of every query key, by the area that owns the data. A write in one area refreshes another's
 * through these (deleting an account drops all of My Account's) without one feature importing another's
 * internals.
 */
export const queryKeyRoots = {
  account: ['account'],
  admin: ['admin'],
  programmes: ['programmes'],
} as const;

/** A query client with the app's defaults (tests make a fresh one per case). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The app's one query client: in the browser one for the whole visit, shared by the shop, My Account and the
 * dashboard so a write in one marks the others' data stale; a fresh one per prerendered page.
 */
export function appQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Forgets the browser's cache (tests start each case afresh). */
export function resetAppQueryClient(): void {
  browserClient?.clear();
  browserClient = undefined;
}

/**
 * Holds every query back (TanStack's own offline pause) until `ready`: My Account drawn from the device before
 * the account check (docs/offline-listening.md "Offline at once") asks nothing in the account's name until its
 * session is confirmed, so a session the server has ended sends no request that would only be refused. A layout
 * effect, so the hold is in place before any query below subscribes (which happens in passive effects).
 */
export function useQueriesHeldUntil(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) return;
    onlineManager.setOnline(false);
    return () => onlineManager.setOnline(navigator.onLine);
  }, [ready]);
}
