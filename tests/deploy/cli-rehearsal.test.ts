// The deployment rehearsal (docs/deployment.md; README "Deployment" in short): the Supabase CLI from npm
// (supabase@2.117.0, pinned) pushes supabase/migrations and the seed to a fresh database that has only what a
// new hosted project has (hosted-roles.sql, bootstrap.sql) on the real PostgreSQL 17 server, connecting as
// `postgres` (not a superuser), exactly as a deployer's `supabase db push --db-url … --include-seed` does; then
// the smoke test: the catalogue read as anon and a purchase as the service role, both through `authenticator`
// switching role as PostgREST does; then the pushed database served by the real PostgREST as a project created
// today is (publishable and secret keys, tokens verified against the JWKS of an ES256 signing key). The command
// is read from docs/deployment.md, and the README's Deployment section must give the same line, so none can
// drift apart.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationFiles } from '../../supabase/local/db/baseline.ts';
import { withRequestContext, type RequestContext } from '../../supabase/local/db/db.ts';
import { PostgresDatabase } from '../../supabase/local/db/engine.ts';
import { createHostedDatabase, type RealPostgresDatabase } from '../../supabase/local/db/real-postgres.ts';
import { JWT_SECRET, stackKeys, type StackKeys } from '../../supabase/local/keys.ts';
import { startPostgrest, type RunningPostgrest } from '../postgres-stack/support/postgrest.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const requireFrom = createRequire(import.meta.url);
const cli = path.join(path.dirname(requireFrom.resolve('supabase/package.json')), 'dist/supabase.js');
/** The deployment guide: every step in full. */
const deployment = readFileSync(path.join(repo, 'docs/deployment.md'), 'utf8');
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
/** The README's Deployment section: the steps in short. */
const readmeDeployment = readme.slice(
  readme.indexOf('## Deployment'),
  readme.indexOf('\n## ', readme.indexOf('## Deployment') + 1),
);

/** The `npx supabase db push` lines of a text. */
const pushLines = (text: string) =>
  text.split('\n').filter((line) => line.trim().startsWith('npx supabase db push'));
/** The database step a deployer runs: the one `npx supabase db push` line of docs/deployment.md. */
const guidePush = pushLines(deployment);
/** What the rehearsal adds, each named in the guide's rehearsal paragraph: no prompt, and no TLS on the test server. */
const EXTRA_ARGS = ['--yes'];
const EXTRA_URL = '?sslmode=disable';

/** The guide's command as arguments of the CLI, with the target database in place of $SUPABASE_DB_URL. */
function pushArgs(url: string): string[] {
  const words = guidePush[0]!.trim().split(/\s+/).slice(2);
  return [
    ...words.map((word) => (word === '"$SUPABASE_DB_URL"' ? `${url}${EXTRA_URL}` : word)),
    ...EXTRA_ARGS,
  ];
}

let target: RealPostgresDatabase;
let deployer: PostgresDatabase;
let api: PostgresDatabase;
let push: { stdout: string; stderr: string };

const anon: RequestContext = { role: 'anon', claims: { role: 'anon', iss: 'supabase' } };
const service: RequestContext = { role: 'service_role', claims: { role: 'service_role', iss: 'supabase' } };

beforeAll(async () => {
  target = await createHostedDatabase(inject('realPostgres'));
  // The guide's command. sslmode=disable only because the test server has no certificate; hosted needs TLS.
  // Run from the repository root, as a deployer does (the CLI finds supabase/ there).
  push = await promisify(execFile)(process.execPath, [cli, ...pushArgs(target.url)], {
    cwd: repo,
    timeout: 120_000,
    env: { ...process.env, DO_NOT_TRACK: '1' },
  });
  deployer = await PostgresDatabase.connect(target.url);
  api = await PostgresDatabase.connect(target.authenticatorUrl);
}, 180_000);

afterAll(async () => {
  await deployer?.close();
  await api?.close();
  await target?.drop();
});

describe('the README and docs/deployment.md run what this rehearsal runs', () => {
  it('one db push line, with the target URL as its only variable; the extras are named in the guide', () => {
    expect(guidePush).toHaveLength(1);
    expect(pushLines(readmeDeployment).map((line) => line.trim())).toEqual([guidePush[0]!.trim()]);
    expect(guidePush[0]!.split('"$SUPABASE_DB_URL"')).toHaveLength(2);
    const args = pushArgs('postgres://target');
    expect(args.slice(0, 2)).toEqual(['db', 'push']);
    expect(args).toContain('postgres://target?sslmode=disable');
    // The checks below read the seed's catalogue: the guide's command must load it.
    expect(args).toContain('--include-seed');
    const rehearsal = deployment.slice(deployment.indexOf('`npm test` rehearses step 1 exactly'));
    for (const extra of [...EXTRA_ARGS, EXTRA_URL.slice(1)]) expect(rehearsal).toContain(`\`${extra}\``);
  });

  it('the CLI version the guide names is the one installed and pinned', () => {
    const pinned = (requireFrom('../../package.json') as { devDependencies: Record<string, string> })
      .devDependencies.supabase;
    const installed = (requireFrom('supabase/package.json') as { version: string }).version;
    expect(pinned).toBe(installed);
    expect(deployment).toContain(`\`supabase@${installed}\``);
  });
});

describe('supabase db push --db-url … --include-seed on a fresh hosted-like database', () => {
  it('applies every migration in order, then the seed', async () => {
    const files = await migrationFiles(path.join(repo, 'supabase', 'migrations'));
    const output = `${push.stdout}\n${push.stderr}`;
    for (const [, , file] of files) expect(output).toContain(`Applying migration ${file}`);
    expect(output).toContain('Seeding data from supabase/seed.sql');
    const history = await deployer.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(history.rows.map((r) => r.version)).toEqual(files.map(([version]) => version));
  });

  it('the CLI ran as postgres, which is not a superuser', async () => {
    const { rows } = await deployer.query<{ rolsuper: boolean; owner: string }>(
      `select r.rolsuper, pg_get_userbyid(c.relowner) as owner
       from pg_roles r, pg_class c where r.rolname = current_user and c.oid = 'public.products'::regclass`,
    );
    expect(rows).toEqual([{ rolsuper: false, owner: 'postgres' }]);
  });

  it('anon, through authenticator, reads the published catalogue and nothing else', async () => {
    const published = await deployer.query<{ products: number; packages: number }>(
      `select (select count(*)::int from public.products where published) as products,
              (select count(*)::int from public.packages where published) as packages`,
    );
    expect(published.rows[0]!.products).toBeGreaterThan(0);
    const seen = await withRequestContext(api, anon, async (tx) => {
      const session = await tx.query<{ session: string; role: string }>(
        'select session_user::text as session, current_user::text as role',
      );
      const catalogue = await tx.query<{ products: number; packages: number }>(
        `select (select count(*)::int from public.products) as products,
                (select count(*)::int from public.packages) as packages`,
      );
      return { ...session.rows[0]!, ...catalogue.rows[0]! };
    });
    expect(seen).toEqual({ session: 'authenticator', role: 'anon', ...published.rows[0]! });
    // No order reaches anon: refused outright where the migrations grant anon nothing on orders (least
    // privilege), or else filtered out by RLS. Either way not one row.
    const orders = await withRequestContext(api, anon, (tx) => tx.query('select id from public.orders')).then(
      (result) => result.rows,
      (error: unknown) => (error as { code?: string }).code,
    );
    expect([[], '42501']).toContainEqual(orders);
  });

  it('the service role, through authenticator, takes an order and fulfils it; the buyer then owns the audio', async () => {
    const userId = randomUUID();
    // The Auth server's part: a confirmed user.
    await deployer.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(), '{"provider":"email"}', '{}', now(), now())`,
      [userId, `rehearsal-${userId}@example.test`],
    );
    // Signed in: client data is read only through a live session (docs/security.md "Pre-registered accounts").
    await deployer.query('insert into auth.sessions (id, user_id) values ($1, $1)', [userId]);
    const product = (
      await deployer.query<{ id: string; pence: number }>(
        `select id::text as id, price_pence as pence from public.products where published order by slug limit 1`,
      )
    ).rows[0]!;

    const result = await withRequestContext(api, service, async (tx) => {
      const opened = (
        await tx.query<{ j: { order_id: string; amount_pence: number } }>(
          `select public.open_checkout_order($1, $2::jsonb) as j`,
          [userId, JSON.stringify([{ kind: 'product', id: product.id }])],
        )
      ).rows[0]!.j;
      // What create-checkout-session does with the Stripe session's id.
      await tx.query('update public.orders set stripe_session_id = $2 where id = $1', [
        opened.order_id,
        `cs_rehearsal_${opened.order_id}`,
      ]);
      const fulfilled = (
        await tx.query<{ j: { status: string; granted: number } }>(
          `select public.fulfil_order($1, $2, $3, $4) as j`,
          [
            opened.order_id,
            `cs_rehearsal_${opened.order_id}`,
            `pi_rehearsal_${opened.order_id}`,
            opened.amount_pence,
          ],
        )
      ).rows[0]!.j;
      return { opened, fulfilled };
    });
    expect(result.opened.amount_pence).toBe(product.pence);
    expect(result.fulfilled).toMatchObject({ status: 'paid', granted: 1 });

    const owned = await withRequestContext(
      api,
      {
        role: 'authenticated',
        claims: { sub: userId, role: 'authenticated', aud: 'authenticated', session_id: userId },
      },
      (tx) => tx.query<{ product_id: string }>('select product_id::text from public.purchases'),
    );
    expect(owned.rows).toEqual([{ product_id: product.id }]);
  });
});

describe('the pushed project served as a project created today: new API keys, ES256 JWT signing keys', () => {
  let keys: StackKeys;
  let postgrest: RunningPostgrest;
  /** What the gateway hands the Data API for an API key, or what Auth signs for a user: ES256 with the key's kid. */
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    // The project's signing key is generated for it, as a new project's is; the Data API trusts its JWKS only.
    keys = await stackKeys('new', null);
    const signingKey = keys.signingKey!;
    sign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signingKey.kid })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(signingKey.privateKey);
    postgrest = await startPostgrest({
      dbUri: target.authenticatorUrl,
      jwtSecret: JSON.stringify(keys.jwks),
      maxRows: 1000,
    });
  }, 60_000);

  afterAll(async () => {
    await postgrest?.stop();
  });

  const get = (path: string, token: string) =>
    fetch(`${postgrest.url}/${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('the publishable key (anon) reads the catalogue; the secret key (service_role) reads orders', async () => {
    const catalogue = await get('products?select=id,title&published=eq.true', await sign({ role: 'anon' }));
    expect(catalogue.status).toBe(200);
    expect(((await catalogue.json()) as unknown[]).length).toBeGreaterThan(0);
    const orders = await get('orders?select=id', await sign({ role: 'service_role' }));
    expect(orders.status).toBe(200);
  });

  it("a user's ES256 token is verified against the JWKS; RLS shows them only their own rows", async () => {
    const user = await sign({ role: 'authenticated', sub: randomUUID(), aud: 'authenticated' });
    const purchases = await get('purchases?select=id', user);
    expect([purchases.status, await purchases.json()]).toEqual([200, []]);
  });

  it('a token signed with a legacy HS256 secret, or by another key, is refused', async () => {
    const legacy = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await get('orders?select=id', legacy)).status).toBe(401);
    const other = (await stackKeys('new', null)).signingKey!;
    const foreign = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: other.kid })
      .setExpirationTime('5m')
      .sign(other.privateKey);
    expect((await get('orders?select=id', foreign)).status).toBe(401);
  });

  it("the guide's key table names what the site and the functions read", () => {
    const functionsKeys = readFileSync(path.join(repo, 'supabase/functions/_shared/keys.ts'), 'utf8');
    const functionsAuth = readFileSync(path.join(repo, 'supabase/functions/_shared/auth.ts'), 'utf8');
    const site = readFileSync(path.join(repo, 'src/config/supabase-env.ts'), 'utf8');
    const money = readFileSync(path.join(repo, 'docs/money.md'), 'utf8');
    for (const name of ['SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SECRET_KEYS']) {
      expect(functionsKeys).toContain(`'${name}'`);
      expect(deployment).toContain(`\`${name}\``);
    }
    expect(functionsAuth).toContain("'SUPABASE_JWKS'");
    expect(deployment).toContain('`SUPABASE_JWKS`');
    expect(site).toContain("'VITE_SUPABASE_PUBLISHABLE_KEY'");
    expect(deployment).toContain('`VITE_SUPABASE_PUBLISHABLE_KEY`');
    expect(deployment).toContain('`reconcile_secret_key`');
    expect(money).toContain("name = 'reconcile_secret_key'");
  });
});
