// A database as a hosted Supabase project has it, then the project's migrations and seed, on either engine
// (PGlite in this process, or a real PostgreSQL server): the roles and what Supabase creates before the first
// migration (db/hosted-roles.sql, db/bootstrap.sql, db/auth-internal.sql) as the superuser `supabase_admin`; then
// every migration, the seed and the local demo accounts as `postgres`, which is not a superuser, as on a
// hosted project.
import { access, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { provisionOwner } from './account-owners.ts';
import type { Database, Queryable, Transaction } from './engine.ts';

/** bcrypt cost GoTrue uses. */
const BCRYPT_COST = 10;

export interface DemoAccount {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly role: 'admin' | 'customer';
}

/** Local-only accounts, created once on a fresh database. Worthless outside the machine. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = Object.freeze([
  Object.freeze({
    id: '00000000-0000-4000-a000-00000000ad01',
    email: 'admin@example.com',
    password: 'password123',
    role: 'admin' as const,
  }),
  Object.freeze({
    id: '00000000-0000-4000-a000-00000000c001',
    email: 'customer@example.com',
    password: 'password123',
    role: 'customer' as const,
  }),
]);

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// One bcrypt hash per password per process: cost 10 is deliberately slow and every test file creates a database.
const demoPasswordHashes = new Map<string, Promise<string>>();

export function demoPasswordHash(password: string): Promise<string> {
  let hashed = demoPasswordHashes.get(password);
  if (hashed === undefined) {
    hashed = hashPassword(password);
    demoPasswordHashes.set(password, hashed);
  }
  return hashed;
}

/**
 * The two identities the baseline is applied as. On a real server these are two connections; on PGlite one
 * connection whose session authorization is switched (db/db.ts).
 */
export interface BaselineSessions {
  /** The superuser `supabase_admin`. */
  asSupabaseAdmin(): Promise<Database>;
  /** `postgres`: not a superuser, BYPASSRLS, owns nothing in auth or storage. */
  asPostgres(): Promise<Database>;
}

/** Supabase CLI's migration file name: `<version>_<name>.sql`. */
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** The CLI's own table, plus one for the local-only steps (bootstrap, seed, demo accounts). Owned by postgres. */
const MIGRATIONS_SCHEMA_SQL = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
  );
  create table if not exists supabase_migrations.local_steps (
    step text primary key,
    applied_at timestamptz not null default now()
  );
`;

type LocalStep = 'bootstrap' | 'auth-internal' | 'seed' | 'demo-accounts';

/**
 * Applies whatever the database has not had yet: on a fresh one the hosted baseline, auth-internal (when
 * present), every migration, the seed and the demo accounts; on a persisted one only new migrations.
 * Leaves the last session used as `postgres`.
 */
export async function applyBaseline(sessions: BaselineSessions, supabaseDir: string): Promise<void> {
  const admin = await sessions.asSupabaseAdmin();
  const fresh = !(await hasLocalStep(admin, 'bootstrap'));
  if (fresh) {
    await runStep(admin, 'bootstrap', 'supabase/local/db/bootstrap.sql', async (tx) => {
      await applyHostedBootstrap(tx, supabaseDir);
      // The CLI creates its history table as the deploying role, postgres.
      await tx.exec(`set local role postgres; ${MIGRATIONS_SCHEMA_SQL}`);
    });
  }

  // Owned by the auth server; optional so the database layer works before (and without) it.
  const authInternalPath = path.join(supabaseDir, 'local', 'db', 'auth-internal.sql');
  if ((await fileExists(authInternalPath)) && !(await hasLocalStep(admin, 'auth-internal'))) {
    const sql = await readFile(authInternalPath, 'utf8');
    await runStep(admin, 'auth-internal', 'supabase/local/db/auth-internal.sql', async (tx) => {
      await tx.exec(`set local role supabase_auth_admin; ${sql}; reset role;`);
    });
  }

  const owner = await sessions.asPostgres();
  // Hosted projects put `extensions` on the search path; set it for this session whatever the database's
  // stored default says.
  await owner.exec(`set search_path to "$user", public, extensions`);
  await applyMigrations(owner, path.join(supabaseDir, 'migrations'));

  // Seed and demo accounts run once, on the first start, as `supabase db reset` would; never again.
  if (!(await hasLocalStep(owner, 'seed'))) {
    const seedPath = path.join(supabaseDir, 'seed.sql');
    const seed = (await fileExists(seedPath)) ? await readFile(seedPath, 'utf8') : '';
    await runStep(owner, 'seed', 'supabase/seed.sql', (tx) => tx.exec(seed).then(() => {}));
  }
  if (!(await hasLocalStep(owner, 'demo-accounts'))) {
    await runStep(owner, 'demo-accounts', 'demo accounts', insertDemoAccounts);
  }
}

/**
 * What a new hosted project has before its first migration, and nothing else: the roles (db/hosted-roles.sql)
 * and the auth, storage and extensions schemas (db/bootstrap.sql). Run as the superuser `supabase_admin`.
 */
export async function applyHostedBootstrap(admin: Queryable, supabaseDir: string): Promise<void> {
  await admin.exec(await readFile(path.join(supabaseDir, 'local', 'db', 'hosted-roles.sql'), 'utf8'));
  await admin.exec(await readFile(path.join(supabaseDir, 'local', 'db', 'bootstrap.sql'), 'utf8'));
}

/** The migration files in CLI order, as [version, name, file]. */
export async function migrationFiles(migrationsDir: string): Promise<[string, string, string][]> {
  const files = (await fileExists(migrationsDir)) ? (await readdir(migrationsDir)).sort() : [];
  const seen = new Map<string, string>();
  const result: [string, string, string][] = [];
  for (const file of files) {
    if (!file.endsWith('.sql')) continue;
    const match = MIGRATION_FILE.exec(file);
    if (match === null) {
      // The Supabase CLI skips such files too; say so rather than silently ignoring a typo.
      console.warn(`Skipping migration ${file}: name must be <timestamp>_<name>.sql`);
      continue;
    }
    const [, version = '', name = ''] = match;
    const previous = seen.get(version);
    if (previous !== undefined) {
      throw new Error(`Migrations ${previous} and ${file} share version ${version}`);
    }
    seen.set(version, file);
    result.push([version, name, file]);
  }
  return result;
}

async function applyMigrations(db: Database, migrationsDir: string): Promise<void> {
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );
  for (const [version, name, file] of await migrationFiles(migrationsDir)) {
    if (applied.has(version)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db
      .transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          name,
        ]);
      })
      .catch((error: unknown) => {
        throw new Error(`Migration ${file} failed: ${errorMessage(error)}`, { cause: error });
      });
  }
}

async function hasLocalStep(db: Queryable, step: LocalStep): Promise<boolean> {
  const table = await db.query<{ exists: boolean }>(
    `select to_regclass('supabase_migrations.local_steps') is not null as exists`,
  );
  if (table.rows[0]?.exists !== true) return false;
  const row = await db.query('select 1 from supabase_migrations.local_steps where step = $1', [step]);
  return row.rows.length > 0;
}

async function runStep(
  db: Database,
  step: LocalStep,
  label: string,
  apply: (tx: Transaction) => Promise<void>,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await apply(tx);
      await tx.query('insert into supabase_migrations.local_steps (step) values ($1)', [step]);
    })
    .catch((error: unknown) => {
      throw new Error(`${label} failed: ${errorMessage(error)}`, { cause: error });
    });
}

/** As the Auth server would create them (auth.users), plus the admin's role row (as a migration would). */
async function insertDemoAccounts(tx: Transaction): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const hash = await demoPasswordHash(account.password);
    await tx.query(
      `insert into auth.users (
         instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous
       ) values (
         '00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(),
         '', '', '', '',
         $4, '{}'::jsonb, false, now(), now(), false
       )
       on conflict (id) do nothing`,
      [account.id, account.email, hash, JSON.stringify({ provider: 'email', providers: ['email'] })],
    );
    await provisionOwner(tx, account.id);
    if (account.role === 'admin') {
      await tx.query(
        `insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict (user_id, role) do nothing`,
        [account.id],
      );
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function fileExists(filePath: string): Promise<boolean> {
  try {
    await access(filePath);
    return true;
  } catch {
    return false;
  }
}
