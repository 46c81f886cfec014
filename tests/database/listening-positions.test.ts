// public.listening_positions (supabase/migrations/20261125500000_listening_positions.sql) as anon, two
// customers, an admin and the service role: a listener reads and writes only their own rows and only for audio
// they own; an older position sent late never overwrites a newer one; the rows go with the account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase } from './engine.ts';
import { openListenerDatabase, probe, type Users } from './helpers.ts';

// Every actor and two audios, customer A owning the first (openListenerDatabase).
let db: Database, users: Users, owned: string, notOwned: string;
let anon: RequestContext, customerA: RequestContext, customerB: RequestContext;
let admin: RequestContext, service: RequestContext;
const device = randomUUID();

const UPSERT = `insert into public.listening_positions (product_id, position_seconds, rate, device_id, device_kind, played_at)
  values ($1, $2, $3, $4, 'phone', $5)
  on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
    rate = excluded.rate, device_id = excluded.device_id, device_kind = excluded.device_kind,
    played_at = excluded.played_at`;

beforeAll(async () => {
  ({ db, users, anon, customerA, customerB, admin, service, owned, notOwned } = await openListenerDatabase());
  await db.query(
    `insert into public.listening_positions (user_id, product_id, position_seconds, rate, device_id, device_kind, played_at)
     values ($1, $2, 750, 1.25, $3, 'phone', now() - interval '1 day')`,
    [users.customerA, owned, device],
  );
});

afterAll(async () => {
  await closeTestDatabase(db);
});

const readAll = 'select user_id from public.listening_positions';

describe('listening_positions: who reads', () => {
  it('the owner reads their own row', async () => {
    expect(await probe(db, customerA, readAll)).toMatchObject({ ok: true, rows: 1 });
  });

  it('another customer and an admin read nothing', async () => {
    expect(await probe(db, customerB, readAll)).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, admin, readAll)).toMatchObject({ ok: true, rows: 0 });
  });

  it('anon has no privilege at all', async () => {
    expect(await probe(db, anon, readAll)).toMatchObject({ ok: false, code: '42501' });
  });

  it('the service role reads (export) but does not write', async () => {
    expect(await probe(db, service, readAll)).toMatchObject({ ok: true, rows: 1 });
    expect(
      await probe(db, service, 'update public.listening_positions set position_seconds = 1'),
    ).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('listening_positions: who writes', () => {
  it('the owner upserts a newer position of a track they own', async () => {
    const result = await withRequestContext(db, customerA, async (tx) => {
      await tx.query(UPSERT, [owned, 800, 1.5, randomUUID(), new Date().toISOString()]);
      const rows = await tx.query<{ position_seconds: number; rate: string }>(
        'select position_seconds, rate from public.listening_positions',
      );
      await tx.rollback();
      return rows.rows;
    });
    expect(result).toEqual([{ position_seconds: 800, rate: '1.50' }]);
  });

  it('a position older than the stored one (sent late, from offline) is skipped', async () => {
    const result = await withRequestContext(db, customerA, async (tx) => {
      await tx.query(UPSERT, [
        owned,
        30,
        1,
        randomUUID(),
        new Date(Date.now() - 3 * 86_400_000).toISOString(),
      ]);
      const rows = await tx.query<{ position_seconds: number }>(
        'select position_seconds from public.listening_positions',
      );
      await tx.rollback();
      return rows.rows;
    });
    expect(result).toEqual([{ position_seconds: 750 }]);
  });

  it('a device clock ahead of the server is capped at now', async () => {
    const result = await withRequestContext(db, customerA, async (tx) => {
      await tx.query(UPSERT, [owned, 900, 1, device, '2099-01-01T00:00:00Z']);
      const rows = await tx.query<{ future: boolean }>(
        'select played_at > now() as future from public.listening_positions',
      );
      await tx.rollback();
      return rows.rows;
    });
    expect(result).toEqual([{ future: false }]);
  });

  it('nobody saves a position of audio they do not own', async () => {
    const now = new Date().toISOString();
    expect(await probe(db, customerA, UPSERT, [notOwned, 10, 1, device, now])).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await probe(db, customerB, UPSERT, [owned, 10, 1, device, now])).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('nobody writes a row for someone else', async () => {
    expect(
      await probe(
        db,
        customerB,
        `insert into public.listening_positions (user_id, product_id, position_seconds, device_id, device_kind, played_at)
         values ($1, $2, 5, $3, 'phone', now())`,
        [users.customerA, owned, device],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(
      await probe(db, customerB, 'update public.listening_positions set position_seconds = 1'),
    ).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, customerB, 'delete from public.listening_positions')).toMatchObject({
      ok: true,
      rows: 0,
    });
    expect(
      await probe(db, customerA, 'update public.listening_positions set user_id = $1', [users.customerB]),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('the owner deletes their own rows', async () => {
    expect(await probe(db, customerA, 'delete from public.listening_positions')).toMatchObject({
      ok: true,
      rows: 1,
    });
  });

  it('values outside the ranges are refused', async () => {
    const now = new Date().toISOString();
    expect(await probe(db, customerA, UPSERT, [owned, -1, 1, device, now])).toMatchObject({
      ok: false,
      code: '23514',
    });
    expect(await probe(db, customerA, UPSERT, [owned, 10, 4, device, now])).toMatchObject({
      ok: false,
      code: '23514',
    });
  });

  it('the trigger function is not callable by the API roles', async () => {
    const granted = await db.query<{ role: string; can: boolean }>(
      `select r as role, has_function_privilege(r, 'public.listening_positions_keep_newest()', 'execute') as can
       from unnest(array['anon', 'authenticated', 'service_role']) r`,
    );
    expect(granted.rows.every((row) => !row.can)).toBe(true);
  });
});

describe('listening_positions: account deletion', () => {
  it('the rows go with the account', async () => {
    const count = await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.delete_account($1)', [users.customerA]);
      const rows = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.listening_positions where user_id = $1',
        [users.customerA],
      );
      await tx.rollback();
      return rows.rows[0]!.n;
    });
    expect(count).toBe(0);
  });
});
