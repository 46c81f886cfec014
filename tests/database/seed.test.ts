// What a fresh database holds: the bootstrap's Supabase stand-ins, the migrations record, the catalogue seed
// and the demo accounts; and supabase/schema.sql, generated from the migrations (scripts/schema-dump.ts), is
// current: a migration added without regenerating it fails here, naming the command.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  verifyPassword,
  withRequestContext,
  type Database,
} from '../../supabase/local/db/db.ts';
import { dumpSchema } from '../../supabase/local/db/schema-dump.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';

const SPEC_CATEGORIES = [
  'Self-Hypnosis Foundation',
  'Smoking Cessation',
  'Alcohol Freedom',
  'Anger Management',
  'Anxiety and Stress',
  'Body Image',
  'Business Skills and Finance',
  'Coping with Loss and Grief',
  'Confidence',
  'Exams',
  'Fears and Phobias',
  'Habits and Disorders',
  'Memory and Learning',
  'Pain Management',
  'Performance',
  'Personal Development',
  'Relationships',
  'Sexual Issues',
  'Skin Problems',
  'Sports Performance',
  'Weight Management',
  'Insomnia',
];
const GUIDE_SLUG = 'self-hypnosis-inception-guide';
const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url));

const SCHEMA_FILE = new URL('../../supabase/schema.sql', import.meta.url);

/** The first line where two texts differ, for a message a person can act on. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: file has ${JSON.stringify(a[at] ?? '(end)')}, migrations give ${JSON.stringify(b[at] ?? '(end)')}`;
}

function staleMessage(file: string, current: string): string {
  return file === current
    ? ''
    : `supabase/schema.sql is stale: run \`npm run schema\` and commit the file (${firstDifference(file, current)})`;
}

let db: Database;
let createMs = 0;

beforeAll(async () => {
  const started = performance.now();
  // Built from empty, not copied from the run's template: this file checks what the build leaves.
  db = await openTestDatabase({ fresh: true });
  createMs = performance.now() - started;
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('createDatabase (in memory)', () => {
  it('is ready in reasonable time', () => {
    console.info(`createDatabase() in memory took ${Math.round(createMs)} ms`);
    expect(createMs).toBeLessThan(30_000);
  });

  it('records every migration file by version', async () => {
    const files = (await readdir(`${supabaseDir}migrations`)).filter((f) => f.endsWith('.sql')).sort();
    const rows = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.rows.map((r) => `${r.version}_${r.name}.sql`)).toEqual(files);
  });
});

describe('bootstrap (what hosted Supabase provides)', () => {
  it('has the API roles with Supabase attributes', async () => {
    const roles = await db.query<{
      rolname: string;
      rolcanlogin: boolean;
      rolbypassrls: boolean;
      rolsuper: boolean;
    }>(
      `select rolname, rolcanlogin, rolbypassrls, rolsuper from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolsuper: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolsuper: false },
      { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false, rolsuper: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolsuper: false },
    ]);
  });

  it('auth.uid() reads the legacy claim first, then request.jwt.claims; null without either', async () => {
    const legacy = '11111111-1111-4111-8111-111111111111';
    const modern = '22222222-2222-4222-8222-222222222222';
    const result = await db.transaction(async (tx) => {
      const none = await tx.query<{ uid: string | null }>('select auth.uid() as uid');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: modern, role: 'authenticated', email: 'm@example.test' }),
      ]);
      const claims = await tx.query<{ uid: string; role: string; email: string }>(
        'select auth.uid() as uid, auth.role() as role, auth.email() as email',
      );
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [legacy]);
      const both = await tx.query<{ uid: string }>('select auth.uid() as uid');
      await tx.rollback();
      return { none: none.rows[0]?.uid, claims: claims.rows[0], both: both.rows[0]?.uid };
    });
    expect(result).toEqual({
      none: null,
      claims: { uid: modern, role: 'authenticated', email: 'm@example.test' },
      both: legacy,
    });
  });

  it('auth.users has GoTrue columns, and confirmed_at derives from email_confirmed_at', async () => {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'`,
    );
    const names = columns.rows.map((c) => c.column_name);
    for (const name of [
      'instance_id',
      'id',
      'aud',
      'role',
      'email',
      'encrypted_password',
      'email_confirmed_at',
      'invited_at',
      'confirmation_token',
      'confirmation_sent_at',
      'recovery_token',
      'recovery_sent_at',
      'email_change',
      'last_sign_in_at',
      'raw_app_meta_data',
      'raw_user_meta_data',
      'is_super_admin',
      'created_at',
      'updated_at',
      'phone',
      'confirmed_at',
      'banned_until',
      'deleted_at',
      'is_anonymous',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('storage path helpers match Supabase', async () => {
    const r = await db.query<{ folders: string[]; file: string; ext: string; top: string[] }>(
      `select storage.foldername('full/sub/calm.mp3') as folders, storage.filename('full/sub/calm.mp3') as file,
              storage.extension('full/sub/calm.mp3') as ext, storage.foldername('calm.mp3') as top`,
    );
    expect(r.rows[0]).toEqual({ folders: ['full', 'sub'], file: 'calm.mp3', ext: 'mp3', top: [] });
  });

  it('has a private audio bucket and RLS on storage.objects', async () => {
    const bucket = await db.query(`select id, public from storage.buckets where id = 'audio'`);
    expect(bucket.rows).toEqual([{ id: 'audio', public: false }]);
    const rls = await db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'storage.objects'::regclass`,
    );
    expect(rls.rows[0]?.relrowsecurity).toBe(true);
  });

  it('has pgcrypto on the search path, as hosted projects do', async () => {
    const r = await db.query<{ ok: boolean }>(`select crypt('x', gen_salt('bf', 4)) like '$2a$04$%' as ok`);
    expect(r.rows[0]?.ok).toBe(true);
  });

  it('every public table has RLS enabled', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(tables.rows.length).toBeGreaterThanOrEqual(6);
    expect(tables.rows.filter((t) => !t.relrowsecurity)).toEqual([]);
  });

  it('security definer functions in public pin an empty search_path', async () => {
    const fns = await db.query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef`,
    );
    expect(fns.rows.length).toBeGreaterThan(0);
    for (const fn of fns.rows) expect(fn.proconfig ?? []).toContain('search_path=""');
  });
});

describe('catalogue seed', () => {
  it("has the spec's 22 categories", async () => {
    const r = await db.query<{ category: string }>(
      `select distinct category from public.products where published`,
    );
    expect(r.rows.map((c) => c.category).sort()).toEqual([...SPEC_CATEGORIES].sort());
  });

  it('has 3 to 6 audios per category (the guide aside), each a published £2.99, 15 to 30 minutes', async () => {
    const perCategory = await db.query<{ category: string; n: number }>(
      `select category, count(*)::int as n from public.products where slug <> $1 group by category`,
      [GUIDE_SLUG],
    );
    expect(perCategory.rows).toHaveLength(22);
    for (const row of perCategory.rows) {
      expect(row.n, row.category).toBeGreaterThanOrEqual(3);
      expect(row.n, row.category).toBeLessThanOrEqual(6);
    }
    const bad = await db.query(
      `select slug from public.products
       where price_pence <> 299 or not published or duration_seconds not between 900 and 1800
          or audio_path <> 'full/' || id || '.mp3' or preview_path <> 'previews/' || id || '.mp3'`,
    );
    expect(bad.rows).toEqual([]);
  });

  it('has the Inception Guide in Self-Hypnosis Foundation', async () => {
    const r = await db.query(`select title, category from public.products where slug = $1`, [GUIDE_SLUG]);
    expect(r.rows).toEqual([
      { title: 'The Self-Hypnosis Inception Guide', category: 'Self-Hypnosis Foundation' },
    ]);
  });

  it('has a £6.99 package per category: 3 audios of that category, then the guide', async () => {
    const packages = await db.query<{
      slug: string;
      category: string;
      price_pence: number;
      items: { slug: string; category: string; position: number }[];
    }>(
      `select pk.slug, pk.category, pk.price_pence,
              jsonb_agg(jsonb_build_object('slug', pr.slug, 'category', pr.category, 'position', i.position)
                        order by i.position) as items
       from public.packages pk
       join public.package_items i on i.package_id = pk.id
       join public.products pr on pr.id = i.product_id
       group by pk.id`,
    );
    expect(packages.rows).toHaveLength(22);
    for (const pkg of packages.rows) {
      expect(pkg.price_pence).toBe(699);
      expect(pkg.items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
      const [a, b, c, guide] = pkg.items;
      for (const audio of [a, b, c]) {
        expect(audio?.category, pkg.slug).toBe(pkg.category);
        expect(audio?.slug).not.toBe(GUIDE_SLUG);
      }
      expect(guide?.slug).toBe(GUIDE_SLUG);
    }
    const categories = new Set(packages.rows.map((p) => p.category));
    expect(categories.size).toBe(22);
  });

  it('anyone can read the whole published catalogue', async () => {
    const n = await withRequestContext(db, { role: 'anon', claims: { role: 'anon' } }, async (tx) => {
      const r = await tx.query<{ products: number; packages: number; items: number }>(
        `select (select count(*)::int from public.products) as products,
                (select count(*)::int from public.packages) as packages,
                (select count(*)::int from public.package_items) as items`,
      );
      return r.rows[0];
    });
    const total = await db.query<{ products: number }>(
      'select count(*)::int as products from public.products',
    );
    expect(n).toEqual({ products: total.rows[0]?.products, packages: 22, items: 88 });
  });

  it('is idempotent: running seed.sql again adds nothing', async () => {
    const count = async (): Promise<unknown> =>
      (
        await db.query(
          `select (select count(*)::int from public.products) as p, (select count(*)::int from public.packages) as k,
                  (select count(*)::int from public.package_items) as i`,
        )
      ).rows[0];
    const before = await count();
    await db.exec(await readFile(`${supabaseDir}seed.sql`, 'utf8'));
    expect(await count()).toEqual(before);
  });
});

describe('demo accounts', () => {
  it('exist, confirmed, with bcrypt (cost 10) hashes of the documented password', async () => {
    const r = await db.query<{
      id: string;
      email: string;
      encrypted_password: string;
      confirmed: boolean;
      app: unknown;
      aud: string;
    }>(
      `select id, email, encrypted_password, email_confirmed_at is not null and confirmed_at is not null as confirmed,
              raw_app_meta_data as app, aud
       from auth.users where email = any($1) order by email`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    );
    expect(r.rows.map((u) => u.email)).toEqual(['admin@example.com', 'customer@example.com']);
    for (const user of r.rows) {
      const account = DEMO_ACCOUNTS.find((a) => a.email === user.email);
      expect(user.id).toBe(account?.id);
      expect(user.confirmed).toBe(true);
      expect(user.aud).toBe('authenticated');
      expect(user.app).toEqual({ provider: 'email', providers: ['email'] });
      expect(user.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
      expect(await verifyPassword('password123', user.encrypted_password)).toBe(true);
      expect(await verifyPassword('wrong-password', user.encrypted_password)).toBe(false);
    }
  });

  it('only the admin account is an admin', async () => {
    const r = await db.query<{ email: string; admin: boolean }>(
      `select u.email, private.is_admin(u.id) as admin from auth.users u where u.email = any($1) order by u.email`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    );
    expect(r.rows).toEqual([
      { email: 'admin@example.com', admin: true },
      { email: 'customer@example.com', admin: false },
    ]);
  });

  it('verifyPassword treats a malformed hash as a mismatch', async () => {
    expect(await verifyPassword('password123', 'not-a-hash')).toBe(false);
  });
});

describe('supabase/schema.sql', () => {
  it('is what the migrations give', async () => {
    const file = await readFile(SCHEMA_FILE, 'utf8');
    expect(staleMessage(file, await dumpSchema(db))).toBe('');
  });

  it('goes stale when a migration changes a table, a policy or a function body', async () => {
    const file = await readFile(SCHEMA_FILE, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(`
        alter table public.products add column stale_probe text;
        create or replace function private.stale_probe() returns int language sql as 'select 1';
      `);
      expect(staleMessage(file, await dumpSchema(tx))).toMatch(/stale: run `npm run schema`.*stale_probe/);
      await tx.rollback();
    });
  });
});
