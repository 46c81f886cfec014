// The admin dashboard's tables and functions (supabase/migrations/20261123130000_admin.sql) as anon, a
// customer, an admin and the service role: only an admin gets anything; the activity log is append-only for
// everyone; the last admin cannot be removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let anon: RequestContext;
let customer: RequestContext;
let admin: RequestContext;
let service: RequestContext;
let productId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  anon = contextFor('anon', users);
  customer = contextFor('customerA', users);
  admin = contextFor('admin', users);
  service = contextFor('service', users);
  productId = (
    await db.query<{ id: string }>(`select id from public.products where published order by slug limit 1`)
  ).rows[0]!.id;
  await db.query(
    `insert into public.admin_activity (action, entity_type, summary) values ('product.update', 'product', 'seeded row')`,
  );
  // One (expired, so outside every sales figure) order with a line, for the order functions to answer about.
  const order = await db.query<{ id: string }>(
    `insert into public.orders (user_id, status, amount_pence) values ($1, 'expired', 299) returning id`,
    [users.customerA],
  );
  await db.query(
    `insert into public.order_lines (order_id, position, kind, product_id, title, category, price_pence)
     select $1, 1, 'product', p.id, p.title, p.category, p.price_pence from public.products p where p.id = $2`,
    [order.rows[0]!.id, productId],
  );
});

afterAll(async () => {
  await closeTestDatabase(db);
});

// Every admin function with arguments that would succeed for an admin.
const FUNCTIONS: { name: string; sql: () => string; params: () => unknown[] }[] = [
  { name: 'admin_overview', sql: () => 'select public.admin_overview()', params: () => [] },
  { name: 'admin_list_orders', sql: () => 'select * from public.admin_list_orders()', params: () => [] },
  { name: 'admin_export_orders', sql: () => 'select public.admin_export_orders()', params: () => [] },
  {
    name: 'admin_order_detail',
    sql: () => `select public.admin_order_detail((select id from public.orders order by created_at limit 1))`,
    params: () => [],
  },
  {
    name: 'admin_list_customers',
    sql: () => 'select * from public.admin_list_customers()',
    params: () => [],
  },
  {
    name: 'admin_customer_purchases',
    sql: () => 'select * from public.admin_customer_purchases($1)',
    params: () => [users.customerA],
  },
  {
    name: 'admin_grant_audio',
    sql: () => 'select public.admin_grant_audio($1, $2)',
    params: () => [users.customerA, productId],
  },
  { name: 'admin_list_admins', sql: () => 'select * from public.admin_list_admins()', params: () => [] },
  {
    name: 'admin_grant_admin',
    sql: () => 'select public.admin_grant_admin($1)',
    params: () => ['admin@example.com'],
  },
  {
    name: 'admin_revoke_admin',
    sql: () => 'select public.admin_revoke_admin($1)',
    params: () => [users.customerB],
  },
];

describe('admin functions', () => {
  it.each(FUNCTIONS.map((f) => [f.name, f] as const))(
    '%s refuses anon, customers and the service role',
    async (_name, fn) => {
      for (const [who, ctx] of [
        ['anon', anon],
        ['customer', customer],
        ['service', service],
      ] as const) {
        const result = await probe(db, ctx, fn.sql(), fn.params());
        expect(result, `${fn.name} as ${who}`).toMatchObject({ ok: false, code: '42501' });
      }
    },
  );

  it('answer an admin', async () => {
    const overview = await probe(db, admin, 'select public.admin_overview() as o');
    expect(overview.ok).toBe(true);
    for (const fn of FUNCTIONS.filter((f) => !['admin_grant_admin', 'admin_revoke_admin'].includes(f.name))) {
      const result = await probe(db, admin, fn.sql(), fn.params());
      expect(result, fn.name).toMatchObject({ ok: true });
    }
  });

  it('internal helpers are not callable by any API role', async () => {
    for (const ctx of [anon, customer, admin]) {
      for (const sql of [
        `select public.log_admin_activity(null, 'x.y', 'x', null, 'forged')`,
        `select * from public.admin_filtered_orders(null, null, null, null, 10, 0)`,
        `select public.require_admin()`,
      ]) {
        expect(await probe(db, ctx, sql)).toMatchObject({ ok: false, code: '42501' });
      }
    }
    // The service role appends through log_admin_activity (refund-order), and only that.
    expect(
      await probe(db, service, `select public.log_admin_activity(null, 'order.refund', 'order', null, 'x')`),
    ).toMatchObject({ ok: true });
  });

  it('customer emails and auth.users stay out of reach of customers', async () => {
    expect(await probe(db, customer, 'select email from auth.users')).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await probe(db, customer, 'select * from public.admin_list_customers()')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

interface Overview {
  orders_all_time: number;
  revenue_all_time_pence: number;
  revenue_today_pence: number;
  customers: number;
}

describe('the customer directory (what the customers list and email search read)', () => {
  const listCustomers = (search: string | null) =>
    withRequestContext(db, admin, (tx) =>
      tx.query<{ id: string; email: string; last_sign_in_at: string | null }>(
        `select id, email, last_sign_in_at from public.admin_list_customers($1, 201, 0)`,
        [search],
      ),
    );

  it('follows auth.users: a sign-up, a changed email, a sign-in and a deletion', async () => {
    const tag = `dir-${Date.now()}`;
    const id = await createUser(db, `${tag}@example.test`);
    expect((await listCustomers(tag)).rows).toEqual([
      { id, email: `${tag}@example.test`, last_sign_in_at: null },
    ]);
    await db.query(`update auth.users set email = $2, last_sign_in_at = now() where id = $1`, [
      id,
      `${tag}-new@example.test`,
    ]);
    const changed = (await listCustomers(tag)).rows;
    expect(changed.map((row) => row.email)).toEqual([`${tag}-new@example.test`]);
    expect(changed[0]!.last_sign_in_at).not.toBeNull();
    await db.query(`delete from auth.users where id = $1`, [id]);
    expect((await listCustomers(tag)).rows).toEqual([]);
  });

  it('matches the search literally: % and _ are not wildcards', async () => {
    const tag = `lit${Date.now()}`;
    const plain = await createUser(db, `${tag}xx@example.test`);
    const underscored = await createUser(db, `${tag}_x@example.test`);
    expect((await listCustomers(`${tag}_`)).rows.map((row) => row.id)).toEqual([underscored]);
    expect((await listCustomers(`${tag}%`)).rows).toEqual([]);
    expect((await listCustomers(tag)).rows.map((row) => row.id).sort()).toEqual([plain, underscored].sort());
  });

  it('lists newest first without a search', async () => {
    const rows = (await listCustomers(null)).rows;
    const joined = await db.query<{ id: string }>(
      `select id from auth.users order by created_at desc, id desc limit 201`,
    );
    expect(rows.map((row) => row.id)).toEqual(joined.rows.map((row) => row.id));
  });
});

describe('sales rollups', () => {
  it.each(['admin_sales_by_day', 'admin_sales_by_item', 'admin_sales_by_customer', 'customer_directory'])(
    '%s is unreadable and unwritable by every API role',
    async (table) => {
      for (const ctx of [anon, customer, admin, service]) {
        expect(await probe(db, ctx, `select * from public.${table}`)).toMatchObject({
          ok: false,
          code: '42501',
        });
        expect(await probe(db, ctx, `delete from public.${table}`)).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
    },
  );

  it('follow orders: paid counts, refunded does not', async () => {
    const before = await overview();
    const order = await db.query<{ id: string }>(
      `insert into public.orders (user_id, status, amount_pence, amount_paid_pence) values ($1, 'pending', 598, 500) returning id`,
      [users.customerB],
    );
    const id = order.rows[0]!.id;
    await db.query(
      `insert into public.order_lines (order_id, position, kind, product_id, title, category, price_pence)
       values ($1, 1, 'product', $2, 'Rollup Test', 'Confidence', 299)`,
      [id, productId],
    );
    expect((await overview()).orders_all_time).toBe(before.orders_all_time);
    await db.query(`update public.orders set status = 'paid' where id = $1`, [id]);
    const paid = await overview();
    expect(paid.orders_all_time).toBe(before.orders_all_time + 1);
    expect(paid.revenue_all_time_pence).toBe(before.revenue_all_time_pence + 500);
    expect(paid.revenue_today_pence).toBe(before.revenue_today_pence + 500);
    expect(paid.customers).toBe(before.customers + 1);
    await db.query(`update public.orders set status = 'refunded', refunded_at = now() where id = $1`, [id]);
    expect(await overview()).toEqual(before);
  });

  async function overview(): Promise<Overview> {
    return withRequestContext(db, admin, async (tx) => {
      const row = (await tx.query<{ o: Overview }>('select public.admin_overview() as o')).rows[0]!;
      return row.o;
    });
  }
});

describe('admin_activity', () => {
  it('admins read it; anon and customers do not', async () => {
    const read = await probe(db, admin, 'select * from public.admin_activity');
    expect(read.ok && read.rows).toBeGreaterThan(0);
    expect(await probe(db, customer, 'select * from public.admin_activity')).toMatchObject({
      ok: true,
      rows: 0,
    });
    expect(await probe(db, anon, 'select * from public.admin_activity')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('nobody inserts directly', async () => {
    for (const ctx of [anon, customer, admin, service]) {
      const result = await probe(
        db,
        ctx,
        `insert into public.admin_activity (action, entity_type, summary) values ('product.update', 'product', 'forged')`,
      );
      expect(result).toMatchObject({ ok: false, code: '42501' });
    }
  });

  it('nobody changes or deletes a row: not the API roles, not the table owner', async () => {
    for (const ctx of [anon, customer, admin, service]) {
      for (const sql of [
        `update public.admin_activity set summary = 'changed'`,
        `delete from public.admin_activity`,
        `truncate public.admin_activity`,
      ]) {
        const result = await probe(db, ctx, sql);
        expect(result, `${ctx.role}: ${sql}`).toMatchObject({ ok: false, code: '42501' });
      }
    }
    for (const sql of [
      `update public.admin_activity set summary = 'changed'`,
      `delete from public.admin_activity`,
      `truncate public.admin_activity`,
    ]) {
      await expect(db.query(sql)).rejects.toMatchObject({ code: '42501' });
    }
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from public.admin_activity where summary = 'changed'`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('records catalogue edits with before and after, and the admin who made them', async () => {
    await withRequestContext(db, admin, async (tx) => {
      await tx.query(`update public.products set price_pence = 349 where id = $1`, [productId]);
    });
    const row = (
      await db.query<{ action: string; actor_email: string; before: unknown; after: unknown }>(
        `select action, actor_email, before, after from public.admin_activity where entity_id = $1 order by id desc limit 1`,
        [productId],
      )
    ).rows[0]!;
    expect(row).toMatchObject({
      action: 'product.update',
      actor_email: 'admin@example.com',
      before: { price_pence: 299 },
      after: { price_pence: 349 },
    });
  });
});

describe('grants and roles', () => {
  it('grant an audio: a zero-price purchase, logged, refused when already owned', async () => {
    const grantee = await createUser(db, `grantee-${Date.now()}@example.test`);
    const granted = await withRequestContext(
      db,
      admin,
      async (tx) =>
        (
          await tx.query<{ id: string }>('select public.admin_grant_audio($1, $2) as id', [
            grantee,
            productId,
          ])
        ).rows[0]!.id,
    );
    const purchase = (
      await db.query<{ price: string; user_id: string }>(
        'select price, user_id from public.purchases where id = $1',
        [granted],
      )
    ).rows[0]!;
    expect(purchase).toMatchObject({ price: '0.00', user_id: grantee });
    const log = await db.query(
      `select 1 from public.admin_activity where action = 'purchase.grant' and entity_id = $1`,
      [granted],
    );
    expect(log.rows).toHaveLength(1);
    const again = await probe(db, admin, 'select public.admin_grant_audio($1, $2)', [grantee, productId]);
    expect(again).toMatchObject({ ok: false, code: 'P0001' });
  });

  it('grant and revoke an admin by email; unknown emails are refused', async () => {
    const email = `colleague-${Date.now()}@example.test`;
    const colleague = await createUser(db, email);
    expect(
      await probe(db, admin, 'select public.admin_grant_admin($1)', ['nobody@example.test']),
    ).toMatchObject({
      ok: false,
      code: 'P0002',
    });
    await withRequestContext(db, admin, (tx) =>
      tx.query('select public.admin_grant_admin($1)', [email.toUpperCase()]),
    );
    expect(
      (await db.query(`select 1 from public.user_roles where user_id = $1 and role = 'admin'`, [colleague]))
        .rows,
    ).toHaveLength(1);
    await withRequestContext(db, admin, (tx) =>
      tx.query('select public.admin_revoke_admin($1)', [colleague]),
    );
    expect(
      (await db.query(`select 1 from public.user_roles where user_id = $1 and role = 'admin'`, [colleague]))
        .rows,
    ).toHaveLength(0);
    const actions = await db.query<{ action: string }>(
      `select action from public.admin_activity where entity_type = 'role' and entity_id = $1 order by id`,
      [colleague],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['role.create', 'role.delete']);
  });

  it('nobody removes their own admin role', async () => {
    expect(await probe(db, admin, 'select public.admin_revoke_admin($1)', [users.admin])).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('the last admin cannot be removed, even by the service role or the table owner', async () => {
    // The service role holds no DELETE on roles at all (supabase/migrations/20261125100000_explicit_grants.sql);
    // the table owner, who does, is stopped by the last-admin trigger.
    expect(
      await probe(db, service, `delete from public.user_roles where user_id = $1 and role = 'admin'`, [
        users.admin,
      ]),
    ).toMatchObject({ ok: false, code: '42501', message: 'permission denied for table user_roles' });
    await expect(db.query(`delete from public.user_roles where role = 'admin'`)).rejects.toMatchObject({
      code: '42501',
      message: 'The last admin cannot be removed',
    });
    // With a second admin, the second may remove the first's role.
    const second = await createUser(db, `second-${Date.now()}@example.test`);
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [second]);
    const secondCtx: RequestContext = {
      role: 'authenticated',
      // Signed in just now: removing a role needs a recent sign-in (docs/security.md).
      claims: {
        sub: second,
        role: 'authenticated',
        amr: [{ method: 'password', timestamp: Date.now() / 1000 }],
      },
    };
    expect(await probe(db, secondCtx, 'select public.admin_revoke_admin($1)', [users.admin])).toMatchObject({
      ok: true,
    });
  });
});
