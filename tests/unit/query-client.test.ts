import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from '@/features/admin/api/refresh';
import { ordersQuery } from '@/features/account/api/orders';
import { appQueryClient, queryKeyRoots, resetAppQueryClient } from '@/lib/query-client';

// One query client for the app: My Account and the dashboard share one cache, so a write in one marks the
// others' data stale. (The shop's catalogue is not in it: the shop pages re-read it on every visit,
// src/features/catalogue/catalogue-api.ts.)

function seeded() {
  const client = appQueryClient();
  client.setQueryData([...queryKeyRoots.admin, 'orders'], []);
  client.setQueryData([...queryKeyRoots.admin, 'products'], []);
  client.setQueryData([...queryKeyRoots.admin, 'activity'], []);
  client.setQueryData(ordersQuery('user-1').queryKey, []);
  return client;
}

const isStale = (key: readonly unknown[]) => appQueryClient().getQueryState(key)?.isInvalidated;

describe('the app query client', () => {
  it('is one client for the whole visit until reset', () => {
    const first = appQueryClient();
    expect(appQueryClient()).toBe(first);
    resetAppQueryClient();
    expect(appQueryClient()).not.toBe(first);
  });

  it("a dashboard write marks the areas it changed and the activity log stale, and nothing of My Account's", async () => {
    resetAppQueryClient();
    await refreshAfterWrite(seeded(), ['orders']);
    expect(isStale([...queryKeyRoots.admin, 'orders'])).toBe(true);
    expect(isStale([...queryKeyRoots.admin, 'activity'])).toBe(true);
    expect(isStale([...queryKeyRoots.admin, 'products'])).toBe(false);
    expect(isStale(ordersQuery('user-1').queryKey)).toBe(false);
  });
});
