// The local stack's Postgres: PGlite with what a hosted Supabase project provides (bootstrap.sql), then the
// project's migrations, seed and demo accounts. Shared by the local stack's HTTP layer and the database tests.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { access, mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import bcrypt from 'bcryptjs';
import { insertDemoOrders } from './demo-orders.ts';

export type { PGlite, Transaction };

/** The repository's `supabase/` folder (this file lives in `supabase/local/`). */
const DEFAULT_SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** bcrypt cost GoTrue uses. */
const BCRYPT_COST = 10;

export interface DatabaseOptions {
  /** Folder to persist the database in. In memory when absent. */
  dataDir?: string;
  /** The `supabase/` folder to read bootstrap, migrations and seed from. For tests; defaults to this repo's. */
  supabaseDir?: string;
}

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

export const REQUEST_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type RequestRole = (typeof REQUEST_ROLES)[number];

/** PostgREST's per-request settings other than the JWT ones, which withRequestContext always sets itself. */
export type RequestSetting = 'request.method' | 'request.path' | 'request.headers' | 'request.cookies';
const REQUEST_SETTINGS: readonly string[] = [
  'request.method',
  'request.path',
  'request.headers',
  'request.cookies',
];

export interface RequestContext {
  /** The database role, decided by the caller from a verified JWT (never from the request itself). */
  role: RequestRole;
  /** The verified JWT's claims; `auth.uid()`, `auth.role()`, `auth.jwt()` read them. */
  claims: Record<string, unknown>;
  settings?: Partial<Record<RequestSetting, string>>;
}

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    // A malformed stored hash means "no match", not a server error.
    return false;
  }
}

/**
 * Opens (creating if needed) the database. In memory without `dataDir`; otherwise persisted there, guarded by
 * `<dataDir>.lock` so only one process opens it. A fresh database gets bootstrap, auth-internal (when present),
 * every migration, the seed and the demo accounts; a persisted one gets only what it has not had yet.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<PGlite> {
  const supabaseDir = path.resolve(options.supabaseDir ?? DEFAULT_SUPABASE_DIR);
  const dataDir = options.dataDir === undefined ? undefined : path.resolve(options.dataDir);

  let lockPath: string | undefined;
  if (dataDir !== undefined) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    lockPath = acquireLock(`${dataDir}.lock`);
  }

  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir, extensions: { pg_trgm, pgcrypto, uuid_ossp } });
    await migrate(db, supabaseDir);
    if (lockPath !== undefined) locks.set(db, lockPath);
    return db;
  } catch (error) {
    if (db !== undefined && !db.closed) await db.close().catch(() => undefined);
    if (lockPath !== undefined) releaseLock(lockPath);
    throw error;
  }
}

/** Closes the database and releases its data folder lock. Safe to call twice. */
export async function closeDatabase(db: PGlite): Promise<void> {
  try {
    if (!db.closed) await db.close();
  } finally {
    const lockPath = locks.get(db);
    if (lockPath !== undefined) {
      locks.delete(db);
      releaseLock(lockPath);
    }
  }
}

/**
 * Runs `fn` in one transaction as `role` with `claims`, as PostgREST does per request, so RLS decides.
 * `set_config('role', …, true)` changes current_user for the transaction only; because PGlite's session user
 * is a superuser, it would accept any role name, so only the three API roles are allowed here.
 */
export async function withRequestContext<T>(
  db: PGlite,
  ctx: RequestContext,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!isRequestRole(ctx.role)) {
    throw new TypeError(`withRequestContext: role must be one of ${REQUEST_ROLES.join(', ')}`);
  }
  if (!isPlainObject(ctx.claims)) {
    throw new TypeError('withRequestContext: claims must be a plain object');
  }
  const claims = JSON.stringify(ctx.claims);
  const settings = Object.entries(ctx.settings ?? {}).filter(([, value]) => value !== undefined);
  for (const [name, value] of settings) {
    if (!REQUEST_SETTINGS.includes(name) || typeof value !== 'string') {
      throw new TypeError(`withRequestContext: unsupported setting ${name}`);
    }
  }

  return db.transaction(async (tx) => {
    // The legacy per-claim settings are read before request.jwt.claims by auth.uid() and friends; blank them
    // for this transaction so nothing set earlier on the shared connection can speak for this request.
    // One round trip: this runs before every request.
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim', '', true),
              set_config('request.jwt.claim.sub', '', true),
              set_config('request.jwt.claim.role', '', true),
              set_config('request.jwt.claim.email', '', true),
              (select count(set_config(s.name, s.value, true))
               from unnest($3::text[], $4::text[]) as s(name, value))`,
      [ctx.role, claims, settings.map(([name]) => name), settings.map(([, value]) => value)],
    );
    return fn(tx);
  });
}

function isRequestRole(role: unknown): role is RequestRole {
  return typeof role === 'string' && (REQUEST_ROLES as readonly string[]).includes(role);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// Migrations ---------------------------------------------------------------------------------------------

/** Supabase CLI's migration file name: `<version>_<name>.sql`. */
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** The CLI's own table, plus one for the local-only steps (bootstrap, seed, demo accounts). */
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

async function migrate(db: PGlite, supabaseDir: string): Promise<void> {
  // Hosted projects put `extensions` on the search path; set it for this connection whatever the database's
  // stored default says.
  await db.exec(`set search_path to "$user", public, extensions`);

  const fresh = !(await hasLocalStep(db, 'bootstrap'));
  if (fresh) {
    const bootstrap = await readFile(path.join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8');
    await runStep(db, 'bootstrap', 'supabase/local/bootstrap.sql', async (tx) => {
      await tx.exec(bootstrap);
      await tx.exec(MIGRATIONS_SCHEMA_SQL);
    });
  }

  // Owned by the auth server; optional so the database layer works before (and without) it.
  const authInternalPath = path.join(supabaseDir, 'local', 'auth-internal.sql');
  if ((await fileExists(authInternalPath)) && !(await hasLocalStep(db, 'auth-internal'))) {
    const sql = await readFile(authInternalPath, 'utf8');
    await runStep(db, 'auth-internal', 'supabase/local/auth-internal.sql', (tx) =>
      tx.exec(sql).then(() => {}),
    );
  }

  await applyMigrations(db, path.join(supabaseDir, 'migrations'));

  // Seed and demo accounts run once, on the first start, as `supabase db reset` would; never again.
  if (!(await hasLocalStep(db, 'seed'))) {
    const seedPath = path.join(supabaseDir, 'seed.sql');
    const seed = (await fileExists(seedPath)) ? await readFile(seedPath, 'utf8') : '';
    await runStep(db, 'seed', 'supabase/seed.sql', (tx) => tx.exec(seed).then(() => {}));
  }
  if (!(await hasLocalStep(db, 'demo-accounts'))) {
    await runStep(db, 'demo-accounts', 'demo accounts', insertDemoAccounts);
  }
}

async function applyMigrations(db: PGlite, migrationsDir: string): Promise<void> {
  const files = (await fileExists(migrationsDir)) ? (await readdir(migrationsDir)).sort() : [];
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );
  const seen = new Map<string, string>();
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

async function hasLocalStep(db: PGlite, step: LocalStep): Promise<boolean> {
  const table = await db.query<{ exists: boolean }>(
    `select to_regclass('supabase_migrations.local_steps') is not null as exists`,
  );
  if (table.rows[0]?.exists !== true) return false;
  const row = await db.query('select 1 from supabase_migrations.local_steps where step = $1', [step]);
  return row.rows.length > 0;
}

async function runStep(
  db: PGlite,
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

// One bcrypt hash per password per process: cost 10 is deliberately slow and every test file creates a database.
const demoPasswordHashes = new Map<string, Promise<string>>();

async function insertDemoAccounts(tx: Transaction): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    let hashed = demoPasswordHashes.get(account.password);
    if (hashed === undefined) {
      hashed = hashPassword(account.password);
      demoPasswordHashes.set(account.password, hashed);
    }
    const hash = await hashed;
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
    if (account.role === 'admin') {
      await tx.query(
        `insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict (user_id, role) do nothing`,
        [account.id],
      );
    }
  }
}

/**
 * The admin overview's demo sales: a few customers with orders over the last 12 weeks. The local stack adds
 * them at start (idempotent); database tests leave them out, so their fixtures stay exactly what they build.
 */
export async function seedDemoOrders(db: PGlite): Promise<void> {
  const password = DEMO_ACCOUNTS[0]!.password;
  let hashed = demoPasswordHashes.get(password);
  if (hashed === undefined) {
    hashed = hashPassword(password);
    demoPasswordHashes.set(password, hashed);
  }
  const hash = await hashed;
  await db.transaction((tx) => insertDemoOrders(tx, hash));
}

// Data folder lock -----------------------------------------------------------------------------------------

const locks = new WeakMap<PGlite, string>();
const heldLocks = new Set<string>();
let exitHookInstalled = false;

function acquireLock(lockPath: string): string {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldLocks.add(lockPath);
      installExitHook();
      return lockPath;
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const owner = readLockOwner(lockPath);
    if (owner !== undefined && (owner === process.pid || isAlive(owner))) {
      const who = owner === process.pid ? 'this process' : `process ${owner}`;
      throw new Error(
        `The database folder is already open in ${who} (lock file ${lockPath}). ` +
          'Stop that process first, or use another data folder.',
      );
    }
    // Stale lock: its process is gone (crash, kill -9). Take it over.
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}: another process took it first`);
}

function releaseLock(lockPath: string): void {
  heldLocks.delete(lockPath);
  if (readLockOwner(lockPath) !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function readLockOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrno(error, 'EPERM');
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Best effort on a normal exit; a crash leaves a stale lock that the next start takes over.
  process.once('exit', () => {
    for (const lockPath of heldLocks) {
      try {
        if (readLockOwner(lockPath) === process.pid) unlinkSync(lockPath);
      } catch {
        // Exiting anyway.
      }
    }
  });
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
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
