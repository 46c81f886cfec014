// The health intake and the appointment reminders (supabase/migrations/20261130060000_intake.sql): who reads
// and writes an intake, that nothing is kept before consent and the consent times are the database's, that a
// pre-registered (unclaimed) account or an ended session writes nothing; which reminders are due at the
// boundary times with the clock given, and that a claimed event is never due or claimed again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import {
  authenticatedContext,
  contextFor,
  createUsers,
  probe,
  startTestSession,
  type Users,
} from './helpers.ts';

let db: Database;
let users: Users;
let service: RequestContext;

const CONSENTED = `insert into public.intakes (user_id, answers, health_data_consent_at, consent_wording)
  values ($1, '{"epilepsy": {"yes": true, "details": "as a child"}}', now(), 'wording')`;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  service = contextFor('service', users);
  await withRequestContext(db, contextFor('customerA', users), async (tx) => {
    await tx.query(CONSENTED, [users.customerA]);
  });
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('intakes: who reads them', () => {
  it('the client reads their own, another client nothing, an admin and the service role every one', async () => {
    for (const [actor, rows] of [
      ['customerA', 1],
      ['customerB', 0],
      ['admin', 1],
      ['service', 1],
    ] as const) {
      const result = await probe(db, contextFor(actor, users), 'select user_id from public.intakes');
      expect(result, actor).toMatchObject({ ok: true, rows });
    }
  });

  it('anon has no privilege at all', async () => {
    const result = await probe(db, contextFor('anon', users), 'select 1 from public.intakes');
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('a token whose session ended reads nothing, not even its own', async () => {
    const ended = authenticatedContext(users.customerA, { session_id: randomUUID() });
    expect(await probe(db, ended, 'select 1 from public.intakes')).toMatchObject({ ok: true, rows: 0 });
  });
});

describe('intakes: who writes them', () => {
  it("a client cannot write another client's intake, nor an admin one", async () => {
    const forOther = await probe(db, contextFor('customerB', users), CONSENTED, [users.customerA]);
    expect(forOther).toMatchObject({ ok: false, code: '42501' });
    const byAdmin = await probe(
      db,
      contextFor('admin', users),
      "update public.intakes set answers = '{}' where user_id = $1",
      [users.customerA],
    );
    expect(byAdmin).toMatchObject({ ok: true, rows: 0 });
    const byService = await probe(db, service, "update public.intakes set answers = '{}'");
    expect(byService).toMatchObject({ ok: false, code: '42501' });
  });

  it('a client writes and deletes their own', async () => {
    const ctx = contextFor('customerB', users);
    expect(await probe(db, ctx, CONSENTED, [users.customerB])).toMatchObject({ ok: true, rows: 1 });
    expect(
      await probe(db, contextFor('customerA', users), 'delete from public.intakes where user_id = $1', [
        users.customerA,
      ]),
    ).toMatchObject({ ok: true, rows: 1 });
  });

  it('an account its owner has not claimed writes nothing (a stranger who registered the address first)', async () => {
    const id = randomUUID();
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(), '{}', '{}', now(), now())`,
      [id, `unclaimed-${id}@example.test`],
    );
    await startTestSession(db, id);
    expect(await probe(db, authenticatedContext(id), CONSENTED, [id])).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('a token whose session ended writes nothing', async () => {
    const ended = authenticatedContext(users.customerB, { session_id: randomUUID() });
    expect(await probe(db, ended, CONSENTED, [users.customerB])).toMatchObject({ ok: false, code: '42501' });
  });

  it('no answers are kept before consent to keeping them as health data', async () => {
    const result = await probe(
      db,
      contextFor('customerB', users),
      `insert into public.intakes (user_id, answers) values ($1, '{"phone": {"value": "0700"}}')`,
      [users.customerB],
    );
    expect(result).toMatchObject({ ok: false, code: '23514' });
  });

  it('it is sent only with both consents', async () => {
    const result = await probe(
      db,
      contextFor('customerB', users),
      `insert into public.intakes (user_id, health_data_consent_at, submitted_at) values ($1, now(), now())`,
      [users.customerB],
    );
    expect(result).toMatchObject({ ok: false, code: '23514' });
  });

  it("the consent times are the database's and the first one stands", async () => {
    const result = await withRequestContext(db, contextFor('customerB', users), async (tx) => {
      await tx.query(
        `insert into public.intakes (user_id, health_data_consent_at, hypnotherapy_consent_at)
         values ($1, '2000-01-01', '2000-01-01')`,
        [users.customerB],
      );
      const first = await tx.query<{ at: Date }>(
        'select health_data_consent_at as at from public.intakes where user_id = $1',
        [users.customerB],
      );
      await tx.query(
        `update public.intakes set health_data_consent_at = '2099-01-01', submitted_at = '2000-01-01'
         where user_id = $1`,
        [users.customerB],
      );
      const after = await tx.query<{ at: Date; submitted: Date }>(
        'select health_data_consent_at as at, submitted_at as submitted from public.intakes where user_id = $1',
        [users.customerB],
      );
      await tx.rollback();
      return { first: first.rows[0]!.at, after: after.rows[0]! };
    });
    expect(new Date(result.first).getUTCFullYear()).toBeGreaterThan(2020);
    expect(new Date(result.after.at).getTime()).toBe(new Date(result.first).getTime());
    expect(new Date(result.after.submitted).getUTCFullYear()).toBeGreaterThan(2020);
  });

  it('the intake goes with the account', async () => {
    const id = randomUUID();
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(), '{}', '{}', now(), now())`,
      [id, `gone-${id}@example.test`],
    );
    await db.query(`insert into public.intakes (user_id, health_data_consent_at) values ($1, now())`, [id]);
    await db.query('delete from auth.users where id = $1', [id]);
    const left = await db.query('select 1 from public.intakes where user_id = $1', [id]);
    expect(left.rows).toHaveLength(0);
  });
});

describe('intake questions', () => {
  it('a client reads them and cannot change them; an admin can', async () => {
    const client = contextFor('customerA', users);
    expect(await probe(db, client, 'select questions from public.intake_form')).toMatchObject({
      ok: true,
      rows: 1,
    });
    const update = `update public.intake_form set questions = '[]'`;
    expect(await probe(db, client, update)).toMatchObject({ ok: true, rows: 0 });
    expect(await probe(db, contextFor('admin', users), update)).toMatchObject({ ok: true, rows: 1 });
    expect(await probe(db, contextFor('anon', users), 'select 1 from public.intake_form')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('appointment reminders: which are due', () => {
  const NOW = new Date('2031-03-01T09:00:00Z');
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

  async function appointment(startsAt: string, status = 'active', userId: string | null = null) {
    const id = randomUUID();
    await db.query(
      `insert into public.appointments (id, user_id, invitee_email, invitee_uri, starts_at, ends_at, status,
         reschedule_url, cancel_url)
       values ($1, $2, $3, $4, $5, $5::timestamptz + interval '30 minutes', $6,
         'https://calendly.example/reschedule', 'https://calendly.example/cancel')`,
      [id, userId, `client-${id}@example.test`, `https://scheduler.example/invitees/${id}`, startsAt, status],
    );
    return id;
  }

  async function due(now: string): Promise<{ event_key: string; email: string; intake_missing: boolean }[]> {
    return withRequestContext(db, service, async (tx) => {
      const result = await tx.query<{ event_key: string; email: string; intake_missing: boolean }>(
        'select * from public.due_appointment_reminders($1)',
        [now],
      );
      return result.rows;
    });
  }

  async function claim(key: string): Promise<boolean> {
    return withRequestContext(db, service, async (tx) => {
      const result = await tx.query<{ claimed: boolean }>('select public.claim_reminder($1) as claimed', [key]);
      return result.rows[0]!.claimed;
    });
  }

  const keysOf = (rows: { event_key: string }[]) => rows.map((row) => row.event_key);
  const forId = (rows: { event_key: string }[], id: string) => keysOf(rows).filter((k) => k.includes(id));

  it('starting in 23 h 59 min: due; in 24 h 01 min or 22 h 59 min: not yet, or no longer', async () => {
    const soon = await appointment(at(23 * 60 + 59));
    const later = await appointment(at(24 * 60 + 1));
    const tooLate = await appointment(at(22 * 60 + 59));
    const exactly = await appointment(at(24 * 60));
    const rows = await due(NOW.toISOString());
    expect(forId(rows, soon)).toHaveLength(1);
    expect(forId(rows, exactly)).toHaveLength(1);
    expect(forId(rows, later)).toHaveLength(0);
    expect(forId(rows, tooLate)).toHaveLength(0);
    // Two minutes on, the later one is due.
    expect(forId(await due(at(2)), later)).toHaveLength(1);
  });

  it('a cancelled appointment gets none', async () => {
    const cancelled = await appointment(at(23 * 60 + 30), 'canceled');
    expect(forId(await due(NOW.toISOString()), cancelled)).toHaveLength(0);
  });

  it('a rescheduled appointment: none for the old time, one for the new time', async () => {
    const id = await appointment(at(23 * 60 + 30));
    const [oldKey] = forId(await due(NOW.toISOString()), id);
    expect(oldKey).toBeDefined();
    // Moved to three days later (the webhook moves the row): nothing at the old time.
    await db.query(
      `update public.appointments set starts_at = $2, ends_at = $2::timestamptz + interval '30 minutes'
       where id = $1`,
      [id, at(3 * 24 * 60)],
    );
    expect(forId(await due(NOW.toISOString()), id)).toHaveLength(0);
    const [newKey] = forId(await due(at(2 * 24 * 60 + 30)), id);
    expect(newKey).toBeDefined();
    expect(newKey).not.toBe(oldKey);
  });

  it('a claimed event is never due again, and only one of two concurrent claims wins', async () => {
    const id = await appointment(at(23 * 60 + 10));
    const [key] = forId(await due(NOW.toISOString()), id);
    const results = await Promise.all([claim(key!), claim(key!)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await claim(key!)).toBe(false);
    expect(forId(await due(NOW.toISOString()), id)).toHaveLength(0);
    // A released claim (the email could not be sent) is due again at the next run.
    await withRequestContext(db, service, (tx) => tx.query('select public.release_reminder($1)', [key]));
    expect(forId(await due(at(1)), id)).toHaveLength(1);
  });

  it('says whether the intake is in', async () => {
    const withIntake = await appointment(at(23 * 60 + 20), 'active', users.customerA);
    await db.query(
      `insert into public.intakes (user_id, health_data_consent_at, hypnotherapy_consent_at, submitted_at)
       values ($1, now(), now(), now())
       on conflict (user_id) do update set hypnotherapy_consent_at = now(), health_data_consent_at = now(),
         submitted_at = now()`,
      [users.customerA],
    );
    const withoutIntake = await appointment(at(23 * 60 + 20), 'active', users.customerB);
    const rows = await due(NOW.toISOString());
    expect(rows.find((row) => row.event_key.includes(withIntake))?.intake_missing).toBe(false);
    expect(rows.find((row) => row.event_key.includes(withoutIntake))?.intake_missing).toBe(true);
  });

  it('no API role but the service role selects or claims reminders', async () => {
    for (const actor of ['anon', 'customerA', 'admin'] as const) {
      const ctx = contextFor(actor, users);
      expect(await probe(db, ctx, 'select * from public.due_appointment_reminders(now())')).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await probe(db, ctx, "select public.claim_reminder('x')")).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
  });
});
