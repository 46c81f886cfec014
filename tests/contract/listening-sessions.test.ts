// The practice log against the local stack: the player's own transport (src/features/practice/session-sync.ts:
// a PostgREST upsert, keepalive or not), the log's read (practice-api.ts) and supabase-js as the app uses them,
// with the real migration and policies. Two devices of one account add up; a session sent twice counts once;
// audio not owned is refused for good; the sessions are in Download my data and go with the account.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/api/account-data';
import { fetchPracticeSessions } from '@/features/practice/practice-api';
import {
  restSessionTransport,
  SessionRefused,
  type ListeningSession,
} from '@/features/practice/session-sync';
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
  restSessionTransport({ url: stack.url, apiKey: stack.anonKey, client: () => Promise.resolve(client) });

async function ownedProduct(userId: string): Promise<string> {
  const products = await stack.db.query<{ id: string }>(
    `insert into public.purchases (user_id, product_id, title, category, price)
     select $1, p.id, p.title, p.category, 2.99 from public.products p
     where p.published order by p.slug limit 1
     returning product_id as id`,
    [userId],
  );
  return products.rows[0]!.id;
}

const session = (productId: string, seconds: number, finished = false): ListeningSession => ({
  id: crypto.randomUUID(),
  productId,
  day: '2026-11-25',
  startedAt: Date.now() - seconds * 1000,
  seconds,
  finished,
});

describe('listening sessions through the API', () => {
  it("two devices' sessions add up in the log; a session sent again (and with keepalive) counts once", async () => {
    const user = await confirmedUser(stack, 'sessions-a');
    const product = await ownedProduct(user.id);
    const phone = await signedInClient(stack, user.email, user.password);
    const laptop = await signedInClient(stack, user.email, user.password);
    const onPhone = session(product, 300);
    await transportFor(phone.client).write([onPhone], { keepalive: false });
    await transportFor(phone.client).write([{ ...onPhone, seconds: 420, finished: true }], {
      keepalive: true,
    });
    // Sent again late from the outbox, with an older total: the larger one stays.
    await transportFor(phone.client).write([onPhone], { keepalive: false });
    await transportFor(laptop.client).write([session(product, 600)], { keepalive: false });

    const read = await fetchPracticeSessions(laptop.client, user.id, '2026-11-01', '2026-11-30');
    expect(read.map((s) => s.seconds).sort((a, b) => a - b)).toEqual([420, 600]);
    expect(read.filter((s) => s.finished)).toHaveLength(1);
    expect(await fetchPracticeSessions(laptop.client, user.id, '2026-12-01', '2026-12-31')).toEqual([]);
  });

  it('refuses for good a session of audio the listener does not own, and shows nobody else', async () => {
    const [a, b] = [await confirmedUser(stack, 'sessions-b1'), await confirmedUser(stack, 'sessions-b2')];
    const owned = await ownedProduct(a.id);
    const other = await stack.db.query<{ id: string }>(
      `select id from public.products where published and id <> $1 order by slug limit 1`,
      [owned],
    );
    const aClient = (await signedInClient(stack, a.email, a.password)).client;
    const bClient = (await signedInClient(stack, b.email, b.password)).client;
    await transportFor(aClient).write([session(owned, 100)], { keepalive: false });
    await expect(
      transportFor(aClient).write([session(other.rows[0]!.id, 5)], { keepalive: false }),
    ).rejects.toBeInstanceOf(SessionRefused);
    await expect(
      transportFor(bClient).write([session(owned, 5)], { keepalive: false }),
    ).rejects.toBeInstanceOf(SessionRefused);
    expect(await fetchPracticeSessions(bClient, a.id, '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('is in Download my data and goes with the account', async () => {
    const user = await confirmedUser(stack, 'sessions-c');
    const product = await ownedProduct(user.id);
    const { client } = await signedInClient(stack, user.email, user.password);
    await transportFor(client).write([session(product, 421, true)], { keepalive: false });
    const data = await fetchAccountData(client);
    expect(data.listeningSessions).toEqual([
      expect.objectContaining({ productId: product, day: '2026-11-25', seconds: 421, finished: true }),
    ]);

    const { error } = await client.functions.invoke('delete-account', { body: {} });
    expect(error).toBeNull();
    const left = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.listening_sessions where user_id = $1',
      [user.id],
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
