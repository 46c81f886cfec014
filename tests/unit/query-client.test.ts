import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from '@/features/admin/api/admin-keys';
import { catalogueQueryOptions } from '@/features/catalogue/catalogue-api';
import { ordersQueryOptions } from '@/features/account/account-api';
import { appQueryClient, resetAppQueryClient } from '@/lib/query-client';

// One query client for the app: the shop, My Account and the dashboard share one cache, so a write in one
// marks the others' data stale.

function seeded() {
  const client = appQueryClient();
  client.setQueryData(catalogueQueryOptions().queryKey, { products: [], packages: [] });
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

  it("marks the shop's catalogue stale after a dashboard product or package write, and only then", async () => {
    const client = seeded();
    await refreshAfterWrite(client, ['orders']);
    expect(isStale(catalogueQueryOptions().queryKey)).toBe(false);
    await refreshAfterWrite(client, ['products']);
    expect(isStale(catalogueQueryOptions().queryKey)).toBe(true);

    resetAppQueryClient();
    await refreshAfterWrite(seeded(), ['packages']);
    expect(isStale(catalogueQueryOptions().queryKey)).toBe(true);
    expect(isStale(ordersQueryOptions('user-1').queryKey)).toBe(false);
  });
});
