// Programme step reminders (supabase/migrations/20261130060100_step_reminders.sql): due on the London day a
// step after the first opens, from 08:00, only for a client who switched them on; none once switched off (the
// unsubscribe link's function); a claimed event never again; only the service role selects them or stops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let service: RequestContext;

// Assigned on Monday 3 March 2031 (London, GMT); step 2 opens on day 3 (Wednesday 5 March).
const ASSIGNED = '2031-03-03T10:00:00Z';

async function due(now: string): Promise<{ event_key: string; user_id: string; email: string }[]> {
  return withRequestContext(db, service, async (tx) => {
    const result = await tx.query<{ event_key: string; user_id: string; email: string }>(
      'select * from public.due_step_reminders($1)',
      [now],
    );
    return result.rows;
  });
}

const mine = <T extends { user_id: string }>(rows: T[], userId: string): T[] =>
  rows.filter((row) => row.user_id === userId);

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  service = contextFor('service', users);
  const product = (await db.query<{ id: string }>('select id from public.products limit 1')).rows[0]!.id;
  const programme = (
    await db.query<{ id: string }>(
      `insert into public.programmes (title, is_template) values ('Sleep', false) returning id`,
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.programme_steps (programme_id, position, product_id, day_number)
     values ($1, 1, $2, 1), ($1, 2, $2, 3)`,
    [programme, product],
  );
  for (const user of [users.customerA, users.customerB]) {
    const email = (await db.query<{ email: string }>('select email from auth.users where id = $1', [user]))
      .rows[0]!.email;
    await db.query(
      `insert into public.client_assignments (user_id, email, programme_id, access, assigned_at)
       values ($1, $2, $3, 'granted', $4)`,
      [user, email, programme, ASSIGNED],
    );
  }
  // Customer A switches them on (as My Account does); customer B never does.
  await withRequestContext(db, contextFor('customerA', users), (tx) =>
    tx.query('insert into public.client_settings (user_id, step_reminders) values ($1, true)', [
      users.customerA,
    ]),
  );
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('programme step reminders', () => {
  it("due on the step's day from 08:00 London time, not the day before, not in the night", async () => {
    expect(mine(await due('2031-03-05T08:01:00Z'), users.customerA)).toHaveLength(1);
    expect(mine(await due('2031-03-05T07:59:00Z'), users.customerA)).toHaveLength(0);
    expect(mine(await due('2031-03-04T12:00:00Z'), users.customerA)).toHaveLength(0);
    expect(mine(await due('2031-03-06T12:00:00Z'), users.customerA)).toHaveLength(0);
    // The first step opens with the assignment: its own email, no reminder.
    expect(mine(await due('2031-03-03T12:00:00Z'), users.customerA)).toHaveLength(0);
  });

  it('never for a client who did not switch them on', async () => {
    expect(mine(await due('2031-03-05T12:00:00Z'), users.customerB)).toHaveLength(0);
  });

  it('once claimed, never again', async () => {
    const [row] = mine(await due('2031-03-05T12:00:00Z'), users.customerA);
    await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.claim_reminder($1)', [row!.event_key]);
      const rows = await tx.query<{ user_id: string }>('select * from public.due_step_reminders($1)', [
        '2031-03-05T12:01:00Z',
      ]);
      expect(mine(rows.rows, users.customerA)).toHaveLength(0);
      await tx.rollback();
    });
  });

  it('the unsubscribe switches them off at once', async () => {
    await withRequestContext(db, service, async (tx) => {
      await tx.query('select public.stop_step_reminders($1)', [users.customerA]);
      const rows = await tx.query<{ user_id: string }>('select * from public.due_step_reminders($1)', [
        '2031-03-05T12:00:00Z',
      ]);
      expect(mine(rows.rows, users.customerA)).toHaveLength(0);
      await tx.rollback();
    });
  });

  it('no API role but the service role selects or stops them', async () => {
    for (const actor of ['anon', 'customerA', 'admin'] as const) {
      const ctx = contextFor(actor, users);
      expect(await probe(db, ctx, 'select * from public.due_step_reminders(now())')).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await probe(db, ctx, 'select public.stop_step_reminders($1)', [users.customerA])).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
  });
});
