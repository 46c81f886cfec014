import type { KnipConfig } from 'knip';

// `npx knip` (a step of `npm test`): no file, export or package may be unused. Entry points knip cannot find
// on its own are listed here; tests and Playwright specs it finds through its Vitest and Playwright plugins.
const config: KnipConfig = {
  entry: [
    'src/entry-server.tsx',
    'src/lib/offline/service-worker.ts',
    'scripts/*.ts',
    'supabase/local/measure-latency.ts',
    'supabase/local/functions/preload.ts',
    'supabase/functions/*/index.ts',
    'tests/contract/fixtures/functions/*/index.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,css}',
    'scripts/**/*.ts',
    'supabase/**/*.ts',
    'tests/**/*.{ts,tsx}',
    'e2e/**/*.ts',
  ],
  // An export the same file uses is part of that module's own working, not dead weight.
  ignoreExportsUsedInFile: true,
  // Resolved by path at run time (createRequire().resolve), which knip cannot follow: axe-core's script is
  // injected into pages (e2e/axe.ts), deno's binary runs the edge functions (supabase/local/functions/runtime.ts),
  // the supabase CLI is driven by the deployment rehearsal (tests/deploy/cli-rehearsal.test.ts).
  ignoreDependencies: ['axe-core', 'deno', 'supabase'],
};

export default config;
