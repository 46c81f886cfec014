// Every table, view, sequence and function in the schemas the migrations own, with what each API role may do
// there, read from the migrated database and compared with the decision table (grants-decisions.ts). Fails on an
// object without a decision, a decision for an object that is gone, and any privilege more or less than decided.
// The local baseline (supabase/local/db/bootstrap.sql) grants nothing by default, as hosted Supabase does since
// 2026-05-30, so what is found here is exactly what the migrations grant.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import {
  API_ROLES,
  GRANT_DECISIONS,
  OWNED_SCHEMAS,
  type ApiRole,
  type ObjectKind,
  type Privilege,
} from './grants-decisions.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

const TABLE_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];
const SEQUENCE_PRIVILEGES = ['USAGE', 'SELECT', 'UPDATE'];
const SCHEMA_PRIVILEGES = ['USAGE', 'CREATE'];

type Found = Record<string, { kind: ObjectKind; grants: Partial<Record<ApiRole, Privilege[]>> }>;

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await closeTestDatabase(db);
});

/** Relations, sequences and functions of the owned schemas, named as the decision table names them. */
async function listObjects(): Promise<{ name: string; kind: ObjectKind; oid: number }[]> {
  // With an empty search_path, regclass and regprocedure print every name schema-qualified.
  return db.transaction(async (tx) => {
    await tx.query(`set local search_path to ''`);
    const relations = await tx.query<{ name: string; kind: ObjectKind; oid: number }>(
      `select c.oid::regclass::text as name, c.oid::int8::float8 as oid,
              case c.relkind when 'r' then 'table' when 'p' then 'table' when 'f' then 'table'
                             when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' end
                as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any ($1) and c.relkind in ('r', 'p', 'f', 'v', 'm', 'S')`,
      [OWNED_SCHEMAS],
    );
    const functions = await tx.query<{ name: string; oid: number }>(
      `select p.oid::regprocedure::text as name, p.oid::int8::float8 as oid
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any ($1)`,
      [OWNED_SCHEMAS],
    );
    return [
      ...relations.rows,
      ...functions.rows.map((f) => ({ ...f, kind: 'function' as const })),
      ...OWNED_SCHEMAS.map((name) => ({ name, kind: 'schema' as const, oid: 0 })),
    ];
  });
}

async function serverHasMaintain(): Promise<boolean> {
  const { rows } = await db.query<{ v: number }>(`select current_setting('server_version_num')::int as v`);
  return rows[0]!.v >= 170000;
}

/** What `role` may do on the object: effective privileges (so a grant to PUBLIC shows too), then column grants. */
async function privilegesOf(
  role: ApiRole,
  object: { name: string; kind: ObjectKind; oid: number },
  tablePrivileges: string[],
): Promise<Privilege[]> {
  const check = async (fn: string, target: string | number, privileges: string[]) => {
    const held: string[] = [];
    const targetType = typeof target === 'number' ? 'oid' : 'text';
    for (const privilege of privileges) {
      const { rows } = await db.query<{ ok: boolean }>(
        `select ${fn}($1::name, $2::${targetType}, $3) as ok`,
        [role, target, privilege],
      );
      if (rows[0]!.ok) held.push(privilege);
    }
    return held;
  };
  switch (object.kind) {
    case 'schema':
      return check('has_schema_privilege', object.name, SCHEMA_PRIVILEGES);
    case 'sequence':
      return check('has_sequence_privilege', object.oid, SEQUENCE_PRIVILEGES);
    case 'function':
      return check('has_function_privilege', object.oid, ['EXECUTE']);
    default: {
      const held = await check('has_table_privilege', object.oid, tablePrivileges);
      // Column grants (e.g. `grant update (title) on …`) do not show in has_table_privilege: list them apart.
      const columns = await db.query<{ privilege: string }>(
        `select distinct a.privilege_type || ' (' || att.attname || ')' as privilege
         from pg_attribute att, aclexplode(att.attacl) a
         where att.attrelid = $1 and a.grantee = $2::regrole`,
        [object.oid, role],
      );
      return [...held, ...columns.rows.map((r) => r.privilege).sort()];
    }
  }
}

async function readPrivileges(): Promise<Found> {
  const tablePrivileges = (await serverHasMaintain()) ? [...TABLE_PRIVILEGES, 'MAINTAIN'] : TABLE_PRIVILEGES;
  const found: Found = {};
  for (const object of await listObjects()) {
    const grants: Partial<Record<ApiRole, Privilege[]>> = {};
    for (const role of API_ROLES) {
      const held = await privilegesOf(role, object, tablePrivileges);
      if (held.length > 0) grants[role] = held;
    }
    found[object.name] = { kind: object.kind, grants };
  }
  return found;
}

function decided(): Found {
  const expected: Found = {};
  for (const [name, decision] of Object.entries(GRANT_DECISIONS)) {
    const grants: Partial<Record<ApiRole, Privilege[]>> = {};
    for (const role of API_ROLES) {
      const privileges = decision.grants[role];
      if (privileges !== undefined && privileges.length > 0) grants[role] = [...privileges];
    }
    expected[name] = { kind: decision.kind, grants };
  }
  return expected;
}

describe('grants', () => {
  it('every schema a migration creates is in the decision table', async () => {
    const created = new Set<string>();
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'))) {
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      for (const match of sql.matchAll(
        /create\s+schema\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
      )) {
        created.add(match[1]!.toLowerCase());
      }
    }
    expect(created.size).toBeGreaterThan(0);
    expect([...created].filter((schema) => !(OWNED_SCHEMAS as readonly string[]).includes(schema))).toEqual(
      [],
    );
  });

  it('every object has an explicit decision, and every decision an object', async () => {
    const found = Object.keys(await readPrivileges());
    const expected = Object.keys(GRANT_DECISIONS);
    expect(
      found.filter((name) => !expected.includes(name)).sort(),
      'objects without a decision in tests/database/grants-decisions.ts',
    ).toEqual([]);
    expect(
      expected.filter((name) => !found.includes(name)).sort(),
      'decisions for objects that do not exist',
    ).toEqual([]);
  });

  it('each API role holds exactly the decided privileges', async () => {
    const found = await readPrivileges();
    const expected = decided();
    const differences = Object.keys(expected)
      .filter((name) => name in found)
      .filter((name) => JSON.stringify(found[name]) !== JSON.stringify(expected[name]))
      .map((name) => ({ name, found: found[name], decided: expected[name] }));
    expect(differences).toEqual([]);
  });

  it('PUBLIC holds nothing on any table, sequence or function, nor on private', async () => {
    const { rows } = await db.query<{ object: string; privilege: string }>(
      `select c.oid::regclass::text as object, a.privilege_type as privilege
       from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
       where n.nspname = any ($1) and a.grantee = 0
       union all
       select att.attrelid::regclass::text || '.' || att.attname, a.privilege_type
       from pg_attribute att join pg_class c on c.oid = att.attrelid
            join pg_namespace n on n.oid = c.relnamespace, aclexplode(att.attacl) a
       where n.nspname = any ($1) and a.grantee = 0
       union all
       select p.oid::regprocedure::text, a.privilege_type
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
            aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
       where n.nspname = any ($1) and a.grantee = 0
       union all
       select n.nspname, a.privilege_type
       from pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
       where n.nspname = any ($1) and n.nspname <> 'public' and a.grantee = 0`,
      [OWNED_SCHEMAS],
    );
    expect(rows).toEqual([]);
  });

  it('the baseline grants nothing by default: no default privileges for an API role, a new table is closed', async () => {
    const defaults = await db.query<{ acl: string }>(
      `select d.defaclacl::text as acl
       from pg_default_acl d, aclexplode(d.defaclacl) a
       where a.grantee in (select oid from pg_roles where rolname = any ($1))`,
      [API_ROLES],
    );
    expect(defaults.rows).toEqual([]);
    // Created as the migration owner, the way a later migration would; rolled back.
    const held = await db.transaction(async (tx) => {
      await tx.exec('create table public.grants_probe (id int primary key)');
      const { rows } = await tx.query<{ role: string; held: boolean }>(
        `select r as role, has_table_privilege(r, 'public.grants_probe', 'SELECT,INSERT,UPDATE,DELETE') as held
         from unnest($1::text[]) r`,
        [API_ROLES],
      );
      await tx.rollback();
      return rows;
    });
    expect(held).toEqual(API_ROLES.map((role) => ({ role, held: false })));
  });
});
