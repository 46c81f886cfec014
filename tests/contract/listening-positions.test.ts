// Resume on any device against the local stack: the player's own transport (src/features/player/position-sync.ts:
// a PostgREST upsert, keepalive or not) and supabase-js as the app uses them, the real migration and policies.
// One account on two "devices" (two sessions); a position sent late never overwrites a newer one; the
// positions are in Download my data and go with the account.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/api/account-data';
import { restTransport, type ListeningPosition } from '@/features/player/position-sync';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, signedInClient, startTestStack } from './support/stack.ts';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const transportFor = (client: SupabaseClient) =>
  restTransport({ url: stack.url, apiKey: stack.anonKey, client: () => Promise.resolve(client) });

async function ownedProducts(userId: string, n: number): Promise<string[]> {
  const products = await stack.db.query<{ id: string }>(
    `insert into public.purchases (user_id, product_id, title, category, price)
     select $1, p.id, p.title, p.category, 2.99 from public.products p
     where p.published order by p.slug limit $2
     returning product_id as id`,
    [userId, n],
  );
  return products.rows.map((row) => row.id);
}

const position = (productId: string, seconds: number, deviceId: string, playedAt: number): ListeningPosition => ({
  productId,
  seconds,
  rate: 1.25,
  deviceId,
  deviceKind: 'phone',
  playedAt,
});

describe('listening positions through the API', () => {
  it('a position saved on one device is read on another; an older one sent late is ignored', async () => {
    const user = await confirmedUser(stack, 'positions-a');
    const [product] = await ownedProducts(user.id, 1);
    const phone = transportFor((await signedInClient(stack, user.email, user.password)).client);
    const laptop = transportFor((await signedInClient(stack, user.email, user.password)).client);
    const phoneId = crypto.randomUUID();
    const now = Date.now();

    await phone.write([position(product!, 750, phoneId, now - 1000)], { keepalive: false });
    // The page was hidden: the same request with keepalive.
    await phone.write([position(product!, 760, phoneId, now)], { keepalive: true });
    expect(await laptop.read()).toEqual([
      { productId: product, seconds: 760, rate: 1.25, deviceId: phoneId, deviceKind: 'phone', playedAt: now },
    ]);

    // The laptop was offline yesterday and only now sends what it had then.
    await laptop.write([position(product!, 30, crypto.randomUUID(), now - 86_400_000)], { keepalive: false });
    expect((await phone.read())[0]).toMatchObject({ seconds: 760, deviceId: phoneId });
  });

  it('refuses positions of audio the listener does not own, and shows nobody else', async () => {
    const [a, b] = [await confirmedUser(stack, 'positions-b1'), await confirmedUser(stack, 'positions-b2')];
    const [owned] = await ownedProducts(a.id, 1);
    const other = await stack.db.query<{ id: string }>(
      `select id from public.products where published and id <> $1 order by slug limit 1`,
      [owned],
    );
    const aTransport = transportFor((await signedInClient(stack, a.email, a.password)).client);
    const bTransport = transportFor((await signedInClient(stack, b.email, b.password)).client);
    await aTransport.write([position(owned!, 100, crypto.randomUUID(), Date.now())], { keepalive: false });
    await expect(
      aTransport.write([position(other.rows[0]!.id, 5, crypto.randomUUID(), Date.now())], { keepalive: false }),
    ).rejects.toThrow(/403|401/);
    await expect(
      bTransport.write([position(owned!, 5, crypto.randomUUID(), Date.now())], { keepalive: false }),
    ).rejects.toThrow(/403|401/);
    expect(await bTransport.read()).toEqual([]);
  });

  it('is in Download my data and goes with the account', async () => {
    const user = await confirmedUser(stack, 'positions-c');
    const [product] = await ownedProducts(user.id, 1);
    const { client } = await signedInClient(stack, user.email, user.password);
    await transportFor(client).write([position(product!, 421, crypto.randomUUID(), Date.now())], {
      keepalive: false,
    });
    const data = await fetchAccountData(client);
    expect(data.listeningPositions).toEqual([
      expect.objectContaining({ productId: product, positionSeconds: 421, rate: 1.25, deviceKind: 'phone' }),
    ]);

    const { error } = await client.functions.invoke('delete-account', { body: {} });
    expect(error).toBeNull();
    const left = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.listening_positions where user_id = $1',
      [user.id],
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
