import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Two projects: browser-like (jsdom) for logic and components, Node for the database and the local stack.
export default defineConfig({
  resolve: { alias },
  test: {
    // Three files at a time on two cores: most backend files wait on a stack, a server or Deno
    // (docs/architecture.md, "Tests").
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        define: { __BUILD_DATE__: JSON.stringify('2026-01-01') },
        test: {
          name: 'web',
          environment: 'jsdom',
          // A configured scheduler account, as deployed (without one, links lead to the local stand-in:
          // src/config/scheduler.ts, tested on its own in tests/unit/scheduler-config.test.ts).
          env: { VITE_SCHEDULER_USERNAME: 'your-practice' },
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          environment: 'node',
          include: ['tests/database/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/pglite-template.ts'],
          setupFiles: ['tests/setup/backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same database tests on a real PostgreSQL 17 server with the hosted baseline (one server for
        // the run, one database per file), the CLI deployment rehearsal (tests/deploy) and the local stack
        // on that server (tests/postgres-stack), which need a real server. persistence.test.ts is left out: it tests PGlite's data folder (the local stack's own
        // persistence), which has no counterpart on a server.
        resolve: { alias },
        test: {
          name: 'database-postgres',
          environment: 'node',
          include: ['tests/database/**/*.test.ts', 'tests/deploy/**/*.test.ts', 'tests/postgres-stack/**/*.test.ts'],
          exclude: ['tests/database/persistence.test.ts'],
          env: { TEST_DATABASE_ENGINE: 'postgres' },
          globalSetup: ['tests/setup/real-postgres.ts'],
          setupFiles: ['tests/setup/backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
