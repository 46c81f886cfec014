// Removing and editing a client's assignment, and a locked step as access (supabase/migrations/
// 20261128500000_programme_assignments_edit_remove_unlock.sql, docs/programmes.md): only admins remove or edit;
// removing takes back what the assignment gave unless the practitioner keeps it, never what was paid for;
// editing a client's copy leaves the template alone; audio given only by a programme streams once its step is
// open. PGlite and PostgreSQL 17.
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
  type Users,
} from './helpers.ts';

let db: Database;
let users: Users;
let products: string[];
let template: string;

async function asAdmin<T>(sql: string, params: unknown[] = []): Promise<T> {
  return withRequestContext(
    db,
    contextFor('admin', users),
    async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r,
  );
}

async function assign(email: string, programme: string | null, product: string | null, access = 'granted') {
  const result = await asAdmin<{ assignment_id: string }>(
    'select public.admin_assign_to_client($1, $2, $3, $4, $5) as r',
    [email, programme, product, 'Listen before bed', access],
  );
  return result.assignment_id;
}

async function newClient(): Promise<{ id: string; email: string }> {
  const email = `c-${randomUUID()}@example.test`;
  return { id: await createUser(db, email), email };
}

async function owned(userId: string): Promise<string[]> {
  const rows = await db.query<{ product_id: string }>(
    'select product_id from public.purchases where user_id = $1 order by product_id',
    [userId],
  );
  return rows.rows.map((row) => row.product_id);
}

async function canStream(userId: string, productId: string): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>('select public.can_stream_audio($1, $2) as ok', [
    userId,
    productId,
  ]);
  return rows.rows[0]!.ok;
}

async function markListened(userId: string, productId: string) {
  await linkIssuedAgo(db, userId, productId);
  const ctx: RequestContext = authenticatedContext(userId);
  await withRequestContext(db, ctx, async (tx) => {
    for (const seconds of [30, 0]) {
      await tx.query(
        `insert into public.listening_positions (product_id, position_seconds, rate, device_id, device_kind, played_at)
         values ($1, $2, 1, $3, 'phone', now())
         on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
           played_at = excluded.played_at`,
        [productId, seconds, randomUUID()],
      );
    }
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  products = (
    await db.query<{ id: string }>(
      'select id from public.products where published order by sort_order limit 4',
    )
  ).rows.map((row) => row.id);
  // Three steps on days 1, 2 and 3, one at a time.
  template = await asAdmin<string>('select public.admin_save_programme(null, $1, $2, true, $3) as r', [
    'Sleep well',
    'Three evenings',
    JSON.stringify(
      products.slice(0, 3).map((id, i) => ({ product_id: id, day_number: i + 1, note: `n${i}` })),
    ),
  ]);
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('programmes: only admins remove or edit an assignment', () => {
  for (const actor of ACTORS.filter((name) => name !== 'admin')) {
    it(`${actor} can neither remove nor edit one`, async () => {
      const client = await newClient();
      const id = await assign(client.email, template, null);
      const ctx = contextFor(actor, users);
      expect(await probe(db, ctx, 'select public.admin_remove_assignment($1, false)', [id])).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(
        await probe(db, ctx, `select public.admin_edit_assignment($1, 'x', 'x', '', false, '[]'::jsonb)`, [
          id,
        ]),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await probe(db, ctx, 'select public.can_stream_audio($1, $2)', [client.id, products[0]]),
      ).toMatchObject(actor === 'service' ? { ok: true } : { ok: false, code: '42501' });
      expect(await probe(db, ctx, 'select * from private.assignment_purchases')).toMatchObject({
        ok: false,
        code: '42501',
      });
    });
  }
});

describe('programmes: removing an assignment', () => {
  it('takes back the audio it gave, not what the client bought, and logs it', async () => {
    const client = await newClient();
    await db.query(
      `insert into public.purchases (user_id, product_id, title, category, price) values ($1, $2, 'Bought', 'c', 9.99)`,
      [client.id, products[0]],
    );
    const id = await assign(client.email, template, null);
    expect(await owned(client.id)).toEqual([...products.slice(0, 3)].sort());
    const programme = (
      await db.query<{ programme_id: string }>(
        'select programme_id from public.client_assignments where id = $1',
        [id],
      )
    ).rows[0]!.programme_id;

    await asAdmin('select public.admin_remove_assignment($1, false) as r', [id]);
    expect(await owned(client.id)).toEqual([products[0]]);
    expect((await db.query('select 1 from public.client_assignments where id = $1', [id])).rows).toHaveLength(
      0,
    );
    expect((await db.query('select 1 from public.programmes where id = $1', [programme])).rows).toHaveLength(
      0,
    );
    expect((await db.query('select 1 from public.programmes where id = $1', [template])).rows).toHaveLength(
      1,
    );
    const log = await db.query<{ action: string; after: { keep_audio: boolean; audio_taken_back: number } }>(
      `select action, after from public.admin_activity where entity_type = 'assignment' and entity_id = $1
       order by id`,
      [id],
    );
    expect(log.rows.map((row) => row.action)).toEqual(['assignment.create', 'assignment.delete']);
    expect(log.rows[1]!.after).toMatchObject({ keep_audio: false, audio_taken_back: 2 });
  });

  it('leaves the audio with the client when the practitioner keeps it, and it then streams as owned', async () => {
    const client = await newClient();
    const id = await assign(client.email, template, null);
    expect(await canStream(client.id, products[2]!)).toBe(false);
    await asAdmin('select public.admin_remove_assignment($1, true) as r', [id]);
    expect(await owned(client.id)).toEqual([...products.slice(0, 3)].sort());
    expect(await canStream(client.id, products[2]!)).toBe(true);
  });

  it('another granted assignment of the same audio keeps it', async () => {
    const client = await newClient();
    const single = await assign(client.email, null, products[1]!);
    const programme = await assign(client.email, template, null);
    await asAdmin('select public.admin_remove_assignment($1, false) as r', [single]);
    expect(await owned(client.id)).toEqual([...products.slice(0, 3)].sort());
    await asAdmin('select public.admin_remove_assignment($1, false) as r', [programme]);
    expect(await owned(client.id)).toEqual([]);
  });
});

describe("programmes: editing a client's copy", () => {
  it('changes the copy and the note, not the template, gives new audio and logs it', async () => {
    const client = await newClient();
    const id = await assign(client.email, template, null);
    const steps = [
      { product_id: products[3], day_number: 1, note: 'Only this one' },
      { product_id: products[0], day_number: 5, note: 'Then this' },
    ];
    await asAdmin('select public.admin_edit_assignment($1, $2, $3, $4, false, $5) as r', [
      id,
      'A new note',
      'Sleep well, for you',
      'Changed for you',
      JSON.stringify(steps),
    ]);
    const copy = await db.query<{
      note: string;
      title: string;
      introduction: string;
      sequential_unlock: boolean;
      steps: unknown;
    }>(
      `select a.note, p.title, p.introduction, p.sequential_unlock,
         (select json_agg(json_build_object('product_id', s.product_id, 'day_number', s.day_number, 'note', s.note)
                          order by s.position) from public.programme_steps s where s.programme_id = p.id) as steps
       from public.client_assignments a join public.programmes p on p.id = a.programme_id where a.id = $1`,
      [id],
    );
    expect(copy.rows[0]).toEqual({
      note: 'A new note',
      title: 'Sleep well, for you',
      introduction: 'Changed for you',
      sequential_unlock: false,
      steps,
    });
    const original = await db.query<{ title: string; introduction: string; n: number }>(
      `select p.title, p.introduction, (select count(*)::int from public.programme_steps s where s.programme_id = p.id) as n
       from public.programmes p where p.id = $1`,
      [template],
    );
    expect(original.rows[0]).toEqual({ title: 'Sleep well', introduction: 'Three evenings', n: 3 });
    expect(await owned(client.id)).toEqual([...products].sort());
    const log = await db.query<{ action: string }>(
      `select action from public.admin_activity where entity_id = $1 and action = 'assignment.update'`,
      [id],
    );
    expect(log.rows).toHaveLength(1);
  });
});

describe('programmes: a locked step holds its audio back', () => {
  it('streams step 1 at once, step 2 once step 1 was listened to, step 3 not yet', async () => {
    const client = await newClient();
    await assign(client.email, template, null);
    expect(await canStream(client.id, products[0]!)).toBe(true);
    expect(await canStream(client.id, products[1]!)).toBe(false);
    expect(await canStream(client.id, products[2]!)).toBe(false);
    const locked = await withRequestContext(
      db,
      authenticatedContext(client.id),
      async (tx) =>
        (await tx.query<{ ids: string[] }>('select public.my_locked_audio() as ids')).rows[0]!.ids,
    );
    expect(locked.sort()).toEqual(products.slice(1, 3).sort());
    await markListened(client.id, products[0]!);
    expect(await canStream(client.id, products[1]!)).toBe(true);
    expect(await canStream(client.id, products[2]!)).toBe(false);
  });

  it('opens a step on its day, counted from the day assigned', async () => {
    const client = await newClient();
    const id = await assign(client.email, template, null);
    await db.query(
      `update public.client_assignments set assigned_at = now() - interval '2 days' where id = $1`,
      [id],
    );
    expect(await canStream(client.id, products[2]!)).toBe(true);
  });

  it('never holds back audio the client owned before, nor a programme without one step at a time', async () => {
    const client = await newClient();
    await db.query(
      `insert into public.purchases (user_id, product_id, title, category, price) values ($1, $2, 'Bought', 'c', 4.99)`,
      [client.id, products[2]],
    );
    await assign(client.email, template, null);
    expect(await canStream(client.id, products[2]!)).toBe(true);
    const open = await asAdmin<string>('select public.admin_save_programme(null, $1, $2, false, $3) as r', [
      'Any order',
      '',
      JSON.stringify(
        products.slice(0, 2).map((product_id, i) => ({ product_id, day_number: i + 3, note: '' })),
      ),
    ]);
    const other = await newClient();
    await assign(other.email, open, null);
    expect(await canStream(other.id, products[1]!)).toBe(true);
  });

  it('streams nothing that is not owned, and nothing for another customer', async () => {
    const client = await newClient();
    await assign(client.email, null, products[3]!, 'offered');
    expect(await canStream(client.id, products[3]!)).toBe(false);
    expect(await canStream(users.customerB, products[0]!)).toBe(false);
  });
});
