// The local baseline behaves like a hosted Supabase project (supabase/local/README.md, "Hosted baseline"):
// who runs migrations, who owns what, how requests switch role, the per-role timeouts, the storage delete
// guard. Runs on PGlite and on the real PostgreSQL 17 server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, ENGINE, openTestDatabase } from './engine.ts';
import { contextFor, createUsers, probe, sqlState, type Users } from './helpers.ts';

let db: Database;
let users: Users;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('migrations and the seed run as postgres, as on hosted', () => {
  it('the session is postgres: not a superuser, bypasses RLS, may create roles and databases', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select session_user::text as session, current_user::text as current, r.rolsuper, r.rolbypassrls,
              r.rolcreaterole, r.rolcreatedb, r.rolcanlogin
       from pg_roles r where r.rolname = current_user`,
    );
    expect(rows).toEqual([
      {
        session: 'postgres',
        current: 'postgres',
        rolsuper: false,
        rolbypassrls: true,
        rolcreaterole: true,
        rolcreatedb: true,
        rolcanlogin: true,
      },
    ]);
  });

  it('the only superuser is supabase_admin', async () => {
    const { rows } = await db.query<{ rolname: string }>(`select rolname from pg_roles where rolsuper`);
    expect(rows.map((r) => r.rolname)).toEqual(['supabase_admin']);
  });

  it('auth belongs to supabase_auth_admin and storage to supabase_storage_admin, never to postgres', async () => {
    const { rows } = await db.query<{ schema: string; owners: string[] }>(
      `select n.nspname as schema, array_agg(distinct pg_get_userbyid(c.relowner) order by pg_get_userbyid(c.relowner)) as owners
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'S', 'v')
       group by n.nspname order by n.nspname`,
    );
    expect(rows).toEqual([
      { schema: 'auth', owners: ['supabase_auth_admin'] },
      { schema: 'storage', owners: ['supabase_storage_admin'] },
    ]);
    const schemas = await db.query<{ nspname: string; owner: string }>(
      `select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace
       where nspname in ('auth', 'storage') order by nspname`,
    );
    expect(schemas.rows).toEqual([
      { nspname: 'auth', owner: 'supabase_admin' },
      { nspname: 'storage', owner: 'supabase_admin' },
    ]);
  });

  it('every table, view and function the migrations made in public belongs to postgres', async () => {
    const { rows } = await db.query<{ owner: string; n: number }>(
      `select owner, count(*)::int as n from (
         select pg_get_userbyid(c.relowner) as owner from pg_class c
         where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'S')
         union all
         select pg_get_userbyid(p.proowner) from pg_proc p where p.pronamespace = 'public'::regnamespace
       ) o group by owner`,
    );
    expect(rows.map((r) => r.owner)).toEqual(['postgres']);
    expect(rows[0]!.n).toBeGreaterThan(10);
  });

  it('pg_trgm was created by postgres in extensions, as the platform allows (a trusted extension)', async () => {
    const { rows } = await db.query<{ extname: string; schema: string }>(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension
       where extname in ('pg_trgm', 'pgcrypto', 'uuid-ossp') order by extname`,
    );
    expect(rows).toEqual([
      { extname: 'pg_trgm', schema: 'extensions' },
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
  });

  it('postgres may create in its database, which puts extensions on every role’s search path', async () => {
    const { rows } = await db.query<{ can: boolean; settings: string }>(
      `select has_database_privilege('postgres', current_database(), 'CREATE') as can,
              (select array_to_string(setconfig, ';') from pg_db_role_setting
               where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database()))
                as settings`,
    );
    expect(rows[0]!.can).toBe(true);
    expect(rows[0]!.settings).toMatch(/^search_path=.*\bpublic, extensions$/);
  });

  it('postgres cannot become a superuser or grant itself one', async () => {
    await expect(db.query(`alter role postgres superuser`)).rejects.toMatchObject({ code: '42501' });
    await expect(db.query(`set role supabase_admin`)).rejects.toMatchObject({ code: '42501' });
  });
});

describe('requests switch role as PostgREST does, with the hosted timeouts', () => {
  const cases = [
    ['anon', 'anon', '3s', '8s'],
    ['customerA', 'authenticated', '8s', '8s'],
    ['service', 'service_role', '8s', '8s'],
  ] as const;
  for (const [actor, role, statementTimeout, lockTimeout] of cases) {
    it(`${role}: as authenticator, statement_timeout ${statementTimeout}, lock_timeout ${lockTimeout}, claims set`, async () => {
      const row = await withRequestContext(db, contextFor(actor, users), async (tx) => {
        const result = await tx.query<Record<string, string>>(
          `select session_user::text as session, current_user::text as role,
                  current_setting('statement_timeout') as statement_timeout,
                  current_setting('lock_timeout') as lock_timeout,
                  current_setting('request.jwt.claims') as claims, coalesce(auth.role(), '') as auth_role`,
        );
        return result.rows[0]!;
      });
      expect(row).toMatchObject({
        session: 'authenticator',
        role,
        statement_timeout: statementTimeout,
        lock_timeout: lockTimeout,
        auth_role: role,
      });
      expect(JSON.parse(row.claims!)).toEqual(contextFor(actor, users).claims);
    });
  }

  it('the timeouts are the roles’ own settings, as hosted sets them', async () => {
    const { rows } = await db.query<{ role: string; setting: string }>(
      `select r.rolname as role, unnest(s.setconfig) as setting
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where r.rolname in ('anon', 'authenticated', 'authenticator') and s.setdatabase = 0
       order by 1, 2`,
    );
    expect(rows.filter((r) => /timeout/.test(r.setting))).toEqual([
      { role: 'anon', setting: 'statement_timeout=3s' },
      { role: 'authenticated', setting: 'statement_timeout=8s' },
      { role: 'authenticator', setting: 'lock_timeout=8s' },
      { role: 'authenticator', setting: 'statement_timeout=8s' },
    ]);
  });

  it('the settings end with the request', async () => {
    await withRequestContext(db, contextFor('anon', users), (tx) => tx.query('select 1'));
    const { rows } = await db.query<{ role: string; claims: string }>(
      `select current_user::text as role, coalesce(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(rows).toEqual([{ role: 'postgres', claims: '' }]);
  });

  if (ENGINE === 'postgres') {
    // PGlite cannot cancel a running statement (no signals in WASM): there the REST layer meters embeds
    // against the same timeouts itself (rest-limits.ts). A real server cancels it.
    it('a statement past anon’s 3 s is cancelled (57014)', async () => {
      const result = await probe(db, contextFor('anon', users), 'select pg_sleep(3.5)');
      expect(result).toMatchObject({ ok: false, code: '57014' });
    });
  }
});

describe('storage.objects refuses direct SQL deletes, as hosted Storage does', () => {
  let objectId: string;

  beforeAll(async () => {
    const name = `previews/baseline-${Date.now()}.mp3`;
    const inserted = await db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name) values ('audio', $1) returning id::text as id`,
      [name],
    );
    objectId = inserted.rows[0]!.id;
  });

  for (const actor of ['anon', 'customerA', 'admin', 'service'] as const) {
    it(`refused for ${actor} (42501)`, async () => {
      const result = await probe(db, contextFor(actor, users), 'delete from storage.objects where id = $1', [
        objectId,
      ]);
      expect(result).toMatchObject({ ok: false, code: '42501' });
      if (!result.ok) expect(result.message).toMatch(/Use the Storage API instead/);
    });
  }

  it('refused for postgres too, and for buckets', async () => {
    const error = await db
      .query('delete from storage.objects where id = $1', [objectId])
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe('42501');
    const bucket = await db
      .query(`delete from storage.buckets where id = 'no-such-bucket'`)
      .catch((e: unknown) => e);
    expect(sqlState(bucket)).toBe('42501');
  });

  it('allowed where the Storage API sets storage.allow_delete_query, and RLS still decides', async () => {
    const deleted = await withRequestContext(db, contextFor('service', users), async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const result = await tx.query('delete from storage.objects where id = $1', [objectId]);
      await tx.rollback();
      return result.affectedRows;
    });
    expect(deleted).toBe(1);
    const customer = await withRequestContext(db, contextFor('customerA', users), async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const result = await tx.query('delete from storage.objects where id = $1', [objectId]);
      await tx.rollback();
      return result.affectedRows;
    });
    expect(customer).toBe(0);
  });
});
