// 20 fulfilments and 10 refunds at once, of orders on two London days sharing audios in opposite order
// (tests/database/money-race.ts), 10 rounds: no deadlock, no error, every money invariant holds (docs/money.md
// "No deadlocks"). On real PostgreSQL each call has its own connection, as `authenticator` switched to
// service_role the way PostgREST runs an edge function's call (so hosted grants and timeouts apply); on PGlite
// (one connection) the same calls run one after another and the invariants are checked the same way.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDatabase, createDatabase, type Database } from '../../supabase/local/db/db.ts';
import { PostgresDatabase } from '../../supabase/local/db/engine.ts';
import { createTestDatabase, type RealPostgresDatabase } from '../../supabase/local/db/real-postgres.ts';
import { ENGINE } from './engine.ts';
import { raceRound, type Connection } from './money-race.ts';

const FULFILMENTS = 20;
const REFUNDS = 10;
const ROUNDS = 10;

let setup: Database;
let connections: Connection[] = [];
let created: RealPostgresDatabase | null = null;
const opened: PostgresDatabase[] = [];

beforeAll(async () => {
  if (ENGINE === 'pglite') {
    setup = await createDatabase();
    connections = Array.from({ length: FULFILMENTS + REFUNDS }, () => setup);
    return;
  }
  created = await createTestDatabase(inject('realPostgres'));
  setup = await PostgresDatabase.connect(created.url);
  for (let i = 0; i < FULFILMENTS + REFUNDS; i += 1) {
    const connection = await PostgresDatabase.connect(created.authenticatorUrl);
    await connection.query('set role service_role');
    opened.push(connection);
  }
  connections = opened;
}, 120_000);

afterAll(async () => {
  for (const connection of opened) await connection.close();
  if (setup) await closeDatabase(setup);
  await created?.drop();
});

describe(`money under concurrency (${ENGINE})`, () => {
  it(`${FULFILMENTS} fulfilments and ${REFUNDS} refunds at once, ${ROUNDS} rounds: 0 deadlocks, 0 errors, the money exact`, async () => {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push(await raceRound(setup, connections, FULFILMENTS, REFUNDS));
    }
    expect(rounds.map((r) => r.calls)).toEqual(Array.from({ length: ROUNDS }, () => FULFILMENTS + REFUNDS));
    expect(rounds.flatMap((r) => r.errors)).toEqual([]);
    expect(rounds.reduce((sum, r) => sum + r.deadlocks, 0)).toBe(0);
    expect(rounds.flatMap((r) => r.problems)).toEqual([]);
  }, 300_000);
});
