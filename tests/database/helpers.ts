// Shared by the database tests: who is calling, and a probe that runs one statement as them and rolls back.
import { randomUUID } from 'node:crypto';
import {
  DEMO_ACCOUNTS,
  withRequestContext,
  type Database,
  type RequestContext,
} from '../../supabase/local/db/db.ts';
import { provisionOwner } from '../../supabase/local/db/account-owners.ts';
import { openTestDatabase } from './engine.ts';

export type Actor = 'anon' | 'customerA' | 'customerB' | 'admin' | 'service';
export const ACTORS: readonly Actor[] = ['anon', 'customerA', 'customerB', 'admin', 'service'];

export interface Users {
  customerA: string;
  customerB: string;
  admin: string;
}

/** The admin demo account (seeded with an admin role row by createDatabase). */
export const DEMO_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin') ?? DEMO_ACCOUNTS[0]!;

/**
 * Inserts a confirmed user directly (as the superuser), the way the auth server would, owned by its owner
 * (private.account_owners, as the practice's own accounts are) and signed in: a session whose id is the
 * user's own, which authenticatedContext's claims name (client data is read only through a live session).
 */
export async function createUser(db: Database, email: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, email],
  );
  await startTestSession(db, id);
  await provisionOwner(db, id);
  return id;
}

/** A session for the user whose id is the user's own (authenticatedContext's session_id). */
export async function startTestSession(db: Database, userId: string): Promise<void> {
  await db.query(
    `insert into auth.sessions (id, user_id) values ($1::text::uuid, $1::text::uuid) on conflict (id) do nothing`,
    [userId],
  );
}

/** The role and claims the local stack would set for this user's session (see startTestSession). */
export function authenticatedContext(userId: string, extra: Record<string, unknown> = {}): RequestContext {
  return {
    role: 'authenticated',
    claims: { sub: userId, role: 'authenticated', aud: 'authenticated', session_id: userId, ...extra },
  };
}

/**
 * As audio-url does when it issues a link (public.record_audio_link), with the run begun `secondsAgo`: a
 * listener's positions count toward programme progress only as far as real time since then allows
 * (docs/security.md "Programme progress").
 */
export async function linkIssuedAgo(
  db: Database,
  userId: string,
  audioId: string,
  secondsAgo = 3600,
): Promise<void> {
  await db.query(
    `insert into private.audio_link_runs (user_id, audio_id, run_started_at, last_issued_at)
     values ($1, $2, now() - make_interval(secs => $3), now())
     on conflict (user_id, audio_id) do update set run_started_at = excluded.run_started_at,
       last_issued_at = excluded.last_issued_at`,
    [userId, audioId, secondsAgo],
  );
}

export async function createUsers(db: Database): Promise<Users> {
  await startTestSession(db, DEMO_ADMIN.id);
  return {
    customerA: await createUser(db, `a-${randomUUID()}@example.test`),
    customerB: await createUser(db, `b-${randomUUID()}@example.test`),
    admin: DEMO_ADMIN.id,
  };
}

/** The role and claims the local stack would set after verifying each actor's JWT. */
export function contextFor(actor: Actor, users: Users): RequestContext {
  switch (actor) {
    case 'anon':
      return { role: 'anon', claims: { role: 'anon', iss: 'supabase-demo' } };
    case 'service':
      return { role: 'service_role', claims: { role: 'service_role', iss: 'supabase-demo' } };
    default:
      // Signed in just now (password): what destructive admin actions require (docs/security.md).
      return authenticatedContext(users[actor], {
        email: `${actor}@example.test`,
        amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      });
  }
}

export type ProbeResult =
  | { ok: true; rows: number; values: Record<string, unknown>[] }
  | { ok: false; code: string; message: string };

/**
 * Runs one statement in a request transaction and always rolls it back, so probes never affect each other.
 * Returns the number of rows read (SELECT) or changed (DML), or the SQLSTATE it failed with.
 */
export async function probe(
  db: Database,
  ctx: RequestContext,
  sql: string,
  params: unknown[] = [],
): Promise<ProbeResult> {
  try {
    return await withRequestContext(db, ctx, async (tx) => {
      const result = await tx.query<Record<string, unknown>>(sql, params);
      await tx.rollback();
      const isSelect = /^\s*select\b/i.test(sql);
      return {
        ok: true,
        rows: isSelect ? result.rows.length : (result.affectedRows ?? 0),
        values: result.rows,
      };
    });
  } catch (error) {
    const code = sqlState(error);
    if (code === undefined) throw error;
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
}

export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export interface ListenerDatabase {
  db: Database;
  users: Users;
  anon: RequestContext;
  customerA: RequestContext;
  customerB: RequestContext;
  admin: RequestContext;
  service: RequestContext;
  /** A published audio customer A has bought. */
  owned: string;
  /** A published audio nobody has bought. */
  notOwned: string;
}

/**
 * A database of its own (close it with closeTestDatabase) for the listener's tables (positions, sessions):
 * every actor, and two published audios of which customer A owns the first.
 */
export async function openListenerDatabase(): Promise<ListenerDatabase> {
  const db = await openTestDatabase();
  const users = await createUsers(db);
  const products = await db.query<{ id: string }>(
    `select id from public.products where published order by slug limit 2`,
  );
  const owned = products.rows[0]!.id;
  await db.query(
    `insert into public.purchases (user_id, product_id, title, category, price)
     select $1, p.id, p.title, p.category, 2.99 from public.products p where p.id = $2`,
    [users.customerA, owned],
  );
  return {
    db,
    users,
    anon: contextFor('anon', users),
    customerA: contextFor('customerA', users),
    customerB: contextFor('customerB', users),
    admin: contextFor('admin', users),
    service: contextFor('service', users),
    owned,
    notOwned: products.rows[1]!.id,
  };
}
