// Appointments (supabase/migrations/20261125400000_appointments.sql): who reads them, that nobody writes them
// through the API, that only the service role records webhook events, replays and redeliveries change nothing,
// a reschedule moves the row, and an appointment kept for an email is linked when that account is confirmed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { ACTORS, contextFor, createUser, createUsers, probe, type Actor, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let emailA: string;
let service: RequestContext;

function invitee(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = randomUUID();
  return {
    uri: `https://api.calendly.com/scheduled_events/EV-${id}/invitees/INV-${id}`,
    email,
    name: 'Test Client',
    status: 'active',
    rescheduled: false,
    old_invitee: null,
    cancel_url: `https://calendly.com/cancellations/INV-${id}`,
    reschedule_url: `https://calendly.com/reschedulings/INV-${id}`,
    scheduled_event: {
      uri: `https://api.calendly.com/scheduled_events/EV-${id}`,
      name: 'Free Consultation',
      start_time: '2030-01-07T10:00:00.000000Z',
      end_time: '2030-01-07T10:30:00.000000Z',
    },
    ...overrides,
  };
}

async function record(
  event: string,
  payload: Record<string, unknown>,
  signature = randomUUID(),
): Promise<string> {
  return withRequestContext(db, service, async (tx) => {
    const result = await tx.query<{ r: string }>('select public.record_scheduler_event($1, $2, $3) as r', [
      signature,
      event,
      JSON.stringify(payload),
    ]);
    return result.rows[0]!.r;
  });
}

async function rowsFor(
  uri: string,
): Promise<{ user_id: string | null; status: string; starts_at: unknown }[]> {
  return (
    await db.query<{ user_id: string | null; status: string; starts_at: unknown }>(
      'select user_id, status, starts_at from public.appointments where invitee_uri = $1',
      [uri],
    )
  ).rows;
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  emailA = (
    await db.query<{ email: string }>('select email from auth.users where id = $1', [users.customerA])
  ).rows[0]!.email;
  service = contextFor('service', users);
  await record('invitee.created', invitee(emailA));
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('appointments: reading and writing through the API', () => {
  const expected: Record<Actor, number | 'all'> = {
    anon: 0,
    customerA: 1,
    customerB: 0,
    admin: 'all',
    service: 'all',
  };
  for (const actor of ACTORS) {
    it(`${actor} reads ${String(expected[actor])}`, async () => {
      const total = (await db.query<{ n: number }>('select count(*)::int as n from public.appointments'))
        .rows[0]!.n;
      const result = await probe(db, contextFor(actor, users), 'select * from public.appointments');
      if (actor === 'anon') {
        expect(result).toMatchObject({ ok: false, code: '42501' });
        return;
      }
      expect(result).toMatchObject({ ok: true, rows: expected[actor] === 'all' ? total : expected[actor] });
    });

    it(`${actor} cannot insert, update or delete`, async () => {
      const ctx = contextFor(actor, users);
      const insert = await probe(
        db,
        ctx,
        `insert into public.appointments (invitee_email, invitee_uri, starts_at, ends_at, status)
         values ('x@example.test', 'uri-x', now(), now() + interval '1 hour', 'active')`,
      );
      expect(insert).toMatchObject({ ok: false, code: '42501' });
      const update = await probe(db, ctx, `update public.appointments set status = 'canceled'`);
      expect(update).toMatchObject({ ok: false, code: '42501' });
      const remove = await probe(db, ctx, 'delete from public.appointments');
      expect(remove).toMatchObject({ ok: false, code: '42501' });
    });

    it(`${actor} cannot read or write the webhook bookkeeping`, async () => {
      const ctx = contextFor(actor, users);
      for (const table of ['scheduler_webhook_deliveries', 'scheduler_webhook_events']) {
        expect(await probe(db, ctx, `select * from public.${table}`)).toMatchObject({
          ok: false,
          code: '42501',
        });
        expect(await probe(db, ctx, `insert into public.${table} values ('x')`)).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
    });
  }

  it('only the service role may record scheduler events', async () => {
    for (const actor of ['anon', 'customerA', 'admin'] as const) {
      const result = await probe(
        db,
        contextFor(actor, users),
        'select public.record_scheduler_event($1, $2, $3)',
        [randomUUID(), 'invitee.created', JSON.stringify(invitee(`${actor}@example.test`))],
      );
      expect(result).toMatchObject({ ok: false, code: '42501' });
    }
  });
});

describe('recording webhook events', () => {
  it('a replayed signature and a redelivered event change nothing', async () => {
    const payload = invitee('replay@example.test');
    const signature = randomUUID();
    expect(await record('invitee.created', payload, signature)).toBe('created');
    expect(await record('invitee.canceled', { ...payload, status: 'canceled' }, signature)).toBe('replayed');
    expect(await record('invitee.created', payload)).toBe('duplicate');
    expect(await rowsFor(payload.uri as string)).toMatchObject([{ status: 'active' }]);
  });

  it('a cancellation cancels; a reschedule moves the row, in either order, with no cancelled twin', async () => {
    const cancelled = invitee('cancel@example.test');
    await record('invitee.created', cancelled);
    expect(await record('invitee.canceled', { ...cancelled, status: 'canceled' })).toBe('canceled');
    expect(await rowsFor(cancelled.uri as string)).toMatchObject([{ status: 'canceled' }]);

    for (const cancelFirst of [true, false]) {
      const email = `move-${String(cancelFirst)}@example.test`;
      const first = invitee(email);
      await record('invitee.created', first);
      const second = invitee(email, {
        old_invitee: first.uri,
        scheduled_event: {
          uri: 'https://api.calendly.com/scheduled_events/EV-moved',
          name: 'Free Consultation',
          start_time: '2030-02-01T09:00:00Z',
          end_time: '2030-02-01T09:30:00Z',
        },
      });
      const cancelHalf = () =>
        record('invitee.canceled', {
          ...first,
          status: 'canceled',
          rescheduled: true,
          new_invitee: second.uri,
        });
      if (cancelFirst) expect(await cancelHalf()).toBe('ignored');
      expect(await record('invitee.created', second)).toBe('rescheduled');
      if (!cancelFirst) expect(await cancelHalf()).toBe('ignored');
      const rows = (
        await db.query<{ status: string; starts_at: Date | string; rescheduled_count: number }>(
          'select status, starts_at, rescheduled_count from public.appointments where invitee_email = $1',
          [email],
        )
      ).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('active');
      expect(new Date(rows[0]!.starts_at).toISOString()).toBe('2030-02-01T09:00:00.000Z');
      expect(rows[0]!.rescheduled_count).toBe(1);
    }
  });

  it('links an appointment to an owned account at once; a sign-up, and its confirmation alone, get nothing', async () => {
    const linkedNow = invitee(emailA.toUpperCase());
    await record('invitee.created', linkedNow);
    expect(await rowsFor(linkedNow.uri as string)).toMatchObject([{ user_id: users.customerA }]);

    const laterEmail = `later-${randomUUID()}@example.test`;
    const later = invitee(laterEmail);
    await record('invitee.created', later);
    expect(await rowsFor(later.uri as string)).toMatchObject([{ user_id: null }]);

    // An unconfirmed sign-up does not get the appointment, nor does confirming the email by itself: the
    // account is the owner's only once they claim it (tests/database/account-claims.test.ts).
    const id = randomUUID();
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', '{}', '{}', now(), now())`,
      [id, laterEmail],
    );
    expect(await rowsFor(later.uri as string)).toMatchObject([{ user_id: null }]);
    await db.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
    expect(await rowsFor(later.uri as string)).toMatchObject([{ user_id: null }]);
    const again = invitee(laterEmail);
    await record('invitee.created', again);
    expect(await rowsFor(again.uri as string)).toMatchObject([{ user_id: null }]);
  });

  it('an account created confirmed is linked at once, and deleting it removes its appointments', async () => {
    const email = `confirmed-${randomUUID()}@example.test`;
    const payload = invitee(email);
    await record('invitee.created', payload);
    const id = await createUser(db, email);
    expect(await rowsFor(payload.uri as string)).toMatchObject([{ user_id: id }]);
    await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.delete_account($1)', [id]);
    });
    expect(await rowsFor(payload.uri as string)).toEqual([]);
  });

  it('refuses malformed events without recording anything', async () => {
    const signature = randomUUID();
    await expect(record('invitee.created', { uri: 'x' }, signature)).rejects.toMatchObject({ code: '22023' });
    await expect(record('invitee.updated', invitee('x@example.test'))).rejects.toMatchObject({
      code: '22023',
    });
    // The failed call rolled back: its signature is still unused.
    expect(await record('invitee.created', invitee('ok@example.test'), signature)).toBe('created');
  });
});
