// Packages managed from the dashboard (supabase/migrations/20261124010000_admin_packages.sql) as anon, a
// customer, an admin and the service role: only an admin creates a package or changes its contents; each
// write is logged with before and after; bad input changes nothing; purchases survive content changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let anon: RequestContext;
let customer: RequestContext;
let admin: RequestContext;
let service: RequestContext;
let products: { id: string; title: string }[];
let packageId: string;

async function asAdmin<T>(sql: string, params: unknown[]): Promise<T> {
  return withRequestContext(db, admin, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);
}

async function contents(id: string): Promise<string[]> {
  const result = await db.query<{ product_id: string }>(
    'select product_id from public.package_items where package_id = $1 order by position',
    [id],
  );
  return result.rows.map((row) => row.product_id);
}

async function packageCount(): Promise<number> {
  return (await db.query<{ n: number }>('select count(*)::int as n from public.packages')).rows[0]!.n;
}

const CREATE = 'select public.admin_create_package($1, $2, $3, $4, $5, $6::uuid[]) as r';

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  anon = contextFor('anon', users);
  customer = contextFor('customerA', users);
  admin = contextFor('admin', users);
  service = contextFor('service', users);
  products = (
    await db.query<{ id: string; title: string }>(
      'select id, title from public.products where published order by slug limit 4',
    )
  ).rows;
  packageId = await asAdmin<string>(CREATE, [
    'Policy Test Package',
    'For the policy tests',
    'Tests',
    999,
    false,
    [products[0]!.id],
  ]);
});

afterAll(async () => {
  await closeTestDatabase(db);
});

const FUNCTIONS: { name: string; sql: string; params: () => unknown[] }[] = [
  {
    name: 'admin_create_package',
    sql: CREATE,
    params: () => ['Refused', '', 'Tests', 500, false, [products[1]!.id]],
  },
  {
    name: 'admin_add_package_item',
    sql: 'select public.admin_add_package_item($1, $2)',
    params: () => [packageId, products[1]!.id],
  },
  {
    name: 'admin_remove_package_item',
    sql: 'select public.admin_remove_package_item($1, $2)',
    params: () => [packageId, products[0]!.id],
  },
];

describe('package functions', () => {
  it.each(FUNCTIONS.map((f) => [f.name, f] as const))(
    '%s refuses anon, customers and the service role; answers an admin',
    async (_name, fn) => {
      for (const [who, ctx] of [
        ['anon', anon],
        ['customer', customer],
        ['service', service],
      ] as const) {
        expect(await probe(db, ctx, fn.sql, fn.params()), `${fn.name} as ${who}`).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
      expect(await probe(db, admin, fn.sql, fn.params()), `${fn.name} as admin`).toMatchObject({ ok: true });
      expect(await contents(packageId)).toEqual([products[0]!.id]);
    },
  );

  it('the slug helper is not callable by any API role', async () => {
    for (const ctx of [anon, customer, admin]) {
      expect(await probe(db, ctx, `select public.admin_package_slug('x')`)).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
  });

  it('customers cannot write packages or their contents through REST either', async () => {
    expect(
      await probe(db, customer, 'delete from public.package_items where package_id = $1', [packageId]),
    ).toMatchObject({ ok: true, rows: 0 });
    expect(
      await probe(
        db,
        customer,
        `insert into public.package_items (package_id, product_id, position) values ($1, $2, 9)`,
        [packageId, products[2]!.id],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(await contents(packageId)).toEqual([products[0]!.id]);
  });
});

describe('creating a package', () => {
  it('keeps the audios in the given order, logged as package and content creations', async () => {
    const ids = [products[2]!.id, products[1]!.id];
    const id = await asAdmin<string>(CREATE, ['  Evening Pair  ', 'Two audios', 'Sleep', 1299, true, ids]);
    const row = (
      await db.query<Record<string, unknown>>(
        'select title, description, category, price_pence, published, slug from public.packages where id = $1',
        [id],
      )
    ).rows[0]!;
    expect(row).toMatchObject({
      title: 'Evening Pair',
      description: 'Two audios',
      category: 'Sleep',
      price_pence: 1299,
      published: true,
    });
    expect(row.slug).toMatch(/^evening-pair-[a-z0-9]{6}$/);
    expect(await contents(id)).toEqual(ids);

    const log = await db.query<{ action: string; actor_email: string; summary: string; after: unknown }>(
      'select action, actor_email, summary, after from public.admin_activity where entity_id = $1 order by id',
      [id],
    );
    expect(log.rows.map((entry) => entry.action)).toEqual([
      'package.create',
      'package_item.create',
      'package_item.create',
    ]);
    expect(log.rows[0]).toMatchObject({ actor_email: 'admin@example.com', after: { price_pence: 1299 } });
    expect(log.rows[1]).toMatchObject({
      summary: `${products[2]!.title} in Evening Pair`,
      after: { product_id: products[2]!.id, position: 1 },
    });
  });

  it.each([
    ['an empty title', ['  ', '', 'Sleep', 500, false, []], 'Enter a title.'],
    ['an empty category', ['Title', '', ' ', 500, false, []], 'Enter a category.'],
    ['a zero price', ['Title', '', 'Sleep', 0, false, []], 'Enter a price in pounds and pence'],
    ['a price over £9,999.99', ['Title', '', 'Sleep', 1_000_000, false, []], 'Enter a price'],
    ['published without audios', ['Title', '', 'Sleep', 500, true, []], 'Add at least one audio'],
    ['an audio twice', ['Title', '', 'Sleep', 500, false, 'twice'], 'only once'],
    ['an unknown audio', ['Title', '', 'Sleep', 500, false, 'unknown'], 'no longer in the catalogue'],
  ] as const)('refuses %s and changes nothing', async (_case, args, message) => {
    const before = await packageCount();
    const ids =
      args[5] === 'twice'
        ? [products[0]!.id, products[0]!.id]
        : args[5] === 'unknown'
          ? ['00000000-0000-4000-a000-000000000000']
          : [];
    const result = await probe(db, admin, CREATE, [...args.slice(0, 5), ids]);
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? '' : result.message).toContain(message);
    expect(await packageCount()).toBe(before);
  });
});

describe('changing what a package contains', () => {
  it('adds at the end and removes in place, logged with before and after', async () => {
    const id = await asAdmin<string>(CREATE, [
      'Ordered',
      '',
      'Tests',
      700,
      false,
      [products[0]!.id, products[1]!.id],
    ]);
    await asAdmin('select public.admin_add_package_item($1, $2) as r', [id, products[2]!.id]);
    await asAdmin('select public.admin_remove_package_item($1, $2) as r', [id, products[1]!.id]);
    await asAdmin('select public.admin_add_package_item($1, $2) as r', [id, products[3]!.id]);
    expect(await contents(id)).toEqual([products[0]!.id, products[2]!.id, products[3]!.id]);

    const removal = (
      await db.query<{ before: unknown; after: unknown; summary: string }>(
        `select before, after, summary from public.admin_activity
         where entity_id = $1 and action = 'package_item.delete'`,
        [id],
      )
    ).rows;
    expect(removal).toEqual([
      {
        before: { package_id: id, product_id: products[1]!.id, position: 2 },
        after: null,
        summary: `${products[1]!.title} in Ordered`,
      },
    ]);
  });

  it('refuses an audio already in the package, an unknown one and one not in it', async () => {
    expect(
      await probe(db, admin, 'select public.admin_add_package_item($1, $2)', [packageId, products[0]!.id]),
    ).toMatchObject({ ok: false, code: '23505' });
    expect(
      await probe(db, admin, 'select public.admin_add_package_item($1, $2)', [
        packageId,
        '00000000-0000-4000-a000-000000000000',
      ]),
    ).toMatchObject({ ok: false, code: 'P0002' });
    expect(
      await probe(db, admin, 'select public.admin_remove_package_item($1, $2)', [packageId, products[3]!.id]),
    ).toMatchObject({ ok: false, code: 'P0002' });
    expect(await contents(packageId)).toEqual([products[0]!.id]);
  });

  it('a published package keeps at least one audio; an empty one cannot be published through REST', async () => {
    const id = await asAdmin<string>(CREATE, ['Single', '', 'Tests', 500, true, [products[0]!.id]]);
    const byFunction = await probe(db, admin, 'select public.admin_remove_package_item($1, $2)', [
      id,
      products[0]!.id,
    ]);
    expect(byFunction).toMatchObject({ ok: false, code: '22023' });
    expect(await contents(id)).toEqual([products[0]!.id]);

    const empty = await asAdmin<string>(CREATE, ['Empty', '', 'Tests', 500, false, []]);
    expect(
      await probe(db, admin, 'update public.packages set published = true where id = $1', [empty]),
    ).toMatchObject({ ok: false, code: '23514' });
    // Other edits of an empty package, and publishing one with audios, are fine.
    expect(
      await probe(db, admin, `update public.packages set title = 'Still empty' where id = $1`, [empty]),
    ).toMatchObject({ ok: true, rows: 1 });
    expect(
      await probe(db, admin, 'update public.packages set published = true where id = $1', [packageId]),
    ).toMatchObject({ ok: true, rows: 1 });
    // Deleting a whole published package is still possible (its contents go with it).
    expect(await probe(db, admin, 'delete from public.packages where id = $1', [id])).toMatchObject({
      ok: true,
      rows: 1,
    });
  });

  it('never takes away what a customer bought', async () => {
    const id = await asAdmin<string>(CREATE, [
      'Bought',
      '',
      'Tests',
      800,
      true,
      [products[0]!.id, products[1]!.id],
    ]);
    await db.query(
      `insert into public.purchases (user_id, product_id, title, category, price)
       select $1, p.id, p.title, p.category, 4.00 from public.products p where p.id = any($2::uuid[])`,
      [users.customerB, [products[0]!.id, products[1]!.id]],
    );
    await asAdmin('select public.admin_remove_package_item($1, $2) as r', [id, products[1]!.id]);
    const owned = await db.query<{ product_id: string }>(
      'select product_id from public.purchases where user_id = $1 and product_id = any($2::uuid[]) order by title',
      [users.customerB, [products[0]!.id, products[1]!.id]],
    );
    expect(owned.rows).toHaveLength(2);
  });
});
