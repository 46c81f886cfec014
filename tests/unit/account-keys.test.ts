import { describe, expect, it } from 'vitest';
import { accountKeys } from '@/features/account/api/account-keys';
import { appointmentsQuery } from '@/features/account/api/appointments';
import { ordersQuery } from '@/features/account/api/orders';
import { createQueryClient, queryKeyRoots } from '@/lib/query-client';

// My Account's reads are keyed under the account root, one key per entity and user, so deleting the account
// (src/features/account/api/delete-account.ts) drops every one of them and nothing of another user's.

describe("My Account's query keys", () => {
  it('put each read under the account root, per entity and per user', () => {
    expect(ordersQuery('user-1').queryKey).toEqual([...queryKeyRoots.account, 'orders', 'user-1']);
    expect(appointmentsQuery('user-1').queryKey).toEqual([
      ...queryKeyRoots.account,
      'appointments',
      'user-1',
    ]);
    expect(ordersQuery('user-1').queryKey).not.toEqual(ordersQuery('user-2').queryKey);
  });

  it("removing the root drops every account read and leaves the dashboard's", () => {
    const client = createQueryClient();
    client.setQueryData(ordersQuery('user-1').queryKey, []);
    client.setQueryData(appointmentsQuery('user-1').queryKey, []);
    client.setQueryData([...queryKeyRoots.admin, 'orders'], []);
    client.removeQueries({ queryKey: accountKeys.all });
    expect(client.getQueryData(ordersQuery('user-1').queryKey)).toBeUndefined();
    expect(client.getQueryData(appointmentsQuery('user-1').queryKey)).toBeUndefined();
    expect(client.getQueryData([...queryKeyRoots.admin, 'orders'])).toEqual([]);
  });
});
