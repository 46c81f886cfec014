// Every table x caller x operation, asserted against the real migrations on PGlite and on real PostgreSQL 17.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../supabase/local/db/db.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';
import { ACTORS, contextFor, createUsers, probe, type Actor, type Users } from './helpers.ts';
import {
  OPERATIONS,
  POLICY_MATRIX,
  createFixture,
  renderPolicyMatrix,
  type Fixture,
  type Operation,
  type Outcome,
  type TableName,
} from './policy-matrix.ts';

let db: Database;
let users: Users;
let fixture: Fixture;

beforeAll(async () => {
  db = await openTestDatabase();
  users = await createUsers(db);
  fixture = await createFixture(db, users);
});

afterAll(async () => {
  await closeTestDatabase(db);
});

/** Tries the operation on each fixture row (or the one insert) and reports it in the matrix's notation. */
async function observe(table: TableName, operation: Operation, actor: Actor): Promise<Outcome> {
  const statements = fixture[table];
  const ctx = contextFor(actor, users);
  const attempts: { label: string; sql: string; params: unknown[] }[] =
    operation === 'insert'
      ? [{ label: 'new', ...statements.insert(actor) }]
      : Object.entries(statements.keys).map(([label, params]) => ({
          label,
          sql: statements[operation],
          params,
        }));

  const reached: string[] = [];
  const codes = new Set<string>();
  let failures = 0;
  for (const attempt of attempts) {
    const result = await probe(db, ctx, attempt.sql, attempt.params);
    if (!result.ok) {
      failures += 1;
      codes.add(result.code);
      reached.push(`${attempt.label}:${result.code}`);
    } else if (result.rows > 1) {
      throw new Error(
        `${table} ${operation} on ${attempt.label} reached ${result.rows} rows; expected at most 1`,
      );
    } else if (result.rows === 1) {
      reached.push(attempt.label);
    }
  }
  if (failures === attempts.length && codes.size === 1 && codes.has('42501')) return '42501';
  return reached;
}

describe('policy matrix', () => {
  for (const [table, spec] of Object.entries(POLICY_MATRIX) as [
    TableName,
    (typeof POLICY_MATRIX)[TableName],
  ][]) {
    describe(table, () => {
      for (const operation of OPERATIONS) {
        for (const actor of ACTORS) {
          const expected = spec.expect[operation][actor];
          it(`${operation} as ${actor}`, async () => {
            expect(await observe(table, operation, actor)).toEqual(expected);
          });
        }
      }
    });
  }

  it('probes left the fixture as it was (every probe rolled back)', async () => {
    const counts = await db.query<{ roles: number; purchases: number; orders: number; objects: number }>(
      `select (select count(*)::int from public.user_roles) as roles,
              (select count(*)::int from public.purchases) as purchases,
              (select count(*)::int from public.orders) as orders,
              (select count(*)::int from storage.objects) as objects`,
    );
    expect(counts.rows[0]).toEqual({ roles: 3, purchases: 2, orders: 2, objects: 5 });
  });

  it('supabase/tests/POLICY-MATRIX.md is the verified matrix', async () => {
    const file = fileURLToPath(new URL('../../supabase/tests/POLICY-MATRIX.md', import.meta.url));
    // Formatted as `npm run format` would, so formatting the repo never makes the file look stale.
    const rendered = await format(renderPolicyMatrix(), { ...(await resolveConfig(file)), filepath: file });
    if (process.env.UPDATE_POLICY_MATRIX === '1') await writeFile(file, rendered);
    expect(await readFile(file, 'utf8')).toBe(rendered);
  });
});
