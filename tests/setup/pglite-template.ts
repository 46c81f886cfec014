// Vitest globalSetup of the `backend` project: one PGlite database built from scratch (bootstrap, migrations,
// seed, demo accounts) and written out as a data-folder tarball; every in-memory database of the run starts
// from a copy of it (tests/setup/backend.ts, docs/architecture.md "Tests"). Deleted when the run ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeDatabaseTemplate } from '../../supabase/local/db/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(folder, 'template.tar');
  await writeDatabaseTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
