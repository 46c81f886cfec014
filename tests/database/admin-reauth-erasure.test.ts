// Destructive admin actions, the activity log and erasure (supabase/migrations/20261130020000_admin_reauth_log_erasure.sql,
// docs/security.md): an admin whose sign-in is older than 10 minutes cannot grant or destroy; the log holds ids
// and actions, never a client's email, note or private title; deleting the account anonymises the log in the
// same transaction and queues the private files until they are removed; rebuilds are claimed once per 2
// minutes. PGlite and PostgreSQL 17.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUser, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let admin: RequestContext;
let productId: string;

/** The admin, signed in `minutesAgo` minutes ago (or with no `amr` at all). */
function adminSignedIn(minutesAgo: number | null): RequestContext {
  const claims = { ...admin.claims } as Record<string, unknown>;
  if (minutesAgo === null) delete claims.amr;
  else claims.amr = [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) - minutesAgo * 60 }];
  return { role: 'authenticated', claims };
}

async function asAdmin<T>(sql: string, params: unknown[] = [], ctx = admin): Promise<T> {
  return withRequestContext(db, ctx, async (tx) => (await tx.query<{ r: T }>(sql, params)).rows[0]!.r);
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

/** Every text the log holds, one string: what a reader of the log could learn. */
async function logText(): Promise<string> {
  const rows = await db.query<{ t: string }>(
    `select coalesce(string_agg(concat_ws(' ', actor_email, entity_id, summary, before::text, after::text), ' | '), '') as t
     from public.admin_activity`,
  );
  return rows.rows[0]!.t;
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  admin = contextFor('admin', users);
  productId = (await db.query<{ id: string }>('select id from public.products order by slug limit 1'))
    .rows[0]!.id;
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('destructive admin actions need a sign-in under 10 minutes old', () => {
  const destructive: [string, () => [string, unknown[]]][] = [
    ['admin_grant_admin', () => ['select public.admin_grant_admin($1)', ['nobody-yet@example.test']]],
    ['admin_revoke_admin', () => ['select public.admin_revoke_admin($1)', [users.customerB]]],
    ['admin_grant_audio', () => ['select public.admin_grant_audio($1, $2)', [users.customerB, productId]]],
    ['admin_remove_assignment', () => ['select public.admin_remove_assignment($1, false)', [randomUUID()]]],
  ];
  for (const [name, call] of destructive) {
    it(`${name} is refused with 'reauthentication_needed' after 11 minutes, and without amr`, async () => {
      const [sql, params] = call();
      for (const ctx of [adminSignedIn(11), adminSignedIn(null)]) {
        expect(await probe(db, ctx, sql, params)).toMatchObject({
          ok: false,
          code: 'P0001',
          message: 'reauthentication_needed',
        });
      }
    });
  }

  it('a sign-in 9 minutes ago grants an audio; the refusal never reaches a customer first', async () => {
    expect(
      await probe(db, adminSignedIn(9), 'select public.admin_grant_audio($1, $2)', [
        users.customerB,
        productId,
      ]),
    ).toMatchObject({ ok: true });
    // A customer is refused as a non-admin (42501), whatever their sign-in time.
    expect(
      await probe(db, contextFor('customerA', users), 'select public.admin_grant_admin($1)', [
        'x@example.test',
      ]),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it("a client's private file cannot be deleted through Storage with an old sign-in", async () => {
    const name = `${randomUUID()}.mp3`;
    await db.query(`insert into storage.objects (bucket_id, name) values ('private-audio', $1)`, [name]);
    const deleted = async (ctx: RequestContext) =>
      withRequestContext(db, ctx, async (tx) => {
        // As the Storage API does before its delete.
        await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
        const result = await tx.query(
          `delete from storage.objects where bucket_id = 'private-audio' and name = $1`,
          [name],
        );
        await tx.rollback();
        return result.affectedRows ?? 0;
      });
    expect(await deleted(adminSignedIn(11))).toBe(0);
    expect(await deleted(adminSignedIn(null))).toBe(0);
    expect(await deleted(adminSignedIn(1))).toBe(1);
  });

  it('reading and editing (not destroying) still work with an old sign-in', async () => {
    expect(await probe(db, adminSignedIn(60), 'select public.admin_overview()')).toMatchObject({ ok: true });
  });
});

describe('the activity log holds ids and actions, never health data', () => {
  let email: string;
  let userId: string;
  let assignmentId: string;
  let object: string;

  beforeAll(async () => {
    email = `victim-${randomUUID()}@example.test`;
    userId = await createUser(db, email);
    const assigned = await asAdmin<{ assignment_id: string }>(
      'select public.admin_assign_to_client($1, null, $2, $3, $4) as r',
      [email, productId, 'anxiety', 'granted'],
    );
    assignmentId = assigned.assignment_id;
    await asAdmin('select public.admin_edit_assignment($1, $2, null, null, null, null) as r', [
      assignmentId,
      'bipolar disorder',
    ]);
    object = await storeObject();
    await asAdmin('select public.admin_assign_private_audio($1, $2, 60, $3, $4) as r', [
      email,
      'trauma session',
      object,
      'panic at night',
    ]);
    await asAdmin('select public.admin_grant_audio($1, $2) as r', [
      userId,
      (await db.query<{ id: string }>('select id from public.products order by slug offset 1 limit 1'))
        .rows[0]!.id,
    ]);
  });

  it('no email, note or private title in any entry; the ids are there', async () => {
    const text = await logText();
    for (const secret of [email, 'anxiety', 'bipolar disorder', 'trauma session', 'panic at night']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(assignmentId);
    expect(text).toContain(userId);
  });

  it('a private file name a browser could take for a page is refused', async () => {
    await db.query(`insert into storage.objects (bucket_id, name) values ('private-audio', 'x.html')`);
    expect(
      await probe(db, admin, 'select public.admin_assign_private_audio($1, $2, 60, $3, $4)', [
        email,
        'x',
        'x.html',
        '',
      ]),
    ).toMatchObject({ ok: false, code: '22023' });
  });

  it('an object check-audio-upload never passed cannot be recorded; the length is the checked one', async () => {
    const unchecked = `${randomUUID()}.mp3`;
    await db.query(`insert into storage.objects (bucket_id, name) values ('private-audio', $1)`, [unchecked]);
    expect(
      await probe(db, admin, 'select public.admin_assign_private_audio($1, $2, 60, $3, $4)', [
        email,
        'x',
        unchecked,
        '',
      ]),
    ).toMatchObject({ ok: false, code: 'P0002' });
    const checked = await storeObject();
    await asAdmin('select public.admin_assign_private_audio($1, $2, 99999, $3, $4) as r', [
      email,
      'x',
      checked,
      '',
    ]);
    const row = await db.query<{ duration_seconds: number }>(
      'select duration_seconds from public.private_audio where object_path = $1',
      [checked],
    );
    expect(row.rows).toEqual([{ duration_seconds: 600 }]);
    // Used up: the same check does not record a second row.
    expect(
      await probe(db, admin, 'select public.admin_assign_private_audio($1, $2, 60, $3, $4)', [
        email,
        'x',
        checked,
        '',
      ]),
    ).toMatchObject({ ok: false, code: 'P0002' });
  });

  it('the log still refuses UPDATE and DELETE to admins and the service role', async () => {
    for (const ctx of [admin, contextFor('service', users)]) {
      expect(await probe(db, ctx, 'delete from public.admin_activity')).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
    await expect(db.query('delete from public.admin_activity')).rejects.toMatchObject({ code: '42501' });
  });

  it('deleting the account anonymises every entry about the client and queues the private file, at once', async () => {
    const service = contextFor('service', users);
    await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.delete_account($1)', [userId]);
    });
    const text = await logText();
    expect(text).not.toContain(userId);
    expect(text).not.toContain(email);
    // The entries stay (what was done, by which admin), pointing at nobody.
    const kept = await db.query(`select 1 from public.admin_activity where entity_id = $1`, [assignmentId]);
    expect(kept.rows.length).toBeGreaterThan(0);
    const queued = await db.query(`select 1 from private.storage_deletions where object_name = $1`, [object]);
    expect(queued.rows).toHaveLength(1);
    // The marker that let the erasure through is gone: the log is append-only again.
    await expect(db.query('delete from public.admin_activity')).rejects.toMatchObject({ code: '42501' });
  });
});

describe('the storage deletion queue', () => {
  it('hands out the due files, clears only those whose object is gone, and counts the rest for admins', async () => {
    const service = contextFor('service', users);
    const gone = await storeObject();
    const stuck = await storeObject();
    await db.query(
      `insert into private.storage_deletions (bucket_id, object_name) values ('private-audio', $1), ('private-audio', $2)`,
      [gone, stuck],
    );
    const due = await withRequestContext(
      db,
      service,
      async (tx) =>
        (
          await tx.query<{ id: number; object_name: string }>(
            'select * from public.storage_deletions_due(1000)',
          )
        ).rows,
    );
    const ids = due.filter((row) => [gone, stuck].includes(row.object_name)).map((row) => Number(row.id));
    expect(ids).toHaveLength(2);
    // Storage removed one of the two.
    await db.transaction(async (tx) => {
      // As the Storage API does: the hosted guard refuses direct deletes otherwise.
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      await tx.query(`delete from storage.objects where bucket_id = 'private-audio' and name = $1`, [gone]);
    });
    await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.storage_deletions_done($1::bigint[])', [ids]);
    });
    const left = await db.query<{ object_name: string }>(
      `select object_name from private.storage_deletions where object_name = any($1::text[])`,
      [[gone, stuck]],
    );
    expect(left.rows).toEqual([{ object_name: stuck }]);
    // Tried a moment ago: not handed out again at once.
    const again = await withRequestContext(
      db,
      service,
      async (tx) =>
        (await tx.query<{ object_name: string }>('select * from public.storage_deletions_due(1000)')).rows,
    );
    expect(again.map((row) => row.object_name)).not.toContain(stuck);

    const pending = await asAdmin<{ count: number }>('select public.admin_pending_storage_deletions() as r');
    expect(Number(pending.count)).toBeGreaterThanOrEqual(1);
    for (const actor of ['customerA', 'anon'] as const) {
      expect(
        await probe(db, contextFor(actor, users), 'select public.admin_pending_storage_deletions()'),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await probe(db, contextFor(actor, users), 'select * from public.storage_deletions_due(10)'),
      ).toMatchObject({ ok: false, code: '42501' });
    }
  });

  it('sweeps in an upload nothing recorded after a day', async () => {
    const orphan = `${randomUUID()}.mp3`;
    await db.query(
      `insert into storage.objects (bucket_id, name, created_at) values ('private-audio', $1, now() - interval '2 days')`,
      [orphan],
    );
    const due = await withRequestContext(
      db,
      contextFor('service', users),
      async (tx) =>
        (await tx.query<{ object_name: string }>('select * from public.storage_deletions_due(1000)')).rows,
    );
    expect(due.map((row) => row.object_name)).toContain(orphan);
  });
});

describe('site rebuilds', () => {
  it('eight claims at once allow one rebuild; the rest are told when to ask again', async () => {
    const service = contextFor('service', users);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        withRequestContext(
          db,
          service,
          async (tx) =>
            (
              await tx.query<{ r: { allowed: boolean; retry_after_seconds?: number } }>(
                'select public.claim_site_rebuild() as r',
              )
            ).rows[0]!.r,
        ),
      ),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.allowed)) {
      expect(refused.retry_after_seconds).toBeGreaterThan(0);
      expect(refused.retry_after_seconds).toBeLessThanOrEqual(120);
    }
    expect(await probe(db, admin, 'select public.claim_site_rebuild()')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});
