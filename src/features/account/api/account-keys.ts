import { queryKeyRoots } from '@/lib/query-client';

/**
 * My Account's query keys, under the account root every account read shares (src/lib/query-client.ts), so that
 * deleting the account drops them all at once (./delete-account.ts).
 */
export const accountKeys = {
  all: queryKeyRoots.account,
  orders: (userId: string) => [...accountKeys.all, 'orders', userId] as const,
  appointments: (userId: string) => [...accountKeys.all, 'appointments', userId] as const,
};
