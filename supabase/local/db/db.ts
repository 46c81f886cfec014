// The local stack's Postgres: PGlite with what a hosted Supabase project provides (db/bootstrap.sql), then the
// project's migrations, seed and demo accounts. Shared by the local stack's HTTP layer and the database tests.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import bcrypt from 'bcryptjs';
import { applyBaseline, DEMO_ACCOUNTS, demoPasswordHash, type BaselineSessions } from './baseline.ts';
import { insertDemoOrders } from '../seed/demo-orders.ts';
import type { Database, Transaction } from './engine.ts';

export type { PGlite, Database, Transaction };
export { DEMO_ACCOUNTS, hashPassword } from './baseline.ts';

/** The repository's `supabase/` folder (this file lives in `supabase/local/`). */
const DEFAULT_SUPABASE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface DatabaseOptions {
  /** Folder to persist the database in. In memory when absent. */
  dataDir?: string;
  /** The `supabase/` folder to read bootstrap, migrations and seed from. For tests; defaults to this repo's. */
  supabaseDir?: string;
  /**
   * In memory only: start from this data-folder tarball (writeDatabaseTemplate) instead of an empty cluster;
   * null = always from empty. Absent = the template useDatabaseTemplate set, if any.
   */
  template?: string | null;
}

let defaultTemplate: string | undefined;

/**
 * Tests: in-memory databases of this process start from `file`, made by writeDatabaseTemplate earlier in the
 * same run from the same `supabase/` folder (docs/architecture.md, "Tests"). The baseline still runs
 * over the copy, as over a persisted database, so a migration it lacks would be applied, not skipped.
 */
export function useDatabaseTemplate(file: string | undefined): void {
  defaultTemplate = file;
}

/** The tarball an in-memory database starts from, if any. */
function templateFor(options: DatabaseOptions, dataDir: string | undefined): string | null | undefined {
  // A persisted database is built, or reopened, in its own folder.
  if (dataDir !== undefined) return null;
  if (options.template !== undefined) return options.template;
  // The run's template holds this repository's supabase/ folder, not another one's.
  return options.supabaseDir === undefined ? defaultTemplate : null;
}

/**
 * Builds a fresh in-memory database (bootstrap, migrations, seed, demo accounts) and writes its data folder to
 * `file` as an uncompressed tarball, for createDatabase's `template`. Loading one takes about a sixth of the
 * time of building the database again.
 */
export async function writeDatabaseTemplate(
  file: string,
  options: { supabaseDir?: string } = {},
): Promise<void> {
  const db = await createDatabase({ ...options, template: null });
  try {
    const dump = await db.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await closeDatabase(db);
  }
}

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
  const template = templateFor(options, dataDir);

  let lockPath: string | undefined;
  if (dataDir !== undefined) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    lockPath = acquireLock(`${dataDir}.lock`);
  }

  let db: PGlite | undefined;
  try {
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    db = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, pgcrypto, uuid_ossp } });
    await applyBaseline(pgliteSessions(db), supabaseDir);
    if (lockPath !== undefined) locks.set(db, lockPath);
    return db;
  } catch (error) {
    if (db !== undefined && !db.closed) await db.close().catch(() => undefined);
    if (lockPath !== undefined) releaseLock(lockPath);
    throw error;
  }
}

/**
 * PGlite has one session, opened as the bootstrap superuser (OID 10, which initdb names `postgres`). Hosted
 * Supabase's superuser is `supabase_admin` and its `postgres` is not a superuser, so on a fresh database
 * that superuser is renamed `supabase_admin` (a role cannot rename itself, hence the brief detour through a
 * temporary superuser) and db/hosted-roles.sql creates the real `postgres`. Each step then runs under
 * `SET SESSION AUTHORIZATION` of the identity hosted uses, which changes current_user, session_user and
 * every privilege check; the session stays `postgres` afterwards. Limit: PGlite's authenticated user stays
 * the superuser, so `RESET SESSION AUTHORIZATION` would give it back; nothing here issues it outside these
 * steps (tests/database/hosted-baseline.test.ts shows what the session is).
 */
function pgliteSessions(db: PGlite): BaselineSessions {
  return {
    async asSupabaseAdmin() {
      const renamed = await db.query(`select 1 from pg_roles where oid = 10 and rolname = 'supabase_admin'`);
      if (renamed.rows.length === 0) {
        const built = await db.query(
          `select to_regclass('supabase_migrations.local_steps') is not null as built`,
        );
        if ((built.rows[0] as { built?: boolean } | undefined)?.built === true) {
          throw new Error(
            'This local database was made before the stack mirrored hosted Supabase (migrations as a ' +
              'non-superuser postgres). Start afresh: npm start -- --reset (or npm run supabase:local -- --reset).',
          );
        }
        await db.exec(`
          create role pglite_bootstrap_rename superuser;
          set session authorization pglite_bootstrap_rename;
          alter role postgres rename to supabase_admin;
          set session authorization supabase_admin;
          drop role pglite_bootstrap_rename;
        `);
      }
      await db.exec('set session authorization supabase_admin');
      return db;
    },
    async asPostgres() {
      await db.exec('set session authorization postgres');
      return db;
    },
  };
}

/** Closes the database and releases its data folder lock. Safe to call twice. */
export async function closeDatabase(db: Database): Promise<void> {
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
 * The settings hosted gives the connecting role (`authenticator`: statement_timeout 8 s, lock_timeout 8 s)
 * and each API role (anon 3 s, authenticated 8 s), from pg_db_role_setting (db/hosted-roles.sql). PostgREST
 * reads them once and applies them per transaction when it switches role (SET ROLE alone does not), so the
 * stack does too: first the authenticator's, then the role's.
 */
const roleSettingsCache = new WeakMap<Database, Promise<Map<string, [string, string][]>>>();

function roleSettings(db: Database): Promise<Map<string, [string, string][]>> {
  let cached = roleSettingsCache.get(db);
  if (cached === undefined) {
    cached = db
      .query<{ role: string; setting: string }>(
        `select r.rolname as role, unnest(s.setconfig) as setting
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
         where r.rolname in ('authenticator', 'anon', 'authenticated', 'service_role')
           and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
         order by s.setdatabase`,
      )
      .then((result) => {
        const map = new Map<string, [string, string][]>();
        for (const { role, setting } of result.rows) {
          const at = setting.indexOf('=');
          // search_path and the like are not request settings; PostgREST applies only these (and a few
          // other GUCs this project does not set).
          const name = setting.slice(0, at);
          if (!['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'].includes(name))
            continue;
          map.set(role, [...(map.get(role) ?? []), [name, setting.slice(at + 1)]]);
        }
        return map;
      });
    cached.catch(() => roleSettingsCache.delete(db));
    roleSettingsCache.set(db, cached);
  }
  return cached;
}

/** The timeouts a request as `role` runs under, in the order they are applied. */
export async function requestRoleSettings(db: Database, role: RequestRole): Promise<[string, string][]> {
  const map = await roleSettings(db);
  return [...(map.get('authenticator') ?? []), ...(map.get(role) ?? [])];
}

/**
 * Runs `fn` in one transaction as `role` with `claims`, as PostgREST does per request, so RLS decides:
 * as `authenticator` (db.requestDatabase, or PGlite's session switched to it), the role switch, the JWT claims, the hosted per-role timeouts (requestRoleSettings) and the request
 * settings, all transaction-local. Only the three API roles are accepted.
 */
export async function withRequestContext<T>(
  db: Database,
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
  const target = db.requestDatabase ?? db;
  const all = [...(await requestRoleSettings(target, ctx.role)), ...(settings as [string, string][])];

  return target.transaction(async (tx) => {
    // PostgREST's connection is authenticator's and switches role from there. PGlite has one session
    // (postgres, over a superuser's authenticated session): it becomes authenticator for this transaction
    // first, so the role switch is checked against authenticator's memberships as on hosted.
    if (target instanceof PGlite)
      await tx.query(`select set_config('session_authorization', 'authenticator', true)`);
    // The legacy per-claim settings are read before request.jwt.claims by auth.uid() and friends; blank them
    // for this transaction so nothing set earlier on the shared connection can speak for this request.
    // One round trip: this runs before every request. The role goes first, so the settings after it are
    // applied as that role.
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim', '', true),
              set_config('request.jwt.claim.sub', '', true),
              set_config('request.jwt.claim.role', '', true),
              set_config('request.jwt.claim.email', '', true),
              (select count(set_config(s.name, s.value, true))
               from unnest($3::text[], $4::text[]) with ordinality as s(name, value, n))`,
      [ctx.role, claims, all.map(([name]) => name), all.map(([, value]) => value)],
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

/**
 * The admin overview's demo sales: a few customers with orders over the last 12 weeks. The local stack adds
 * them at start (idempotent); database tests leave them out, so their fixtures stay exactly what they build.
 */
export async function seedDemoOrders(db: Database): Promise<void> {
  const hash = await demoPasswordHash(DEMO_ACCOUNTS[0]!.password);
  await db.transaction((tx) => insertDemoOrders(tx, hash));
}

// Data folder lock -----------------------------------------------------------------------------------------

const locks = new WeakMap<Database, string>();
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
