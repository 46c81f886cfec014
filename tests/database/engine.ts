// The database the database tests run on: PGlite (project `backend`) or a database of its own on the real
// PostgreSQL 17 server the `database-postgres` project starts (tests/setup/real-postgres.ts). Both have the
// same hosted baseline, migrations and seed, and the session is `postgres` (not a superuser) on both.
import { inject } from 'vitest';
import { closeDatabase, createDatabase } from '../../supabase/local/db/db.ts';
import { PostgresDatabase, type Database } from '../../supabase/local/db/engine.ts';
import { createTestDatabase } from '../../supabase/local/db/real-postgres.ts';

export type Engine = 'pglite' | 'postgres';

export const ENGINE: Engine = process.env.TEST_DATABASE_ENGINE === 'postgres' ? 'postgres' : 'pglite';

const drops = new WeakMap<Database, () => Promise<void>>();

/**
 * A database of the test file's own. On PGlite a copy of the run's template (tests/setup/pglite-template.ts);
 * `fresh` builds it from an empty cluster instead, as `npm start` does.
 */
export async function openTestDatabase({ fresh = false } = {}): Promise<Database> {
  if (ENGINE === 'pglite') return createDatabase(fresh ? { template: null } : {});
  const created = await createTestDatabase(inject('realPostgres'));
  // Fixtures run as postgres; requests (withRequestContext) on a second connection as authenticator.
  const db = await PostgresDatabase.connect(created.url, { requestUrl: created.authenticatorUrl });
  drops.set(db, () => created.drop());
  return db;
}

export async function closeTestDatabase(db: Database | undefined): Promise<void> {
  if (db === undefined) return;
  await closeDatabase(db);
  await drops.get(db)?.();
}
