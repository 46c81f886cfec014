// The real journeys with only the migrations' grants (the baseline grants nothing by default, as hosted Supabase
// since 2026-05-30): each step runs as the role and JWT claims the API would use, and commits, as a request does.
// anon reads the published catalogue and nothing else; a customer browses, buys (the edge functions' calls with
// the service role), reads their purchases and orders, listens, is refunded and deletes their account; an admin
// administers. Decisions: tests/database/grants-decisions.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { OWNED_SCHEMAS } from './grants-decisions.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let anon: RequestContext;
let customer: RequestContext;
let otherCustomer: RequestContext;
let admin: RequestContext;
let service: RequestContext;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  anon = contextFor('anon', users);
  customer = contextFor('customerA', users);
  otherCustomer = contextFor('customerB', users);
  admin = contextFor('admin', users);
  service = contextFor('service', users);
  // Something unpublished in each catalogue table, so "published only" can be seen.
  await db.exec(
    `insert into public.products (slug, title, category, published) values ('draft-audio', 'Draft Audio', 'Drafts', false);
     insert into public.packages (slug, title, category, published) values ('draft-package', 'Draft Package', 'Drafts', false)`,
  );
  await db.query(
    `insert into public.package_items (package_id, product_id, position)
     select pk.id, pr.id, 1 from public.packages pk, public.products pr
     where pk.slug = 'draft-package' and pr.slug = 'draft-audio'`,
  );
}, 120_000);

afterAll(async () => {
  await closeTestDatabase(db);
});

/** One request as `ctx`, committed. */
async function as<T extends Record<string, unknown>>(
  ctx: RequestContext,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return withRequestContext(db, ctx, async (tx) => (await tx.query<T>(sql, params)).rows);
}

/** The SQLSTATE a request fails with, or 'ok'. */
async function outcome(ctx: RequestContext, sql: string, params: unknown[] = []): Promise<string> {
  const result = await probe(db, ctx, sql, params);
  return result.ok ? 'ok' : result.code;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params);
  return rows[0]!.n;
}

async function publishedProducts(limit: number): Promise<{ id: string; audio_path: string }[]> {
  const { rows } = await db.query<{ id: string; audio_path: string }>(
    `select pr.id, pr.audio_path from public.products pr
     where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
     order by pr.category, pr.sort_order limit $1`,
    [limit],
  );
  return rows;
}

async function publishedPackage(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select p.id from public.packages p where p.published order by p.sort_order limit 1`,
  );
  return rows[0]!.id;
}

/** create-checkout, then Stripe's answer through verify-payment / stripe-webhook: the service role's calls. */
async function checkout(
  userId: string,
  items: { kind: 'product' | 'package'; id: string }[],
): Promise<{ orderId: string; sessionId: string; paymentIntent: string; amount: number }> {
  const [opened] = await as<{ j: { order_id: string; amount_pence: number } }>(
    service,
    `select public.open_checkout_order($1, $2::jsonb) as j`,
    [userId, JSON.stringify(items)],
  );
  const orderId = opened!.j.order_id;
  const sessionId = `cs_test_${randomUUID()}`;
  await as(service, `update public.orders set stripe_session_id = $2 where id = $1`, [orderId, sessionId]);
  return { orderId, sessionId, paymentIntent: `pi_${randomUUID()}`, amount: opened!.j.amount_pence };
}

async function pay(order: { orderId: string; sessionId: string; paymentIntent: string; amount: number }) {
  // _shared/fulfil.ts reads the order by its session, then fulfils; verify-payment reads the lines' titles.
  const [found] = await as<{ id: string; status: string }>(
    service,
    `select id, user_id, status, amount_pence, currency, stripe_session_id from public.orders
     where stripe_session_id = $1`,
    [order.sessionId],
  );
  expect(found).toMatchObject({ id: order.orderId, status: 'pending' });
  const [fulfilled] = await as<{ j: { status: string; granted: number } }>(
    service,
    `select public.fulfil_order($1, $2, $3, $4) as j`,
    [order.orderId, order.sessionId, order.paymentIntent, order.amount],
  );
  const lines = await as(
    service,
    `select title from public.order_lines where order_id = $1 order by position`,
    [order.orderId],
  );
  expect(lines.length).toBeGreaterThan(0);
  return fulfilled!.j;
}

describe('anon', () => {
  it('reads the published catalogue, only the published rows', async () => {
    for (const table of ['products', 'packages']) {
      const seen = await as(anon, `select id from public.${table}`);
      expect(seen.length).toBe(await count(`select 1 from public.${table} where published`));
      expect(seen.length).toBeGreaterThan(0);
    }
    const items = await as(anon, 'select package_id from public.package_items');
    expect(items.length).toBe(
      await count(
        `select 1 from public.package_items pi join public.packages p on p.id = pi.package_id where p.published`,
      ),
    );
    // The shop's embedded read: packages with their items' titles.
    const embedded = await as<{ n: number }>(
      anon,
      `select count(*)::int as n from public.packages p
       join public.package_items pi on pi.package_id = p.id join public.products pr on pr.id = pi.product_id`,
    );
    expect(embedded[0]!.n).toBe(items.length);
  });

  it('writes nothing in the catalogue', async () => {
    expect(
      await outcome(anon, `insert into public.products (slug, title, category) values ('x', 'X', 'Y')`),
    ).toBe('42501');
    expect(await outcome(anon, `update public.products set title = title`)).toBe('42501');
    expect(await outcome(anon, `delete from public.package_items`)).toBe('42501');
  });

  it('reads nothing else and executes no function of the owned schemas', async () => {
    const objects = await db.transaction(async (tx) => {
      await tx.query(`set local search_path to ''`);
      const relations = await tx.query<{ name: string }>(
        `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
           and c.oid::regclass::text not in ('public.products', 'public.packages', 'public.package_items')`,
        [OWNED_SCHEMAS],
      );
      // Trigger functions cannot be called outside a trigger at all; every other one is called with nulls,
      // which is enough: EXECUTE is checked before the function runs.
      const functions = await tx.query<{ call: string }>(
        `select quote_ident(n.nspname) || '.' || quote_ident(p.proname) || '(' ||
                coalesce((select string_agg('null::' || format_type(t, null), ', ' order by i)
                          from unnest(p.proargtypes) with ordinality a (t, i)), '') || ')' as call
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = any ($1) and p.prorettype <> 'trigger'::regtype`,
        [OWNED_SCHEMAS],
      );
      return { relations: relations.rows.map((r) => r.name), functions: functions.rows.map((r) => r.call) };
    });
    expect(objects.relations.length).toBeGreaterThan(5);
    expect(objects.functions.length).toBeGreaterThan(20);
    const allowed: string[] = [];
    for (const relation of objects.relations) {
      if ((await outcome(anon, `select * from ${relation} limit 1`)) !== '42501') allowed.push(relation);
    }
    for (const call of objects.functions) {
      if ((await outcome(anon, `select ${call}`)) !== '42501') allowed.push(call);
    }
    expect(allowed).toEqual([]);
  });
});

describe('a customer', () => {
  it('browses, buys, reads what they bought, listens, and is refunded', async () => {
    const [single, refundedOne] = await publishedProducts(2);
    const packageId = await publishedPackage();

    // Browsing: published catalogue, as anon sees it.
    const browsed = await as(customer, 'select id from public.products where published');
    expect(browsed.length).toBe(await count('select 1 from public.products where published'));

    // Buying a product and a package; another customer buys too.
    const order = await checkout(users.customerA, [
      { kind: 'product', id: single!.id },
      { kind: 'package', id: packageId },
    ]);
    const paid = await pay(order);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.granted).toBeGreaterThan(1);
    const others = await checkout(users.customerB, [{ kind: 'product', id: single!.id }]);
    await pay(others);

    // Reading their own purchases, orders and lines, and nobody else's.
    const purchases = await as<{ user_id: string }>(
      customer,
      'select user_id, title, price from public.purchases',
    );
    expect(purchases.length).toBe(paid.granted);
    expect(new Set(purchases.map((p) => p.user_id))).toEqual(new Set([users.customerA]));
    const orders = await as<{ id: string; status: string }>(customer, 'select id, status from public.orders');
    expect(orders).toEqual([{ id: order.orderId, status: 'paid' }]);
    const lines = await as(customer, 'select order_id, title from public.order_lines');
    expect(lines.length).toBe(2);

    // Listening: links are minted by the audio-url function with the service role after it checks the
    // purchase (docs/audio-links.md); no customer reads the full audio's object in Storage themselves.
    await db.query(`insert into storage.objects (bucket_id, name) values ('audio', $1)`, [
      single!.audio_path,
    ]);
    expect(
      await as(customer, `select name from storage.objects where name = $1`, [single!.audio_path]),
    ).toHaveLength(0);
    expect(
      await as(otherCustomer, `select name from storage.objects where name = $1`, [single!.audio_path]),
    ).toHaveLength(0);
    expect(
      await as(service, `select name from storage.objects where name = $1`, [single!.audio_path]),
    ).toHaveLength(1);

    // A second order, refunded from the dashboard (refund-order with the service role).
    const second = await checkout(users.customerA, [{ kind: 'product', id: refundedOne!.id }]);
    expect(await pay(second)).toMatchObject({ status: 'paid', granted: 1 });
    const adminRow = await as(
      service,
      `select user_id from public.user_roles where user_id = $1 and role = 'admin'`,
      [users.admin],
    );
    expect(adminRow).toHaveLength(1);
    await as(
      service,
      `select id, status, stripe_payment_intent_id, amount_pence, amount_paid_pence from public.orders where id = $1`,
      [second.orderId],
    );
    const [refund] = await as<{ j: { status: string; revoked: number } }>(
      service,
      'select public.mark_order_refunded($1) as j',
      [second.paymentIntent],
    );
    expect(refund!.j).toMatchObject({ status: 'refunded', revoked: 1 });
    await as(service, `select public.log_admin_activity($1, 'order.refund', 'order', $2, 'refunded')`, [
      users.admin,
      second.orderId,
    ]);
    expect(
      await as(customer, 'select 1 from public.purchases where product_id = $1', [refundedOne!.id]),
    ).toHaveLength(0);
    expect(await as(customer, 'select status from public.orders where id = $1', [second.orderId])).toEqual([
      { status: 'refunded' },
    ]);

    // A checkout that expired (stripe-webhook), and one Stripe refused (create-checkout marks it failed).
    const expired = await checkout(users.customerA, [{ kind: 'product', id: refundedOne!.id }]);
    const [closed] = await as<{ closed: boolean }>(
      service,
      `select public.close_unpaid_order($1, 'expired') as closed`,
      [expired.sessionId],
    );
    expect(closed!.closed).toBe(true);
    const failed = await checkout(users.customerA, [{ kind: 'product', id: refundedOne!.id }]);
    await as(service, `update public.orders set status = 'failed' where id = $1 and status = 'pending'`, [
      failed.orderId,
    ]);
    const statuses = await as<{ status: string }>(customer, 'select status from public.orders');
    expect(statuses.map((o) => o.status).sort()).toEqual(['expired', 'failed', 'paid', 'refunded']);

    // The server-side purchase call of docs/product-rules.md §7 (insert_purchase).
    const [inserted] = await as<{ id: string }>(
      service,
      `select public.insert_purchase($1, title, category, 2.99, '#') as id from public.products where id = $2`,
      [users.customerA, refundedOne!.id],
    );
    expect(inserted!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing of their own: no orders, purchases or roles, no RPC of the service role', async () => {
    for (const sql of [
      `insert into public.purchases (user_id, title, price) values ('${users.customerA}', 'Free', 0)`,
      `update public.orders set status = 'paid'`,
      `insert into public.user_roles (user_id, role) values ('${users.customerA}', 'admin')`,
      `update public.user_roles set role = 'admin'`,
      `select public.open_checkout_order('${users.customerA}', '[]'::jsonb)`,
      `select public.fulfil_order(gen_random_uuid(), 'cs', 'pi', 0)`,
      `select public.admin_overview()`,
    ]) {
      expect(await outcome(customer, sql), sql).toBe('42501');
    }
  });

  it('deletes their account (delete-account with the service role)', async () => {
    const leaving = await createUser(db, `leaving-${randomUUID()}@example.test`);
    const [product] = await publishedProducts(1);
    await pay(await checkout(leaving, [{ kind: 'product', id: product!.id }]));
    const [result] = await as<{ j: Record<string, number> }>(
      service,
      'select public.delete_account($1) as j',
      [leaving],
    );
    expect(result!.j).toEqual({
      purchases_deleted: 1,
      orders_anonymised: 1,
      roles_deleted: 0,
      log_entries_anonymised: 0,
    });
    expect(await count('select 1 from auth.users where id = $1', [leaving])).toBe(0);
  });
});

describe('an admin', () => {
  it('administers the catalogue, orders, customers, admins and the log', async () => {
    // Catalogue through REST (the admin policies), as the dashboard does.
    const [created] = await as<{ id: string }>(
      admin,
      `insert into public.products (slug, title, category, price_pence, published)
       values ($1, 'Grants Journey Audio', 'Confidence', 399, false) returning id`,
      [`grants-journey-${randomUUID().slice(0, 6)}`],
    );
    await as(
      admin,
      `update public.products set title = 'Grants Journey Audio 2' where id = $1 returning id`,
      [created!.id],
    );
    expect(await as(admin, 'select id from public.products where id = $1', [created!.id])).toHaveLength(1);

    // Packages through the admin functions, then published with a plain update.
    const [pkg] = await as<{ id: string }>(
      admin,
      `select public.admin_create_package('Grants Journey Package', '', 'Confidence', 599, false, $1::uuid[]) as id`,
      [[created!.id]],
    );
    const [extra] = await publishedProducts(1);
    await as(admin, 'select public.admin_add_package_item($1, $2)', [pkg!.id, extra!.id]);
    await as(admin, 'select public.admin_remove_package_item($1, $2)', [pkg!.id, extra!.id]);
    await as(admin, 'update public.packages set published = true where id = $1', [pkg!.id]);
    await as(admin, 'delete from public.package_items where package_id = $1 and product_id = $2', [
      pkg!.id,
      created!.id,
    ]);
    await as(admin, 'delete from public.packages where id = $1', [pkg!.id]);
    await as(admin, 'delete from public.products where id = $1', [created!.id]);

    // Uploading audio (storage policy: admins).
    await as(admin, `insert into storage.objects (bucket_id, name) values ('audio', $1)`, [
      `full/${randomUUID()}.mp3`,
    ]);

    // Orders and customers.
    // An audio customer A does not own yet (they bought the first two in the customer journey).
    const product = (await publishedProducts(3))[2];
    const order = await checkout(users.customerB, [{ kind: 'package', id: await publishedPackage() }]);
    await pay(order);
    expect((await as(admin, 'select id from public.orders')).length).toBe(
      await count('select 1 from public.orders'),
    );
    expect((await as(admin, 'select id from public.purchases')).length).toBe(
      await count('select 1 from public.purchases'),
    );
    await as(admin, 'select public.admin_overview()');
    expect(
      await as(admin, 'select * from public.admin_list_orders(null, null, null, null, 10, 0)'),
    ).not.toHaveLength(0);
    await as(admin, 'select public.admin_export_orders()');
    await as(admin, 'select public.admin_order_detail($1)', [order.orderId]);
    expect(
      await as(admin, `select * from public.admin_list_customers('example.test', 10, 0)`),
    ).not.toHaveLength(0);
    await as(admin, 'select public.admin_grant_audio($1, $2)', [users.customerA, product!.id]);
    expect(
      await as(admin, 'select * from public.admin_customer_purchases($1)', [users.customerA]),
    ).not.toHaveLength(0);

    // Roles: through the functions and through REST (the roles policies).
    const { rows } = await db.query<{ email: string }>('select email from auth.users where id = $1', [
      users.customerB,
    ]);
    await as(admin, 'select public.admin_grant_admin($1)', [rows[0]!.email]);
    expect(await as(admin, 'select * from public.admin_list_admins()')).toHaveLength(2);
    await as(admin, 'select public.admin_revoke_admin($1)', [users.customerB]);
    await as(admin, `insert into public.user_roles (user_id, role) values ($1, 'customer')`, [
      users.customerB,
    ]);
    await as(admin, `delete from public.user_roles where user_id = $1 and role = 'customer'`, [
      users.customerB,
    ]);

    // The activity log shows all of it.
    const actions = (
      await as<{ action: string }>(admin, 'select action from public.admin_activity where actor_id = $1', [
        users.admin,
      ])
    ).map((row) => row.action);
    for (const action of [
      'product.create',
      'product.update',
      'product.delete',
      'package.create',
      'purchase.grant',
    ]) {
      expect(actions).toContain(action);
    }
  });
});

describe('the service role', () => {
  it('holds nothing beyond what the edge functions use', async () => {
    for (const sql of [
      `update public.products set title = title`,
      `insert into public.user_roles (user_id, role) values ('${users.customerA}', 'admin')`,
      `delete from public.orders`,
      `update public.purchases set price = 0`,
      `select * from public.admin_activity`,
      `select public.admin_overview()`,
      `select public.is_admin()`,
    ]) {
      expect(await outcome(service, sql), sql).toBe('42501');
    }
  });
});
