import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { closeDatabase, createDatabase } from '../supabase/local/db/db.ts';
import { dumpSchema } from '../supabase/local/db/schema-dump.ts';

// `npm run schema`: applies every migration to a fresh in-memory database and writes the current-state
// schema to supabase/schema.sql. Run it after adding or changing a migration and commit the result;
// tests/database/seed.test.ts fails while the file is stale.

const SCHEMA_FILE = fileURLToPath(new URL('../supabase/schema.sql', import.meta.url));

async function main(): Promise<void> {
  const db = await createDatabase();
  try {
    await writeFile(SCHEMA_FILE, await dumpSchema(db));
    console.info(`Wrote ${SCHEMA_FILE}`);
  } finally {
    await closeDatabase(db);
  }
}

void main();
