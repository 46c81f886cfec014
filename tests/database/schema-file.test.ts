import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/engine.ts';
import { dumpSchema } from '../../supabase/local/db/schema-dump.ts';
import { closeTestDatabase, openTestDatabase } from './engine.ts';

// supabase/schema.sql is generated from the migrations (scripts/schema-dump.ts); a migration added without
// regenerating it makes this fail, naming the command.

const SCHEMA_FILE = new URL('../../supabase/schema.sql', import.meta.url);

/** The first line where two texts differ, for a message a person can act on. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: file has ${JSON.stringify(a[at] ?? '(end)')}, migrations give ${JSON.stringify(b[at] ?? '(end)')}`;
}

function staleMessage(file: string, current: string): string {
  return file === current
    ? ''
    : `supabase/schema.sql is stale: run \`npm run schema\` and commit the file (${firstDifference(file, current)})`;
}

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase(db);
});

describe('supabase/schema.sql', () => {
  it('is what the migrations give', async () => {
    const file = await readFile(SCHEMA_FILE, 'utf8');
    expect(staleMessage(file, await dumpSchema(db))).toBe('');
  });

  it('goes stale when a migration changes a table, a policy or a function body', async () => {
    const file = await readFile(SCHEMA_FILE, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(`
        alter table public.products add column stale_probe text;
        create or replace function private.stale_probe() returns int language sql as 'select 1';
      `);
      expect(staleMessage(file, await dumpSchema(tx))).toMatch(/stale: run `npm run schema`.*stale_probe/);
      await tx.rollback();
    });
  });
});
