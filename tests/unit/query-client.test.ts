import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from '@/features/admin/api/admin-keys';
import { ordersQueryOptions } from '@/features/account/account-api';
import { appQueryClient, queryKeyRoots, resetAppQueryClient } from '@/lib/query-client';

// One query client for the app: My Account and the dashboard share one cache, so a write in one marks the
// others' data stale. (The shop's catalogue is not in it: the shop pages re-read it on every visit,
// src/features/catalogue/catalogue-api.ts.)

function seeded() {
  const client = appQueryClient();
  client.setQueryData(queryKeyRoots.catalogue, { products: [], packages: [] });
  client.setQueryData(ordersQueryOptions('user-1').queryKey, []);
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

  it('marks the catalogue key stale after a dashboard product or package write, and only then', async () => {
    const client = seeded();
    await refreshAfterWrite(client, ['orders']);
    expect(isStale(queryKeyRoots.catalogue)).toBe(false);
    await refreshAfterWrite(client, ['products']);
    expect(isStale(queryKeyRoots.catalogue)).toBe(true);

    resetAppQueryClient();
    await refreshAfterWrite(seeded(), ['packages']);
    expect(isStale(queryKeyRoots.catalogue)).toBe(true);
    expect(isStale(ordersQueryOptions('user-1').queryKey)).toBe(false);
  });
});
