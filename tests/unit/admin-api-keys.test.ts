// The admin reads' one key factory (src/lib/admin-api/keys.ts), shared by the dashboard and the programmes
// screens: a write in either refreshes the other's reads through these keys.
import { describe, expect, it } from 'vitest';
import { adminKeys, refreshAdminAreas } from '@/lib/admin-api/keys';
import { createQueryClient, queryKeyRoots } from '@/lib/query-client';

describe('the admin key factory', () => {
  it('roots every admin read, appointments included, in the admin area', () => {
    expect(adminKeys.customerPurchases('u1')).toEqual(['admin', 'customer-purchases', 'u1']);
    expect(adminKeys.products('')).toEqual(['admin', 'products', '']);
    expect(adminKeys.appointments()).toEqual(['admin', 'appointments', 'list']);
    expect(adminKeys.upcomingAppointments()).toEqual(['admin', 'appointments', 'upcoming-count']);
    expect(adminKeys.clientAppointments('u1')).toEqual(['admin', 'appointments', 'client', 'u1']);
    expect(adminKeys.all).toBe(queryKeyRoots.admin);
  });

  it('a write marks the areas it names and the activity log stale, and no other', async () => {
    const client = createQueryClient();
    client.setQueryData(adminKeys.customerPurchases('u1'), []);
    client.setQueryData(adminKeys.activity('all', 0), []);
    client.setQueryData(adminKeys.products(''), []);
    client.setQueryData([...queryKeyRoots.programmes, 'templates'], []);
    await refreshAdminAreas(client, ['customer-purchases']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(adminKeys.customerPurchases('u1'))).toBe(true);
    expect(stale(adminKeys.activity('all', 0))).toBe(true);
    expect(stale(adminKeys.products(''))).toBe(false);
    expect(stale([...queryKeyRoots.programmes, 'templates'])).toBe(false);
  });
});
