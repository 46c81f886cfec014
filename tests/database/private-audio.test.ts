// Private audio for one client (supabase/migrations/20261129200000_private_client_audio.sql, docs/programmes.md
// "Private audio for one client"): only that client and admins read the row, nobody but admins reads the file,
// anonymous callers nothing; the assignment links to the account on confirmation; positions and progress take
// the private audio's id; removing the assignment or the account removes it. PGlite and PostgreSQL 17.
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
let audioA: string;
let assignmentA: string;
let objectA: string;

async function asActor<T>(actor: RequestContext, sql: string, params: unknown[] = []): Promise<T> {
  return withRequestContext(db, actor, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);
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

async function assignPrivate(email: string, object: string, title = 'For your evenings') {
  return asActor<{ assignment_id: string; private_audio_id: string; has_account: boolean }>(
    contextFor('admin', users),
    'select public.admin_assign_private_audio($1, $2, $3, $4, $5) as r',
    [email, title, 600, object, 'Every evening this week'],
  );
}

function listener(userId: string): RequestContext {
  return authenticatedContext(userId);
}

const savePositionSql = `insert into public.listening_positions
   (product_id, position_seconds, rate, device_id, device_kind, played_at)
   values ($1, $2, 1, $3, 'phone', $4)
   on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
     played_at = excluded.played_at`;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  emailA = (
    await db.query<{ email: string }>('select email from auth.users where id = $1', [users.customerA])
  ).rows[0]!.email;
  objectA = await storeObject();
  const assigned = await assignPrivate(emailA, objectA);
  audioA = assigned.private_audio_id;
  assignmentA = assigned.assignment_id;
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('private audio: who reads what', () => {
  const rows: Record<Actor, number | 'all' | 'denied'> = {
    anon: 'denied',
    customerA: 1,
    customerB: 0,
    admin: 'all',
    service: 'all',
  };
  for (const actor of ACTORS) {
    it(`${actor} reads ${String(rows[actor])} of private_audio and the file only as an admin`, async () => {
      const ctx = contextFor(actor, users);
      const total = (await db.query<{ n: number }>('select count(*)::int as n from public.private_audio'))
        .rows[0]!.n;
      const read = await probe(db, ctx, 'select * from public.private_audio');
      const want = rows[actor];
      if (want === 'denied') expect(read).toMatchObject({ ok: false, code: '42501' });
      else expect(read).toMatchObject({ ok: true, rows: want === 'all' ? total : want });

      const file = await probe(
        db,
        ctx,
        `select 1 from storage.objects where bucket_id = 'private-audio' and name = $1`,
        [objectA],
      );
      // The service role bypasses RLS (it signs the owner's links in audio-url); no customer reads the object.
      if (actor === 'admin' || actor === 'service') expect(file).toMatchObject({ ok: true, rows: 1 });
      else if (file.ok) expect(file.rows).toBe(0);
      else expect(file.code).toBe('42501');
    });

    it(`${actor} writes no private audio through the API`, async () => {
      const ctx = contextFor(actor, users);
      for (const sql of [
        `insert into public.private_audio (email, title, object_path) values ('x@example.test', 'x', '${randomUUID()}.mp3')`,
        `update public.private_audio set title = 'x'`,
        'delete from public.private_audio',
      ]) {
        expect(await probe(db, ctx, sql)).toMatchObject({ ok: false, code: '42501' });
      }
    });

    if (actor !== 'admin') {
      it(`${actor} cannot assign private audio or upload to its bucket`, async () => {
        const ctx = contextFor(actor, users);
        const assigned = await probe(
          db,
          ctx,
          'select public.admin_assign_private_audio($1, $2, 60, $3, $4)',
          [emailA, 'x', objectA, ''],
        );
        expect(assigned).toMatchObject({ ok: false, code: '42501' });
        if (actor === 'service') return;
        const upload = await probe(
          db,
          ctx,
          `insert into storage.objects (bucket_id, name) values ('private-audio', $1)`,
          [`${randomUUID()}.mp3`],
        );
        expect(upload).toMatchObject({ ok: false });
      });
    }
  }

  it('the client reads their assignment with the private audio; another customer neither', async () => {
    const own = await probe(
      db,
      contextFor('customerA', users),
      'select pa.title from public.client_assignments a join public.private_audio pa on pa.id = a.private_audio_id',
    );
    expect(own).toMatchObject({ ok: true, rows: 1, values: [{ title: 'For your evenings' }] });
    const other = await probe(
      db,
      contextFor('customerB', users),
      'select 1 from public.client_assignments a join public.private_audio pa on pa.id = a.private_audio_id',
    );
    expect(other).toMatchObject({ ok: true, rows: 0 });
  });
});

describe('private audio: assigning, listening, removing', () => {
  it('is logged, and refuses a file that was not stored', async () => {
    const log = await db.query<{ action: string }>(
      `select action from public.admin_activity where entity_type = 'assignment' and entity_id = $1`,
      [assignmentA],
    );
    expect(log.rows).toEqual([{ action: 'assignment.create' }]);
    const missing = await probe(
      db,
      contextFor('admin', users),
      'select public.admin_assign_private_audio($1, $2, 60, $3, $4)',
      [emailA, 'x', `${randomUUID()}.mp3`, ''],
    );
    expect(missing).toMatchObject({ ok: false, code: 'P0002' });
  });

  it('the client saves positions of it and the practitioner sees progress; another customer cannot', async () => {
    await linkIssuedAgo(db, users.customerA, audioA);
    await withRequestContext(db, listener(users.customerA), async (tx) => {
      await tx.query(savePositionSql, [
        audioA,
        120,
        randomUUID(),
        new Date(Date.now() - 30_000).toISOString(),
      ]);
    });
    await withRequestContext(db, listener(users.customerA), async (tx) => {
      await tx.query(savePositionSql, [audioA, 560, randomUUID(), new Date().toISOString()]);
    });
    const progress = await db.query<{ furthest_seconds: number; listened: boolean }>(
      `select furthest_seconds, listened_at is not null as listened from public.programme_progress
       where user_id = $1 and product_id = $2`,
      [users.customerA, audioA],
    );
    // 560 s of 600 is past 90%: listened.
    expect(progress.rows).toEqual([{ furthest_seconds: 560, listened: true }]);

    const other = await probe(db, contextFor('customerB', users), savePositionSql, [
      audioA,
      10,
      randomUUID(),
      new Date().toISOString(),
    ]);
    expect(other).toMatchObject({ ok: false, code: '42501' });
  });

  it("editing the assignment's note logs that it changed, never the note, the title or the email", async () => {
    await asActor(
      contextFor('admin', users),
      'select public.admin_edit_assignment($1, $2, null, null, null, null) as r',
      [assignmentA, 'Twice a day'],
    );
    const log = await db.query<{ summary: string }>(
      `select summary from public.admin_activity where action = 'assignment.update' and entity_id = $1`,
      [assignmentA],
    );
    expect(log.rows).toEqual([{ summary: 'Assignment edited' }]);
  });

  it('a new email waits for its account, which then owns it', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const result = await assignPrivate(email, await storeObject());
    expect(result.has_account).toBe(false);
    const userId = await createUser(db, email);
    const linked = await db.query<{ audio: string; assignment: string }>(
      `select pa.user_id as audio, a.user_id as assignment from public.private_audio pa
       join public.client_assignments a on a.private_audio_id = pa.id where pa.id = $1`,
      [result.private_audio_id],
    );
    expect(linked.rows).toEqual([{ audio: userId, assignment: userId }]);
  });

  it('removing the assignment removes the private audio, its positions and its progress', async () => {
    const object = await storeObject();
    const result = await assignPrivate(emailA, object, 'Removed later');
    await withRequestContext(db, listener(users.customerA), async (tx) => {
      await tx.query(savePositionSql, [result.private_audio_id, 30, randomUUID(), new Date().toISOString()]);
    });
    await asActor(contextFor('admin', users), 'select public.admin_remove_assignment($1, false) as r', [
      result.assignment_id,
    ]);
    const left = await db.query<{ n: number }>(
      `select (select count(*) from public.private_audio where id = $1)
            + (select count(*) from public.listening_positions where product_id = $1)
            + (select count(*) from public.programme_progress where product_id = $1) as n`,
      [result.private_audio_id],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    const log = await db.query<{ summary: string }>(
      `select summary from public.admin_activity where action = 'assignment.delete' and entity_id = $1`,
      [result.assignment_id],
    );
    expect(log.rows[0]!.summary).toBe('Assignment removed');
  });

  it('deleting the account removes its private audio', async () => {
    const email = `gone-${randomUUID()}@example.test`;
    const userId = await createUser(db, email);
    const result = await assignPrivate(email, await storeObject());
    await db.query('delete from auth.users where id = $1', [userId]);
    const left = await db.query('select 1 from public.private_audio where id = $1', [
      result.private_audio_id,
    ]);
    expect(left.rows).toHaveLength(0);
  });
});
