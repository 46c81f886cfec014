// Pending client data belongs to whoever proves the address and holds the only password, never to whoever
// registered it first (supabase/migrations/20261130010000_pending_data_claimed_by_owner.sql, docs/security.md
// "Pre-registered accounts"). The attack of issue 34 replayed in SQL as the auth server would leave the rows:
// a stranger registers the client's email first; the client confirms; the stranger signs in with their own
// password. PGlite and PostgreSQL 17.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database, type RequestContext } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { contextFor, createUsers, probe, type Users } from './helpers.ts';

let db: Database;
let users: Users;
let productId: string;

const NOTE = 'Panic at night; sleep first';

function proof(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: createHash('sha256').update(value).digest('hex') };
}

/** A sign-up as the auth server stores it: unconfirmed, the first registrant's password and metadata. */
async function signUp(email: string, proofHash: string | null): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, 'hash-of-first-password', '{}', $3, now(), now())`,
    [id, email, JSON.stringify(proofHash ? { signup_proof: proofHash } : {})],
  );
  return id;
}

async function confirm(userId: string): Promise<void> {
  await db.query('update auth.users set email_confirmed_at = now() where id = $1', [userId]);
}

/** A session as the auth server starts it, and the claims its access tokens carry. */
async function session(userId: string, method: 'otp' | 'password' | 'recovery'): Promise<RequestContext> {
  const id = randomUUID();
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [id, userId]);
  return {
    role: 'authenticated',
    claims: {
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: id,
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
    },
  };
}

/** What GoTrue does on a password update from one session: the hash changes, every other session ends. */
async function changePassword(userId: string, from: RequestContext): Promise<void> {
  await db.query(`update auth.users set encrypted_password = $2 where id = $1`, [userId, randomUUID()]);
  await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
    userId,
    from.claims.session_id,
  ]);
}

async function claim(ctx: RequestContext, signupProof: string | null = null): Promise<string> {
  return withRequestContext(db, ctx, async (tx) => {
    const result = await tx.query<{ r: string }>('select public.claim_my_account($1) as r', [signupProof]);
    return result.rows[0]!.r;
  });
}

/** The practitioner keeps an assignment with a note, and an appointment is booked, for an address. */
async function keepFor(email: string): Promise<{ assignment: string; appointment: string }> {
  const assigned = await withRequestContext(db, contextFor('admin', users), async (tx) => {
    const result = await tx.query<{ r: { assignment_id: string } }>(
      'select public.admin_assign_to_client($1, null, $2, $3, $4) as r',
      [email, productId, NOTE, 'granted'],
    );
    return result.rows[0]!.r;
  });
  const uri = `https://api.calendly.com/scheduled_events/EV-${randomUUID()}/invitees/INV-1`;
  await withRequestContext(db, { role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
    await tx.query('select public.record_scheduler_event($1, $2, $3)', [
      randomUUID(),
      'invitee.created',
      JSON.stringify({
        uri,
        email,
        name: 'Client',
        scheduled_event: {
          uri: `${uri}-event`,
          name: 'Online session',
          start_time: '2030-01-07T10:00:00Z',
          end_time: '2030-01-07T10:50:00Z',
        },
      }),
    ]);
  });
  return { assignment: assigned.assignment_id, appointment: uri };
}

/** What a session reads of client data: assignment notes, appointments, the granted audio. */
async function reads(
  ctx: RequestContext,
): Promise<{ notes: unknown[]; appointments: number; purchases: number }> {
  const notes = await probe(db, ctx, 'select note from public.client_assignments');
  const appointments = await probe(db, ctx, 'select 1 from public.appointments');
  const purchases = await probe(db, ctx, 'select 1 from public.purchases where price = 0');
  if (!notes.ok || !appointments.ok || !purchases.ok) throw new Error('client data probe failed');
  return {
    notes: notes.values.map((row) => row.note),
    appointments: appointments.rows,
    purchases: purchases.rows,
  };
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  productId = (await db.query<{ id: string }>('select id from public.products where published limit 1'))
    .rows[0]!.id;
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('a stranger who registers a client\u2019s address first', () => {
  it('reads nothing of it after the client confirms, claims nothing, and loses everything once they choose a password', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    const kept = await keepFor(email);
    const attackerProof = proof();
    const victimProof = proof();
    const userId = await signUp(email, attackerProof.hash);
    // The client signs up too (the auth server keeps the first password and metadata), then confirms.
    await confirm(userId);
    const victim = await session(userId, 'otp');
    const attacker = await session(userId, 'password');

    // Confirmation linked nothing: neither session reads the note, the appointment or the granted audio.
    expect(await reads(attacker)).toEqual({ notes: [], appointments: 0, purchases: 0 });
    const pending = await db.query<{ user_id: string | null }>(
      'select user_id from public.client_assignments where id = $1',
      [kept.assignment],
    );
    expect(pending.rows).toEqual([{ user_id: null }]);

    // A password session cannot claim, even with the proof the stranger's own browser kept.
    expect(await claim(attacker, attackerProof.value)).toBe('password_needed');
    // The client's browser did not make this sign-up: the password is not known to be theirs.
    expect(await claim(victim, victimProof.value)).toBe('password_needed');
    expect(await reads(attacker)).toEqual({ notes: [], appointments: 0, purchases: 0 });

    // The client chooses a password from the confirming session: the stranger's sessions end; now it is theirs.
    await changePassword(userId, victim);
    expect(await claim(victim)).toBe('owned');
    expect(await reads(victim)).toEqual({ notes: [NOTE], appointments: 1, purchases: 1 });
    // The stranger's access token is still unexpired, but its session is gone: it reads nothing.
    expect(await reads(attacker)).toEqual({ notes: [], appointments: 0, purchases: 0 });
  });

  it('who changes the password first ends the confirming session, so the client cannot be made to claim for them', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    await keepFor(email);
    const userId = await signUp(email, proof().hash);
    await confirm(userId);
    const victim = await session(userId, 'otp');
    const attacker = await session(userId, 'password');
    await changePassword(userId, attacker);
    await expect(claim(victim)).rejects.toMatchObject({ code: '42501' });
    expect(await claim(attacker)).toBe('password_needed');
    expect(await reads(attacker)).toEqual({ notes: [], appointments: 0, purchases: 0 });
  });

  it('is not made an admin, and new assignments for the address stay pending until the owner claims', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    const userId = await signUp(email, proof().hash);
    await confirm(userId);
    await expect(
      db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [userId]),
    ).rejects.toMatchObject({ code: 'P0001' });
    const kept = await keepFor(email);
    const rows = await db.query<{ user_id: string | null }>(
      'select user_id from public.client_assignments where id = $1',
      [kept.assignment],
    );
    expect(rows.rows).toEqual([{ user_id: null }]);
  });
});

describe('an honest new client', () => {
  it('confirming in the browser that signed up owns the account at once, with what was kept for them', async () => {
    const email = `client-${randomUUID()}@example.test`;
    await keepFor(email);
    const own = proof();
    const userId = await signUp(email, own.hash);
    await confirm(userId);
    const confirming = await session(userId, 'otp');
    expect(await claim(confirming, own.value)).toBe('owned');
    expect(await reads(confirming)).toEqual({ notes: [NOTE], appointments: 1, purchases: 1 });
    // Later sign-ins with the password read it too, and what is kept for the address later links at once.
    const later = await session(userId, 'password');
    expect(await claim(later)).toBe('owned');
    await keepFor(email);
    expect(await reads(later)).toMatchObject({ notes: [NOTE, NOTE], appointments: 2 });
  });

  it('a recovery link then a new password makes the account theirs when the sign-up was on another device', async () => {
    const email = `client-${randomUUID()}@example.test`;
    await keepFor(email);
    const userId = await signUp(email, proof().hash);
    await confirm(userId);
    const recovery = await session(userId, 'recovery');
    expect(await claim(recovery)).toBe('password_needed');
    await changePassword(userId, recovery);
    expect(await claim(recovery)).toBe('owned');
    expect((await reads(recovery)).notes).toEqual([NOTE]);
  });

  it('refuses a caller with no session, and an unconfirmed account', async () => {
    const email = `client-${randomUUID()}@example.test`;
    const userId = await signUp(email, null);
    const unconfirmed = await session(userId, 'password');
    await expect(claim(unconfirmed)).rejects.toMatchObject({ code: '42501' });
    expect(await probe(db, contextFor('anon', users), 'select public.claim_my_account(null)')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});
