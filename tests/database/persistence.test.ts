// A persisted database keeps its data across restarts, applies only what is new, and is opened by one process
// at a time.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase, type PGlite } from '../../supabase/local/db/db.ts';

const repoSupabase = fileURLToPath(new URL('../../supabase/', import.meta.url));

let root: string;
let supabaseDir: string;
let dataDir: string;
let lockPath: string;

async function counts(db: PGlite): Promise<unknown> {
  const r = await db.query(
    `select (select count(*)::int from public.products) as products,
            (select count(*)::int from public.packages) as packages,
            (select count(*)::int from public.package_items) as items,
            (select count(*)::int from auth.users) as users,
            (select count(*)::int from public.user_roles) as roles`,
  );
  return r.rows[0];
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'db-persistence-'));
  // A copy of the project's supabase/ folder, so this test can add migrations without touching the repo.
  supabaseDir = path.join(root, 'supabase');
  await mkdir(path.join(supabaseDir, 'local', 'db'), { recursive: true });
  for (const file of ['hosted-roles.sql', 'bootstrap.sql']) {
    await cp(path.join(repoSupabase, 'local', 'db', file), path.join(supabaseDir, 'local', 'db', file));
  }
  await cp(path.join(repoSupabase, 'migrations'), path.join(supabaseDir, 'migrations'), { recursive: true });
  await cp(path.join(repoSupabase, 'seed.sql'), path.join(supabaseDir, 'seed.sql'));
  dataDir = path.join(root, 'data', 'db');
  lockPath = `${dataDir}.lock`;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a persisted database', () => {
  let firstCounts: unknown;

  it('is created in dataDir, locked while open, unlocked on close', async () => {
    const db = await createDatabase({ dataDir, supabaseDir });
    try {
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
      await db.query(`insert into public.orders (stripe_session_id, amount_pence) values ('cs_kept', 699)`);
      firstCounts = await counts(db);
    } finally {
      await closeDatabase(db);
    }
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(lockPath)).toBe(false);
  }, 90_000); // Writing a whole new database to disk: about 20 s on a busy 2-core machine.

  it('keeps its data on reopen and does not rerun the seed or demo accounts', async () => {
    // Were the seed rerun, this would add a product.
    await writeFile(
      path.join(supabaseDir, 'seed.sql'),
      `insert into public.products (slug, title, category) values ('seed-ran-again', 'Seed ran again', 'Exams');`,
    );
    const db = await createDatabase({ dataDir, supabaseDir });
    try {
      const kept = await db.query(
        `select amount_pence from public.orders where stripe_session_id = 'cs_kept'`,
      );
      expect(kept.rows).toEqual([{ amount_pence: 699 }]);
      expect(await counts(db)).toEqual(firstCounts);
    } finally {
      await closeDatabase(db);
    }
  });

  it('lets only one opener in', async () => {
    const db = await createDatabase({ dataDir, supabaseDir });
    try {
      await expect(createDatabase({ dataDir, supabaseDir })).rejects.toThrow(/already open/);
      // A lock held by another live process (this test's parent, say) also keeps us out.
      await closeDatabase(db);
      await writeFile(lockPath, `${process.ppid}\n`);
      await expect(createDatabase({ dataDir, supabaseDir })).rejects.toThrow(
        new RegExp(`process ${process.ppid}`),
      );
      await rm(lockPath);
    } finally {
      await closeDatabase(db);
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(dead).toBeGreaterThan(0);
    await writeFile(lockPath, `${dead}\n`);
    const db = await createDatabase({ dataDir, supabaseDir });
    try {
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await closeDatabase(db);
    }
  });

  it('applies only new migrations, and auth-internal.sql when it appears', async () => {
    await writeFile(
      path.join(supabaseDir, 'migrations', '29990101000000_later_feature.sql'),
      `create table public.later_feature (id int primary key);
       alter table public.later_feature enable row level security;`,
    );
    await writeFile(
      path.join(supabaseDir, 'local', 'db', 'auth-internal.sql'),
      `create table auth.local_marker (id int);`,
    );
    const db = await createDatabase({ dataDir, supabaseDir });
    try {
      const versions = await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(versions.rows.at(-1)?.version).toBe('29990101000000');
      expect(new Set(versions.rows.map((r) => r.version)).size).toBe(versions.rows.length);
      const tables = await db.query(
        `select to_regclass('public.later_feature') is not null as later, to_regclass('auth.local_marker') is not null as marker`,
      );
      expect(tables.rows[0]).toEqual({ later: true, marker: true });
      expect(await counts(db)).toEqual(firstCounts);
    } finally {
      await closeDatabase(db);
    }
  });

  it('releases the lock when opening fails (a broken migration)', async () => {
    const broken = path.join(supabaseDir, 'migrations', '29990102000000_broken.sql');
    await writeFile(broken, 'create table public.oops (;');
    await expect(createDatabase({ dataDir, supabaseDir })).rejects.toThrow(
      /Migration 29990102000000_broken\.sql failed/,
    );
    expect(existsSync(lockPath)).toBe(false);
    await rm(broken);
  });
});
