// A privately uploaded audio as a step of a client's copy of a programme (supabase/migrations/
// 20261129600000_private_programme_steps.sql, docs/programmes.md "Private audio as a step"): only admins add
// one, and only for that client; another customer and an anonymous caller read neither the step's audio nor
// its file; a locked private step is held back exactly as a catalogue step; progress is kept for it; removing
// the assignment removes it unless another assignment of the client uses it; templates stay catalogue-only.
// PGlite and PostgreSQL 17.
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
let emailA: string;

async function asAdmin<T>(sql: string, params: unknown[] = []): Promise<T> {
  return withRequestContext(
    db,
    contextFor('admin', users),
    async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r,
  );
}

function listener(userId: string): RequestContext {
  return authenticatedContext(userId);
}

async function storeObject(): Promise<string> {
  const name = `${randomUUID()}.mp3`;
  await db.query(`insert into storage.objects (bucket_id, name) values ('private-audio', $1)`, [name]);
  // What check-audio-upload records once it has read the stored bytes (docs/security.md "Uploads").
  await db.query(
    `insert into private.checked_uploads (bucket_id, object_name, duration_seconds) values ('private-audio', $1, 600)`,
    [name],
  );
  return name;
}

async function assignTemplate(email: string): Promise<string> {
  const result = await asAdmin<{ assignment_id: string }>(
    'select public.admin_assign_to_client($1, $2, null, $3, $4) as r',
    [email, template, '', 'granted'],
  );
  return result.assignment_id;
}

async function addPrivate(assignment: string, object: string, title = 'Your own words'): Promise<string> {
  return asAdmin<string>('select public.admin_add_private_audio($1, $2, 600, $3) as r', [
    assignment,
    title,
    object,
  ]);
}

/** Step 1 the template's first catalogue audio, step 2 the private audio (one at a time, days 1 and 2). */
async function editSteps(assignment: string, privateAudio: string) {
  await asAdmin('select public.admin_edit_assignment($1, $2, $3, $4, true, $5) as r', [
    assignment,
    'Two evenings',
    'Sleep well',
    '',
    JSON.stringify([
      { product_id: products[0], day_number: 1, note: 'First' },
      { private_audio_id: privateAudio, day_number: 2, note: 'Made for you' },
    ]),
  ]);
}

async function canStream(userId: string, audioId: string): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>('select public.can_stream_audio($1, $2) as ok', [
    userId,
    audioId,
  ]);
  return rows.rows[0]!.ok;
}

async function lockedFor(userId: string): Promise<string[]> {
  return withRequestContext(
    db,
    listener(userId),
    async (tx) => (await tx.query<{ ids: string[] }>('select public.my_locked_audio() as ids')).rows[0]!.ids,
  );
}

async function markListened(userId: string, audioId: string) {
  await linkIssuedAgo(db, userId, audioId);
  await withRequestContext(db, listener(userId), async (tx) => {
    for (const seconds of [30, 0]) {
      await tx.query(
        `insert into public.listening_positions (product_id, position_seconds, rate, device_id, device_kind, played_at)
         values ($1, $2, 1, $3, 'phone', now())
         on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
           played_at = excluded.played_at`,
        [audioId, seconds, randomUUID()],
      );
    }
  });
}

let assignmentA: string;
let privateA: string;
let objectA: string;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  emailA = (
    await db.query<{ email: string }>('select email from auth.users where id = $1', [users.customerA])
  ).rows[0]!.email;
  products = (
    await db.query<{ id: string }>(
      'select id from public.products where published order by sort_order limit 2',
    )
  ).rows.map((row) => row.id);
  template = await asAdmin<string>('select public.admin_save_programme(null, $1, $2, true, $3) as r', [
    'Sleep well',
    '',
    JSON.stringify(products.map((product_id, i) => ({ product_id, day_number: i + 1, note: '' }))),
  ]);
  assignmentA = await assignTemplate(emailA);
  objectA = await storeObject();
  privateA = await addPrivate(assignmentA, objectA);
  await editSteps(assignmentA, privateA);
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('a private step: who reads it', () => {
  for (const actor of ACTORS) {
    it(`${actor} reads the step's private audio only if it is theirs or they are an admin`, async () => {
      const read = await probe(
        db,
        contextFor(actor, users),
        `select pa.title from public.programme_steps s join public.private_audio pa on pa.id = s.private_audio_id
         where pa.id = $1`,
        [privateA],
      );
      // The service role has no grant on programme_steps (audio-url asks can_stream_audio instead).
      if (actor === 'anon' || actor === 'service') expect(read).toMatchObject({ ok: false, code: '42501' });
      else if (actor === 'customerB') expect(read).toMatchObject({ ok: true, rows: 0 });
      else expect(read).toMatchObject({ ok: true, rows: 1, values: [{ title: 'Your own words' }] });
    });

    if (actor !== 'admin') {
      it(`${actor} can neither add a private audio nor put one in a step`, async () => {
        const ctx = contextFor(actor, users);
        expect(
          await probe(db, ctx, 'select public.admin_add_private_audio($1, $2, 60, $3)', [
            assignmentA,
            'x',
            objectA,
          ]),
        ).toMatchObject({ ok: false, code: '42501' });
        expect(
          await probe(
            db,
            ctx,
            'insert into public.programme_steps (programme_id, position, private_audio_id, day_number) values ($1, 9, $2, 1)',
            [template, privateA],
          ),
        ).toMatchObject({ ok: false, code: '42501' });
      });
    }
  }

  it("another customer's account is never able to stream it", async () => {
    expect(await canStream(users.customerB, privateA)).toBe(false);
  });
});

describe('a private step: the unlock rule', () => {
  it('is held back until step 1 is listened to, then streams; progress is kept for it', async () => {
    expect(await canStream(users.customerA, products[0]!)).toBe(true);
    expect(await canStream(users.customerA, privateA)).toBe(false);
    expect(await lockedFor(users.customerA)).toContain(privateA);

    await markListened(users.customerA, products[0]!);
    expect(await canStream(users.customerA, privateA)).toBe(true);
    expect(await lockedFor(users.customerA)).not.toContain(privateA);

    await markListened(users.customerA, privateA);
    const progress = await db.query<{ listened: boolean }>(
      'select listened_at is not null as listened from public.programme_progress where user_id = $1 and product_id = $2',
      [users.customerA, privateA],
    );
    expect(progress.rows).toEqual([{ listened: true }]);
  });

  it('opens on its day, counted from the day assigned', async () => {
    const email = `day-${randomUUID()}@example.test`;
    const userId = await createUser(db, email);
    const assignment = await assignTemplate(email);
    const audio = await addPrivate(assignment, await storeObject());
    await editSteps(assignment, audio);
    expect(await canStream(userId, audio)).toBe(false);
    await db.query(
      `update public.client_assignments set assigned_at = now() - interval '1 day' where id = $1`,
      [assignment],
    );
    expect(await canStream(userId, audio)).toBe(true);
  });
});

describe('a private step: only for this client, never in a template', () => {
  it("refuses another client's private audio in a step", async () => {
    const other = await assignTemplate(`other-${randomUUID()}@example.test`);
    const foreign = await addPrivate(other, await storeObject());
    const refused = await probe(
      db,
      contextFor('admin', users),
      'select public.admin_edit_assignment($1, $2, $3, $4, true, $5)',
      [
        assignmentA,
        '',
        'Sleep well',
        '',
        JSON.stringify([{ private_audio_id: foreign, day_number: 1, note: '' }]),
      ],
    );
    expect(refused).toMatchObject({ ok: false, code: '22023' });
  });

  it('a template cannot be saved with a private step, and duplicating a copy leaves its private steps out', async () => {
    const saved = await probe(
      db,
      contextFor('admin', users),
      'select public.admin_save_programme(null, $1, $2, true, $3)',
      ['Private', '', JSON.stringify([{ private_audio_id: privateA, day_number: 1, note: '' }])],
    );
    expect(saved.ok).toBe(false);
    const copy = (
      await db.query<{ programme_id: string }>(
        'select programme_id from public.client_assignments where id = $1',
        [assignmentA],
      )
    ).rows[0]!.programme_id;
    const duplicate = await asAdmin<string>('select public.admin_duplicate_programme($1) as r', [copy]);
    const steps = await db.query<{
      position: number;
      product_id: string | null;
      private_audio_id: string | null;
    }>('select position, product_id, private_audio_id from public.programme_steps where programme_id = $1', [
      duplicate,
    ]);
    expect(steps.rows).toEqual([{ position: 1, product_id: products[0], private_audio_id: null }]);
  });
});

describe('a private step: removal', () => {
  it('removing the assignment removes its private audio and returns its file, unless another assignment uses it', async () => {
    const email = `rm-${randomUUID()}@example.test`;
    await createUser(db, email);
    const first = await assignTemplate(email);
    const second = await assignTemplate(email);
    const sharedObject = await storeObject();
    const shared = await addPrivate(first, sharedObject, 'Shared');
    const ownObject = await storeObject();
    const own = await addPrivate(first, ownObject, 'Only here');
    await asAdmin('select public.admin_edit_assignment($1, $2, $3, $4, true, $5) as r', [
      first,
      '',
      'Sleep well',
      '',
      JSON.stringify([
        { private_audio_id: shared, day_number: 1, note: '' },
        { private_audio_id: own, day_number: 2, note: '' },
      ]),
    ]);
    await editSteps(second, shared);

    const removed = await asAdmin<string[]>('select public.admin_remove_assignment($1, false) as r', [first]);
    expect(removed).toEqual([ownObject]);
    const left = await db.query<{ id: string }>('select id from public.private_audio where id = any($1)', [
      [shared, own],
    ]);
    expect(left.rows.map((row) => row.id)).toEqual([shared]);

    expect(
      await asAdmin<string[]>('select public.admin_remove_assignment($1, false) as r', [second]),
    ).toEqual([sharedObject]);
    const none = await db.query('select 1 from public.private_audio where id = $1', [shared]);
    expect(none.rows).toHaveLength(0);
  });

  it("a single assignment's own private audio still returns its file when removed", async () => {
    const object = await storeObject();
    const result = await asAdmin<{ assignment_id: string }>(
      'select public.admin_assign_private_audio($1, $2, 60, $3, $4) as r',
      [emailA, 'Single', object, ''],
    );
    expect(
      await asAdmin<string[]>('select public.admin_remove_assignment($1, false) as r', [
        result.assignment_id,
      ]),
    ).toEqual([object]);
  });
});
