// Attempts to get more than the policies give, insert_purchase, and the request-context guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUsers, probe, sqlState, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let anon: RequestContext;
let customerA: RequestContext;
let customerB: RequestContext;
let admin: RequestContext;
let service: RequestContext;
let orderB: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  anon = contextFor('anon', users);
  customerA = contextFor('customerA', users);
  customerB = contextFor('customerB', users);
  admin = contextFor('admin', users);
  service = contextFor('service', users);
  const order = await db.query<{ id: string }>(
    `insert into public.orders (user_id, status, amount_pence) values ($1, 'paid', 299) returning id`,
    [users.customerB],
  );
  orderB = order.rows[0]!.id;
});

afterAll(async () => {
  await closeTestDatabase(db);
});

const INSERT_PURCHASE = 'select public.insert_purchase($1, $2, $3, $4, $5) as id';

describe('escalation attempts fail', () => {
  it('a customer cannot make themselves admin', async () => {
    const result = await probe(
      db,
      customerA,
      `insert into public.user_roles (user_id, role) values ($1, 'admin')`,
      [users.customerA],
    );
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('a customer cannot turn their own role row into admin', async () => {
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'customer')`, [
      users.customerB,
    ]);
    const result = await probe(
      db,
      customerB,
      `update public.user_roles set role = 'admin' where user_id = $1`,
      [users.customerB],
    );
    // There is no update policy on user_roles, so no API role holds UPDATE on it at all.
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('a customer cannot insert a purchase', async () => {
    const result = await probe(
      db,
      customerA,
      `insert into public.purchases (user_id, title, category, price) values ($1, 'Free audio', 'Confidence', 0)`,
      [users.customerA],
    );
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('a customer cannot call insert_purchase', async () => {
    const result = await probe(db, customerA, INSERT_PURCHASE, [
      users.customerA,
      'Stop Smoking for Good',
      'Smoking Cessation',
      0,
      '#',
    ]);
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('anon cannot call insert_purchase', async () => {
    const result = await probe(db, anon, INSERT_PURCHASE, [
      users.customerA,
      'Stop Smoking for Good',
      'Smoking Cessation',
      0,
      '#',
    ]);
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it("a customer cannot update another customer's order, and it stays unchanged", async () => {
    const result = await probe(
      db,
      customerA,
      `update public.orders set user_id = $1, status = 'cancelled' where id = $2`,
      [users.customerA, orderB],
    );
    // Only the service role holds UPDATE on orders.
    expect(result).toMatchObject({ ok: false, code: '42501' });
    const row = await db.query<{ user_id: string; status: string }>(
      'select user_id, status from public.orders where id = $1',
      [orderB],
    );
    expect(row.rows[0]).toEqual({ user_id: users.customerB, status: 'paid' });
  });

  it('a customer cannot update their own order either', async () => {
    const result = await probe(db, customerB, `update public.orders set status = 'fulfilled' where id = $1`, [
      orderB,
    ]);
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('anon cannot call is_admin', async () => {
    const result = await probe(db, anon, 'select public.is_admin()');
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('is_admin answers for the caller', async () => {
    expect(await probe(db, admin, 'select public.is_admin() as yes')).toMatchObject({
      ok: true,
      values: [{ yes: true }],
    });
    expect(await probe(db, customerA, 'select public.is_admin() as yes')).toMatchObject({
      ok: true,
      values: [{ yes: false }],
    });
  });

  it('is_admin cannot be asked about another user id', async () => {
    const about = await probe(db, customerA, 'select public.is_admin($1::uuid) as yes', [users.admin]);
    expect(about).toMatchObject({ ok: false, code: '42883' });
    // The policies' helper lives outside every schema the API exposes.
    const exposed = await db.query<{ schema: string; args: string }>(
      `select n.nspname as schema, pg_get_function_identity_arguments(p.oid) as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'is_admin' order by 1`,
    );
    expect(exposed.rows).toEqual([
      { schema: 'private', args: 'uid uuid' },
      { schema: 'public', args: '' },
    ]);
  });

  it('an admin cannot remove their own admin role (by delete or update)', async () => {
    const del = await probe(
      db,
      admin,
      `delete from public.user_roles where user_id = $1 and role = 'admin'`,
      [users.admin],
    );
    expect(del).toMatchObject({ ok: false, code: '42501' });
    // The fixture's only admin: the last-admin guard (admin migration) or the self-removal guard refuses it;
    // tests/database/admin-policies.test.ts covers self-removal with a second admin present.
    expect(del.ok ? '' : del.message).toMatch(
      /cannot remove their own admin role|last admin cannot be removed/,
    );
    // There is no update policy on user_roles, so no API role holds UPDATE on it: demoting is refused outright.
    const demote = await probe(
      db,
      admin,
      `update public.user_roles set role = 'customer' where user_id = $1`,
      [users.admin],
    );
    expect(demote).toMatchObject({ ok: false, code: '42501' });
    expect(await probe(db, admin, 'select public.is_admin() as yes')).toMatchObject({
      values: [{ yes: true }],
    });
  });

  it('the self-removal guard also holds for a direct update in an admin context', async () => {
    // Defence in depth behind the missing update policy: the trigger refuses even when RLS is not in the way
    // (here the postgres connection, which bypasses RLS, with the admin's claims).
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: users.admin, role: 'authenticated' }),
        ]);
        await tx.query(
          `update public.user_roles set role = 'customer' where user_id = $1 and role = 'admin'`,
          [users.admin],
        );
      }),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('an admin can grant and revoke roles of others', async () => {
    await withRequestContext(db, admin, async (tx) => {
      await tx.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [users.customerA]);
      const removed = await tx.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [
        users.customerA,
      ]);
      expect(removed.affectedRows).toBe(1);
      await tx.rollback();
    });
  });

  it('a customer cannot read auth.users or the migrations record', async () => {
    expect(await probe(db, customerA, 'select email from auth.users')).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await probe(db, anon, 'select version from supabase_migrations.schema_migrations')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('a customer cannot truncate a table (TRUNCATE would ignore RLS)', async () => {
    expect(await probe(db, customerA, 'truncate public.purchases')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('a customer cannot read full audio they did not buy', async () => {
    await db.query(
      `insert into storage.objects (bucket_id, name) values ('audio', 'full/fearless-flying.mp3')`,
    );
    const result = await probe(
      db,
      customerA,
      `select 1 from storage.objects where name = 'full/fearless-flying.mp3'`,
    );
    expect(result).toMatchObject({ ok: true, rows: 0 });
  });

  it('claims naming another role do not change the database role', async () => {
    const ctx: RequestContext = {
      role: 'authenticated',
      claims: { sub: users.customerA, role: 'service_role' },
    };
    const result = await probe(db, ctx, 'select current_user as role');
    expect(result).toMatchObject({ ok: true, values: [{ role: 'authenticated' }] });
    expect(await probe(db, ctx, 'select 1 from public.orders')).toMatchObject({ ok: true, rows: 0 });
  });
});

describe('withRequestContext', () => {
  it('runs as authenticator switching to the request role, as PostgREST does, so RLS applies', async () => {
    const values = await withRequestContext(db, customerA, async (tx) => {
      const r = await tx.query<{
        current: string;
        session: string;
        uid: string;
        role: string;
        email: string;
      }>(
        'select current_user as current, session_user as session, auth.uid() as uid, auth.role() as role, auth.email() as email',
      );
      return r.rows[0];
    });
    expect(values).toEqual({
      current: 'authenticated',
      session: 'authenticator',
      uid: users.customerA,
      role: 'authenticated',
      email: 'customerA@example.test',
    });
    const after = await db.query<{ current: string; claims: string | null }>(
      `select current_user as current, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows[0]).toEqual({ current: 'postgres', claims: null });
  });

  it('exposes the claims through auth.jwt()', async () => {
    const jwt = await withRequestContext(
      db,
      customerB,
      async (tx) => (await tx.query<{ jwt: unknown }>('select auth.jwt() as jwt')).rows[0]?.jwt,
    );
    expect(jwt).toMatchObject({ sub: users.customerB, role: 'authenticated' });
  });

  it('ignores legacy per-claim settings left on the connection', async () => {
    // The connection requests run on (on the real server, authenticator's).
    const connection = db.requestDatabase ?? db;
    await connection.query(`select set_config('request.jwt.claim.sub', $1, false)`, [users.admin]);
    try {
      const uid = await withRequestContext(
        db,
        customerA,
        async (tx) => (await tx.query<{ uid: string }>('select auth.uid() as uid')).rows[0]?.uid,
      );
      expect(uid).toBe(users.customerA);
    } finally {
      await connection.query(`select set_config('request.jwt.claim.sub', '', false)`);
    }
  });

  it('accepts only the three API roles', async () => {
    for (const role of ['postgres', 'supabase_admin', 'authenticator', 'service_role ', 'ANON', '']) {
      await expect(
        withRequestContext(db, { role: role as RequestContext['role'], claims: {} }, async () => 1),
      ).rejects.toThrow(TypeError);
    }
  });

  it('rejects claims that are not a plain object, and unknown settings', async () => {
    await expect(
      withRequestContext(
        db,
        { role: 'anon', claims: [] as unknown as Record<string, unknown> },
        async () => 1,
      ),
    ).rejects.toThrow(TypeError);
    await expect(
      withRequestContext(
        db,
        {
          role: 'anon',
          claims: {},
          settings: { role: 'service_role' } as unknown as RequestContext['settings'],
        },
        async () => 1,
      ),
    ).rejects.toThrow(TypeError);
  });

  it('sets the allowed request settings for the transaction only', async () => {
    const headers = JSON.stringify({ 'x-client-info': "it's, {quoted}" });
    const values = await withRequestContext(
      db,
      {
        role: 'anon',
        claims: { role: 'anon' },
        settings: { 'request.method': 'GET', 'request.headers': headers },
      },
      async (tx) =>
        (
          await tx.query<{ m: string; h: string }>(
            `select current_setting('request.method', true) as m, current_setting('request.headers', true) as h`,
          )
        ).rows[0],
    );
    expect(values).toEqual({ m: 'GET', h: headers });
    const after = await db.query<{ m: string | null }>(
      `select nullif(current_setting('request.method', true), '') as m`,
    );
    expect(after.rows[0]?.m).toBeNull();
  });

  it('rolls back everything when the callback throws', async () => {
    await expect(
      withRequestContext(db, service, async (tx) => {
        await tx.query(
          `insert into public.orders (user_id, amount_pence, stripe_session_id) values ($1, 1, 'cs_rollback')`,
          [users.customerA],
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query(`select 1 from public.orders where stripe_session_id = 'cs_rollback'`);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('insert_purchase (service role)', () => {
  it('returns the new id; the purchase is visible to its owner and admins only', async () => {
    const id = await withRequestContext(db, service, async (tx) => {
      const r = await tx.query<{ id: string }>(INSERT_PURCHASE, [
        users.customerA,
        'Calm Before Exams',
        'Exams',
        '2.99',
        '#',
      ]);
      return r.rows[0]?.id;
    });
    expect(id).toMatch(UUID);

    const read =
      'select title, category, price::text as price, download_url, product_id is not null as linked from public.purchases where id = $1';
    expect(await probe(db, customerA, read, [id])).toMatchObject({
      ok: true,
      values: [
        { title: 'Calm Before Exams', category: 'Exams', price: '2.99', download_url: '#', linked: true },
      ],
    });
    expect(await probe(db, admin, read, [id])).toMatchObject({ ok: true, rows: 1 });
    expect(await probe(db, customerB, read, [id])).toMatchObject({ ok: true, rows: 0 });
    // anon holds no privilege on purchases at all.
    expect(await probe(db, anon, read, [id])).toMatchObject({ ok: false, code: '42501' });
  });

  it('gives nobody but admins the full audio object, not even its owner (links come from audio-url)', async () => {
    const product = await db.query<{ audio_path: string }>(
      `select audio_path from public.products where slug = 'calm-before-exams'`,
    );
    const name = product.rows[0]?.audio_path ?? '';
    expect(name).toMatch(/^full\/[0-9a-f-]{36}\.mp3$/); // named by id, never by title
    await db.query(`insert into storage.objects (bucket_id, name) values ('audio', $1)`, [name]);
    const read = `select 1 from storage.objects where bucket_id = 'audio' and name = $1`;
    // Storage signs what RLS lets the caller read: an owner who could read it could sign it for years.
    expect(await probe(db, customerA, read, [name])).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, customerB, read, [name])).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, admin, read, [name])).toMatchObject({ ok: true, rows: 1 });
  });

  it('returns the existing purchase when the same product is recorded twice', async () => {
    const call = (): Promise<string | undefined> =>
      withRequestContext(
        db,
        service,
        async (tx) =>
          (
            await tx.query<{ id: string }>(INSERT_PURCHASE, [
              users.customerB,
              'Fearless Flying',
              'Fears and Phobias',
              2.99,
              '#',
            ])
          ).rows[0]?.id,
      );
    const first = await call();
    const second = await call();
    expect(second).toBe(first);
    const count = await db.query<{ n: number }>(
      `select count(*)::int as n from public.purchases where user_id = $1 and title = 'Fearless Flying'`,
      [users.customerB],
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it('records an item that is not in the catalogue without linking a product', async () => {
    const result = await probe(db, service, INSERT_PURCHASE, [
      users.customerB,
      'Legacy Bundle',
      'Confidence',
      6.99,
      '#',
    ]);
    expect(result).toMatchObject({ ok: true, rows: 1 });
  });

  it.each([
    ['a null title', [null, 'Exams', 2.99]],
    ['a blank title', ['   ', 'Exams', 2.99]],
    ['a negative price', ['Calm Before Exams', 'Exams', -1]],
    ['a null price', ['Calm Before Exams', 'Exams', null]],
  ])('rejects %s with 22023', async (_label, [title, category, price]) => {
    const result = await probe(db, service, INSERT_PURCHASE, [users.customerB, title, category, price, '#']);
    expect(result).toMatchObject({ ok: false, code: '22023' });
  });

  it('rejects a user that does not exist (23503)', async () => {
    const result = await probe(db, service, INSERT_PURCHASE, [
      '00000000-0000-4000-8000-000000000000',
      'Calm Before Exams',
      'Exams',
      2.99,
      '#',
    ]);
    expect(result).toMatchObject({ ok: false, code: '23503' });
  });
});

describe('constraints', () => {
  it('one purchase per user and product (23505)', async () => {
    const sql = `insert into public.purchases (user_id, product_id, title, category, price)
                 select $1, id, title, category, 2.99 from public.products where slug = 'wake-refreshed'`;
    await db.query(sql, [users.customerB]);
    try {
      await db.query(sql, [users.customerB]);
      expect.unreachable('second insert should fail');
    } catch (error) {
      expect(sqlState(error)).toBe('23505');
    }
  });

  it('order status is one of the known states', async () => {
    const result = await probe(
      db,
      service,
      `insert into public.orders (user_id, status, amount_pence) values ($1, 'shipped', 299)`,
      [users.customerA],
    );
    expect(result).toMatchObject({ ok: false, code: '23514' });
  });

  it('prices are positive', async () => {
    // As an admin: the catalogue's writers (the service role only reads it).
    const result = await probe(
      db,
      admin,
      `insert into public.products (slug, title, category, price_pence) values ('free', 'Free', 'Exams', 0)`,
    );
    expect(result).toMatchObject({ ok: false, code: '23514' });
  });

  it('updated_at moves on update', async () => {
    const before = await db.query<{ updated_at: Date }>(
      `select updated_at from public.products where slug = 'tennis-focus'`,
    );
    await db.query(`update public.products set title = title where slug = 'tennis-focus'`);
    const after = await db.query<{ updated_at: Date }>(
      `select updated_at from public.products where slug = 'tennis-focus'`,
    );
    expect(after.rows[0]!.updated_at.getTime()).toBeGreaterThan(before.rows[0]!.updated_at.getTime());
  });
});
