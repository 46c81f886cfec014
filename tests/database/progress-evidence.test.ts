// Progress is evidence, not a claim (supabase/migrations/20261130011000_progress_is_evidence.sql,
// docs/security.md "Programme progress"): a position counts toward a programme only as far as real time since
// the listener's run of audio links began allows (2x speed + 10 s). The attack replayed: one
// listening_positions row at 90% used to open the next step and show the practitioner "listened".
// PGlite and PostgreSQL 17.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import {
  authenticatedContext,
  contextFor,
  createUser,
  createUsers,
  linkIssuedAgo,
  probe,
  type Users,
} from './helpers.ts';

let db: Database;
let users: Users;
let product: { id: string; duration: number };

async function assignedClient(): Promise<string> {
  const email = `evidence-${randomUUID()}@example.test`;
  const userId = await createUser(db, email);
  await withRequestContext(db, contextFor('admin', users), async (tx) => {
    await tx.query("select public.admin_assign_to_client($1, null, $2, '', 'granted')", [email, product.id]);
  });
  return userId;
}

async function save(userId: string, seconds: number): Promise<void> {
  await withRequestContext(db, authenticatedContext(userId), async (tx) => {
    await tx.query(
      `insert into public.listening_positions (product_id, position_seconds, rate, device_id, device_kind, played_at)
       values ($1, $2, 1, $3, 'phone', now())
       on conflict (user_id, product_id) do update set position_seconds = excluded.position_seconds,
         played_at = excluded.played_at`,
      [product.id, seconds, randomUUID()],
    );
  });
}

async function progress(
  userId: string,
): Promise<{ furthest_seconds: number; listened: boolean } | undefined> {
  const rows = await db.query<{ furthest_seconds: number; listened: boolean }>(
    `select furthest_seconds, listened_at is not null as listened from public.programme_progress
     where user_id = $1 and product_id = $2`,
    [userId, product.id],
  );
  return rows.rows[0];
}

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  const row = await db.query<{ id: string; duration_seconds: number }>(
    'select id, duration_seconds from public.products where published and duration_seconds > 300 limit 1',
  );
  product = { id: row.rows[0]!.id, duration: row.rows[0]!.duration_seconds };
});

afterAll(async () => {
  await closeTestDatabase(db);
});

describe('programme progress needs listening the server can believe', () => {
  it('a position written with no audio link ever issued counts for nothing', async () => {
    const client = await assignedClient();
    await save(client, Math.ceil(product.duration * 0.95));
    expect(await progress(client)).toEqual({ furthest_seconds: 0, listened: false });
  });

  it('a position ahead of real time since the link counts only as far as 2x real time allows', async () => {
    const client = await assignedClient();
    await linkIssuedAgo(db, client, product.id, 60);
    await save(client, Math.ceil(product.duration * 0.95));
    const after = await progress(client);
    expect(after?.listened).toBe(false);
    expect(after?.furthest_seconds).toBeGreaterThanOrEqual(120);
    expect(after?.furthest_seconds).toBeLessThanOrEqual(135);
  });

  it('saving it finished (0) right after the first link does not make it listened', async () => {
    const client = await assignedClient();
    await linkIssuedAgo(db, client, product.id, 5);
    await save(client, 30);
    await save(client, 0);
    expect(await progress(client)).toMatchObject({ listened: false });
  });

  it('a listen that took long enough is listened', async () => {
    const client = await assignedClient();
    await linkIssuedAgo(db, client, product.id, Math.ceil(product.duration * 0.5));
    await save(client, Math.ceil(product.duration * 0.92));
    expect(await progress(client)).toEqual({
      furthest_seconds: Math.ceil(product.duration * 0.92),
      listened: true,
    });
  });
});

describe('record_audio_link', () => {
  it('is the service role’s only; a gap of over 15 minutes starts a new run', async () => {
    const client = await assignedClient();
    expect(
      await probe(db, authenticatedContext(client), 'select public.record_audio_link($1, $2)', [
        client,
        product.id,
      ]),
    ).toMatchObject({ ok: false, code: '42501' });
    const service = contextFor('service', users);
    await withRequestContext(db, service, (tx) =>
      tx.query('select public.record_audio_link($1, $2)', [client, product.id]),
    );
    await db.query(
      `update private.audio_link_runs set run_started_at = now() - interval '2 hours',
         last_issued_at = now() - interval '20 minutes' where user_id = $1`,
      [client],
    );
    await withRequestContext(db, service, (tx) =>
      tx.query('select public.record_audio_link($1, $2)', [client, product.id]),
    );
    const fresh = await db.query<{ fresh: boolean }>(
      `select run_started_at > now() - interval '1 minute' as fresh from private.audio_link_runs where user_id = $1`,
      [client],
    );
    expect(fresh.rows).toEqual([{ fresh: true }]);
    // Within 15 minutes, a refreshed link keeps the run.
    await db.query(
      `update private.audio_link_runs set run_started_at = now() - interval '2 hours',
         last_issued_at = now() - interval '4 minutes' where user_id = $1`,
      [client],
    );
    await withRequestContext(db, service, (tx) =>
      tx.query('select public.record_audio_link($1, $2)', [client, product.id]),
    );
    const kept = await db.query<{ kept: boolean }>(
      `select run_started_at < now() - interval '1 hour' as kept from private.audio_link_runs where user_id = $1`,
      [client],
    );
    expect(kept.rows).toEqual([{ kept: true }]);
  });
});
