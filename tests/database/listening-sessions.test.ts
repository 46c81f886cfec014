// public.listening_sessions (supabase/migrations/20261126200000_listening_sessions.sql) as anon, two customers,
// an admin and the service role: a listener reads and writes only their own sessions and only for audio they
// own; a session's total only grows (a repeated or late write never counts twice or lowers it); the rows go
// with the account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase } from './engine.ts';
import { openListenerDatabase, probe, type Users } from './helpers.ts';

// Every actor and two audios, customer A owning the first (openListenerDatabase).
let db: Database, users: Users, owned: string, notOwned: string;
let anon: RequestContext, customerA: RequestContext, customerB: RequestContext;
let admin: RequestContext, service: RequestContext;
const session = randomUUID();

// What the player sends (PostgREST's upsert on the primary key).
const UPSERT = `insert into public.listening_sessions (id, product_id, listened_on, started_at, seconds, finished)
  values ($1, $2, $3, $4, $5, $6)
  on conflict (user_id, id) do update set product_id = excluded.product_id, listened_on = excluded.listened_on,
    started_at = excluded.started_at, seconds = excluded.seconds, finished = excluded.finished`;

beforeAll(async () => {
  ({ db, users, anon, customerA, customerB, admin, service, owned, notOwned } = await openListenerDatabase());
  await db.query(
    `insert into public.listening_sessions (user_id, id, product_id, listened_on, started_at, seconds, finished)
     values ($1, $2, $3, date '2026-11-20', timestamptz '2026-11-20T21:30:00Z', 600, false)`,
    [users.customerA, session, owned],
  );
});

afterAll(async () => {
  await closeTestDatabase(db);
});

const readAll = 'select user_id from public.listening_sessions';

async function asA<T>(statements: (tx: { query: Database['query'] }) => Promise<T>): Promise<T> {
  return withRequestContext(db, customerA, async (tx) => {
    const result = await statements(tx);
    await tx.rollback();
    return result;
  });
}

describe('listening_sessions: who reads', () => {
  it('the owner reads their own sessions', async () => {
    expect(await probe(db, customerA, readAll)).toMatchObject({ ok: true, rows: 1 });
  });

  it('another customer and an admin read nothing', async () => {
    expect(await probe(db, customerB, readAll)).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, admin, readAll)).toMatchObject({ ok: true, rows: 0 });
  });

  it('anon has no privilege at all', async () => {
    expect(await probe(db, anon, readAll)).toMatchObject({ ok: false, code: '42501' });
    expect(
      await probe(db, anon, UPSERT, [randomUUID(), owned, '2026-11-21', new Date().toISOString(), 5, false]),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('the service role reads (export) but does not write', async () => {
    expect(await probe(db, service, readAll)).toMatchObject({ ok: true, rows: 1 });
    expect(await probe(db, service, 'update public.listening_sessions set seconds = 1')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('listening_sessions: who writes', () => {
  it('the owner records a new session of a track they own', async () => {
    const rows = await asA(async (tx) => {
      await tx.query(UPSERT, [randomUUID(), owned, '2026-11-22', '2026-11-22T07:00:00Z', 300, true]);
      return (
        await tx.query<{ seconds: number }>('select seconds from public.listening_sessions order by seconds')
      ).rows;
    });
    expect(rows).toEqual([{ seconds: 300 }, { seconds: 600 }]);
  });

  it('a session only grows: a repeated or late write neither lowers it nor un-finishes it', async () => {
    const rows = await asA(async (tx) => {
      await tx.query(UPSERT, [session, owned, '2026-11-20', '2026-11-20T21:30:00Z', 900, true]);
      await tx.query(UPSERT, [session, owned, '2026-11-20', '2026-11-20T21:30:00Z', 450, false]);
      return (
        await tx.query<{ seconds: number; finished: boolean }>(
          'select seconds, finished from public.listening_sessions where id = $1',
          [session],
        )
      ).rows;
    });
    expect(rows).toEqual([{ seconds: 900, finished: true }]);
  });

  it('what a session is (track, day, start) does not change once written', async () => {
    const rows = await asA(async (tx) => {
      await tx.query(UPSERT, [session, owned, '2026-11-24', '2026-11-24T08:00:00Z', 700, false]);
      return (
        await tx.query<{ day: string }>(
          `select to_char(listened_on, 'YYYY-MM-DD') as day from public.listening_sessions where id = $1`,
          [session],
        )
      ).rows;
    });
    expect(rows).toEqual([{ day: '2026-11-20' }]);
  });

  it('a start ahead of the server clock is capped at now', async () => {
    const rows = await asA(async (tx) => {
      await tx.query(UPSERT, [randomUUID(), owned, '2026-11-22', '2099-01-01T00:00:00Z', 60, false]);
      return (
        await tx.query<{ future: boolean }>(
          'select bool_or(started_at > now()) as future from public.listening_sessions',
        )
      ).rows;
    });
    expect(rows).toEqual([{ future: false }]);
  });

  it('nobody records listening to audio they do not own', async () => {
    const at = new Date().toISOString();
    expect(
      await probe(db, customerA, UPSERT, [randomUUID(), notOwned, '2026-11-22', at, 5, false]),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(
      await probe(db, customerB, UPSERT, [randomUUID(), owned, '2026-11-22', at, 5, false]),
    ).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it("nobody writes, moves or deletes someone else's session", async () => {
    expect(
      await probe(
        db,
        customerB,
        `insert into public.listening_sessions (user_id, id, product_id, listened_on, started_at, seconds)
         values ($1, $2, $3, date '2026-11-22', now(), 5)`,
        [users.customerA, randomUUID(), owned],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(await probe(db, customerB, 'update public.listening_sessions set seconds = 1')).toMatchObject({
      ok: true,
      rows: 0,
    });
    expect(
      await probe(db, customerA, 'update public.listening_sessions set user_id = $1', [users.customerB]),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('nobody deletes a session through the API (it goes with the account)', async () => {
    expect(await probe(db, customerA, 'delete from public.listening_sessions')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('values outside the ranges are refused', async () => {
    const at = new Date().toISOString();
    expect(
      await probe(db, customerA, UPSERT, [randomUUID(), owned, '2026-11-22', at, -1, false]),
    ).toMatchObject({
      ok: false,
      code: '23514',
    });
    expect(
      await probe(db, customerA, UPSERT, [randomUUID(), owned, '2026-11-22', at, 90_000, false]),
    ).toMatchObject({ ok: false, code: '23514' });
  });

  it('the trigger function is not callable by the API roles', async () => {
    const granted = await db.query<{ can: boolean }>(
      `select has_function_privilege(r, 'public.listening_sessions_only_grow()', 'execute') as can
       from unnest(array['anon', 'authenticated', 'service_role']) r`,
    );
    expect(granted.rows.map((row) => row.can)).toEqual([false, false, false]);
  });
});

describe('listening_sessions: account deletion', () => {
  it('the sessions go with the account', async () => {
    const count = await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.delete_account($1)', [users.customerA]);
      const rows = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.listening_sessions where user_id = $1',
        [users.customerA],
      );
      await tx.rollback();
      return rows.rows[0]!.n;
    });
    expect(count).toBe(0);
  });
});
