import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAdminRole, fetchPurchases, toPurchase, type PurchaseRow } from '@/features/auth/auth-api';

const row: PurchaseRow = {
  id: 'p1',
  title: 'Deep Sleep',
  category: 'Insomnia',
  price: '2.99',
  created_at: '2026-03-04T23:30:00.000+00:00',
  download_url: 'audio/insomnia/deep-sleep.mp3',
  product_id: 'prod-1',
  order_id: 'order-1',
};

describe('toPurchase (docs/product-rules.md §3)', () => {
  it('maps a row to the app shape: YYYY-MM-DD date, numeric price, stream URL from download_url', () => {
    expect(toPurchase(row)).toEqual({
      id: 'p1',
      title: 'Deep Sleep',
      category: 'Insomnia',
      purchaseDate: '2026-03-04',
      price: 2.99,
      streamUrl: 'audio/insomnia/deep-sleep.mp3',
      productId: 'prod-1',
      orderId: 'order-1',
    });
  });

  it('keeps numeric prices and tolerates a missing category and URL', () => {
    expect(
      toPurchase({ ...row, price: 6.99, category: null, download_url: null, product_id: null, order_id: null }),
    ).toMatchObject({
      price: 6.99,
      category: '',
      streamUrl: null,
      productId: null,
      orderId: null,
    });
  });

  it("carries the product's stored length, when it has one, for the player", () => {
    expect(toPurchase({ ...row, products: { duration_seconds: 1800 } }).duration).toBe(1800);
    expect(toPurchase({ ...row, products: { duration_seconds: null } })).not.toHaveProperty('duration');
    expect(toPurchase({ ...row, products: null })).not.toHaveProperty('duration');
  });

  it('gives the UTC date of the timestamp', () => {
    expect(toPurchase({ ...row, created_at: '2026-03-05T00:30:00+01:00' }).purchaseDate).toBe('2026-03-04');
  });
});

/** A PostgREST-like builder that records its calls and answers with `result`. */
function fakeClient(result: { data: unknown; error: unknown } | Error) {
  const calls: [string, ...unknown[]][] = [];
  const builder: Record<string, unknown> = {};
  for (const name of ['select', 'eq', 'order', 'maybeSingle']) {
    builder[name] = (...args: unknown[]) => {
      calls.push([name, ...args]);
      return builder;
    };
  }
  builder.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
    (result instanceof Error ? Promise.reject(result) : Promise.resolve(result)).then(resolve, reject);
  const from = vi.fn((table: string) => {
    calls.push(['from', table]);
    return builder;
  });
  return { client: { from } as unknown as SupabaseClient, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('fetchPurchases', () => {
  it("selects the user's purchases newest first and maps them", async () => {
    const { client, calls } = fakeClient({ data: [row, { ...row, id: 'p0' }], error: null });
    const purchases = await fetchPurchases(client, 'user-1');
    expect(purchases?.map((p) => p.id)).toEqual(['p1', 'p0']);
    expect(calls).toEqual([
      ['from', 'purchases'],
      ['select', '*, products(duration_seconds)'],
      ['eq', 'user_id', 'user-1'],
      ['order', 'created_at', { ascending: false }],
    ]);
  });

  it('only warns (docs/product-rules.md §8) and gives null on an error or a throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      fetchPurchases(fakeClient({ data: null, error: { message: 'JWT expired' } }).client, 'u'),
    ).resolves.toBeNull();
    await expect(
      fetchPurchases(fakeClient(new TypeError('Failed to fetch')).client, 'u'),
    ).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('checkAdminRole (docs/product-rules.md §7)', () => {
  it('asks for a single admin row of the user', async () => {
    const { client, calls } = fakeClient({ data: { role: 'admin' }, error: null });
    await expect(checkAdminRole(client, 'user-1')).resolves.toBe('admin');
    expect(calls).toEqual([
      ['from', 'user_roles'],
      ['select', 'role'],
      ['eq', 'user_id', 'user-1'],
      ['eq', 'role', 'admin'],
      ['maybeSingle'],
    ]);
  });

  it('treats no row (or a PGRST116 for it) as not an admin, quietly', async () => {
    const warn = vi.spyOn(console, 'warn');
    await expect(checkAdminRole(fakeClient({ data: null, error: null }).client, 'u')).resolves.toBe(
      'not-admin',
    );
    const { client } = fakeClient({ data: null, error: { code: 'PGRST116', message: 'Cannot coerce' } });
    await expect(checkAdminRole(client, 'u')).resolves.toBe('not-admin');
    expect(warn).not.toHaveBeenCalled();
  });

  it('reports other failures as failed, with a warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      checkAdminRole(fakeClient({ data: null, error: { code: '42501', message: 'denied' } }).client, 'u'),
    ).resolves.toBe('failed');
    await expect(checkAdminRole(fakeClient(new TypeError('Failed to fetch')).client, 'u')).resolves.toBe(
      'failed',
    );
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
