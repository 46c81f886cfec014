// Programmes (supabase/migrations/20261126500000_programmes.sql, docs/programmes.md): only the client and admins
// read assignments, programmes, steps and progress; only admins read and write the private note; nobody writes
// the rest through the API except the admin functions; a new email's assignment waits for its account; progress
// follows the player's saved positions; everything goes with the account. PGlite and PostgreSQL 17.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import {
  ACTORS,
  authenticatedContext,
  contextFor,
  createUser,
  linkIssuedAgo,
  createUsers,
  probe,
  type Actor,
  type Users,
} from './helpers.ts';

let db: Database;
let users: Users;
let emailA: string;
let productIds: string[];
let assignmentA: string;
let programmeA: string;
let template: string;

async function asActor<T>(actor: RequestContext, sql: string, params: unknown[] = []): Promise<T> {
  return withRequestContext(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);
}

async function assign(email: string, programme: string | null, product: string | null, access = 'granted') {
  return asActor<{ assignment_id: string; has_account: boolean }>(
    contextFor('admin', users),
    'select public.admin_assign_to_client($1, $2, $3, $4, $5) as r',
    [email, programme, product, 'Listen before bed', access],
  );
}

async function savePosition(userId: string, productId: string, seconds: number, playedAt: string) {
  // Listening since a link an hour ago: every position here is credible (tests/database/progress-evidence.test.ts).
  await linkIssuedAgo(db, userId, productId);
  const ctx: RequestContext = authenticatedContext(userId);
  await withRequestContext(db, ctx, async (tx) => {
    await tx.query(
      `insert into public.listening_positions (product_id, position_seconds, rate, device_id, device_kind, played_at)
       values ($1, $2, 1, $3, 'phone', $4)
       on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
         played_at = excluded.played_at`,
      [productId, seconds, randomUUID(), playedAt],
    );
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  emailA = (
    await db.query<{ email: string }>('select email from auth.users where id = $1', [users.customerA])
  ).rows[0]!.email;
  productIds = (
    await db.query<{ id: string }>(
      'select id from public.products where published order by sort_order limit 4',
    )
  ).rows.map((row) => row.id);
  template = await asActor<string>(
    contextFor('admin', users),
    'select public.admin_save_programme(null, $1, $2, true, $3) as r',
    [
      'Sleep well',
      'Three evenings',
      JSON.stringify(
        productIds.slice(0, 3).map((id, i) => ({ product_id: id, day_number: i + 1, note: `n${i}` })),
      ),
    ],
  );
  const assigned = await assign(emailA, template, null);
  assignmentA = assigned.assignment_id;
  programmeA = (
    await db.query<{ programme_id: string }>(
      'select programme_id from public.client_assignments where id = $1',
      [assignmentA],
    )
  ).rows[0]!.programme_id;
  await db.query('insert into public.client_notes (user_id, note) values ($1, $2)', [
    users.customerA,
    'private',
  ]);
  await savePosition(users.customerA, productIds[0]!, 30, new Date(Date.now() - 60_000).toISOString());
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('programmes: who reads what', () => {
  const tables = ['client_assignments', 'programme_progress', 'client_notes'] as const;
  const expected: Record<Actor, Record<(typeof tables)[number], number | 'all' | 'denied'>> = {
    anon: { client_assignments: 'denied', programme_progress: 'denied', client_notes: 'denied' },
    customerA: { client_assignments: 1, programme_progress: 1, client_notes: 0 },
    customerB: { client_assignments: 0, programme_progress: 0, client_notes: 0 },
    admin: { client_assignments: 'all', programme_progress: 'all', client_notes: 'all' },
    service: { client_assignments: 'all', programme_progress: 'denied', client_notes: 'denied' },
  };
  for (const actor of ACTORS) {
    for (const table of tables) {
      it(`${actor} reads ${String(expected[actor][table])} of ${table}`, async () => {
        const total = (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))
          .rows[0]!.n;
        expect(total).toBeGreaterThan(0);
        const result = await probe(db, contextFor(actor, users), `select * from public.${table}`);
        const want = expected[actor][table];
        if (want === 'denied') expect(result).toMatchObject({ ok: false, code: '42501' });
        else expect(result).toMatchObject({ ok: true, rows: want === 'all' ? total : want });
      });
    }

    it(`${actor} reads the assigned programme and its steps only if it is theirs or an admin`, async () => {
      const ctx = contextFor(actor, users);
      const programme = await probe(db, ctx, 'select * from public.programmes where id = $1', [programmeA]);
      const steps = await probe(db, ctx, 'select * from public.programme_steps where programme_id = $1', [
        programmeA,
      ]);
      const templateRead = await probe(db, ctx, 'select * from public.programmes where id = $1', [template]);
      if (actor === 'anon' || actor === 'service') {
        expect(programme).toMatchObject({ ok: false, code: '42501' });
        expect(steps).toMatchObject({ ok: false, code: '42501' });
        return;
      }
      const sees = actor === 'customerA' || actor === 'admin';
      expect(programme).toMatchObject({ ok: true, rows: sees ? 1 : 0 });
      expect(steps).toMatchObject({ ok: true, rows: sees ? 3 : 0 });
      expect(templateRead).toMatchObject({ ok: true, rows: actor === 'admin' ? 1 : 0 });
    });

    it(`${actor} writes no assignment, programme, step or progress through the API`, async () => {
      const ctx = contextFor(actor, users);
      for (const sql of [
        `insert into public.client_assignments (email, product_id, access) values ('x@example.test', '${productIds[0]}', 'granted')`,
        `update public.client_assignments set note = 'x'`,
        'delete from public.client_assignments',
        `insert into public.programmes (title) values ('x')`,
        `update public.programme_steps set note = 'x'`,
        'delete from public.programme_progress',
      ]) {
        expect(await probe(db, ctx, sql)).toMatchObject({ ok: false, code: '42501' });
      }
    });

    it(`${actor} ${actor === 'admin' ? 'writes' : 'cannot write'} the private note`, async () => {
      const ctx = contextFor(actor, users);
      const update = await probe(
        db,
        ctx,
        `update public.client_notes set note = 'changed' where user_id = $1`,
        [users.customerA],
      );
      if (actor === 'admin') expect(update).toMatchObject({ ok: true, rows: 1 });
      else if (actor === 'anon' || actor === 'service')
        expect(update).toMatchObject({ ok: false, code: '42501' });
      else expect(update).toMatchObject({ ok: true, rows: 0 });
      const insert = await probe(
        db,
        ctx,
        `insert into public.client_notes (user_id, note) values ($1, 'x')`,
        [users.customerB],
      );
      if (actor === 'admin') expect(insert).toMatchObject({ ok: true, rows: 1 });
      else expect(insert).toMatchObject({ ok: false, code: '42501' });
    });

    if (actor !== 'admin') {
      it(`${actor} cannot call the admin functions`, async () => {
        const ctx = contextFor(actor, users);
        const result = await probe(db, ctx, 'select public.admin_duplicate_programme($1)', [template]);
        expect(result).toMatchObject({ ok: false, code: '42501' });
        const assigned = await probe(
          db,
          ctx,
          `select public.admin_assign_to_client($1, $2, null, '', 'granted')`,
          [emailA, template],
        );
        expect(assigned).toMatchObject({ ok: false, code: '42501' });
      });
    }
  }
});

describe('programmes: assigning', () => {
  it('copies the template for the client, grants its audio at no cost and logs it', async () => {
    expect(programmeA).not.toBe(template);
    const copy = await db.query<{ is_template: boolean; steps: number }>(
      `select p.is_template, (select count(*)::int from public.programme_steps s where s.programme_id = p.id) as steps
       from public.programmes p where p.id = $1`,
      [programmeA],
    );
    expect(copy.rows[0]).toEqual({ is_template: false, steps: 3 });
    const owned = await db.query<{ product_id: string; price: string }>(
      'select product_id, price::text from public.purchases where user_id = $1 order by product_id',
      [users.customerA],
    );
    expect(owned.rows.map((row) => row.product_id).sort()).toEqual(productIds.slice(0, 3).sort());
    expect(owned.rows.every((row) => Number(row.price) === 0)).toBe(true);
    const log = await db.query<{ action: string }>(
      `select action from public.admin_activity where entity_type = 'assignment' and entity_id = $1`,
      [assignmentA],
    );
    expect(log.rows).toEqual([{ action: 'assignment.create' }]);
  });

  it('an offered audio is not granted', async () => {
    const result = await assign(emailA, null, productIds[3]!, 'offered');
    expect(result.has_account).toBe(true);
    const owned = await db.query('select 1 from public.purchases where user_id = $1 and product_id = $2', [
      users.customerA,
      productIds[3],
    ]);
    expect(owned.rows).toHaveLength(0);
  });

  it('a new email waits for its account, which then sees it and owns the granted audio', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const result = await assign(email, template, null);
    expect(result.has_account).toBe(false);
    const userId = await createUser(db, email);
    const linked = await db.query<{ user_id: string }>(
      'select user_id from public.client_assignments where id = $1',
      [result.assignment_id],
    );
    expect(linked.rows[0]!.user_id).toBe(userId);
    const owned = await db.query('select 1 from public.purchases where user_id = $1', [userId]);
    expect(owned.rows).toHaveLength(3);
  });

  it('duplicating makes a new template with the same steps', async () => {
    const copy = await asActor<string>(
      contextFor('admin', users),
      'select public.admin_duplicate_programme($1) as r',
      [template],
    );
    const rows = await db.query<{ title: string; steps: number }>(
      `select p.title, (select count(*)::int from public.programme_steps s where s.programme_id = p.id) as steps
       from public.programmes p where p.id = $1 and p.is_template`,
      [copy],
    );
    expect(rows.rows[0]).toEqual({ title: 'Sleep well (copy)', steps: 3 });
  });
});

describe('programmes: progress from listening positions', () => {
  it('records how far an assigned audio was played, and listened when the player saved it finished (0)', async () => {
    const before = await db.query<{ furthest_seconds: number; listened_at: unknown }>(
      'select furthest_seconds, listened_at from public.programme_progress where user_id = $1 and product_id = $2',
      [users.customerA, productIds[0]],
    );
    expect(before.rows[0]).toMatchObject({ furthest_seconds: 30, listened_at: null });
    await savePosition(users.customerA, productIds[0]!, 0, new Date().toISOString());
    const after = await db.query<{ furthest_seconds: number; listened_at: unknown }>(
      'select furthest_seconds, listened_at from public.programme_progress where user_id = $1 and product_id = $2',
      [users.customerA, productIds[0]],
    );
    // Saved finished (0) with a credible listen (a link an hour ago): it reached the end.
    const duration = await db.query<{ d: number }>(
      'select duration_seconds as d from public.products where id = $1',
      [productIds[0]],
    );
    expect(after.rows[0]!.furthest_seconds).toBe(duration.rows[0]!.d);
    expect(after.rows[0]!.listened_at).not.toBeNull();
  });

  it('keeps nothing for audio that was not assigned', async () => {
    const other = users.customerB;
    await db.query(
      `insert into public.purchases (user_id, product_id, title, category, price) values ($1, $2, 't', 'c', 0)`,
      [other, productIds[0]],
    );
    await savePosition(other, productIds[0]!, 40, new Date().toISOString());
    const rows = await db.query('select 1 from public.programme_progress where user_id = $1', [other]);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('programmes: with the account', () => {
  it("deleting the account removes its assignments, its programme copy, progress and the practitioner's note", async () => {
    await db.query('delete from auth.users where id = $1', [users.customerA]);
    for (const [sql, params] of [
      ['select 1 from public.client_assignments where user_id = $1', [users.customerA]],
      ['select 1 from public.programme_progress where user_id = $1', [users.customerA]],
      ['select 1 from public.client_notes where user_id = $1', [users.customerA]],
      ['select 1 from public.programmes where id = $1', [programmeA]],
    ] as const) {
      expect((await db.query(sql, [...params])).rows).toHaveLength(0);
    }
    expect((await db.query('select 1 from public.programmes where id = $1', [template])).rows).toHaveLength(
      1,
    );
  });
});
