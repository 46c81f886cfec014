import { LOCAL_DATA_DIR, resetLocalData } from '../supabase/local/db/local-data';
import {
  LOCAL_STACK_DEFAULT_PORT,
  localBuildEnvironment,
  readPort,
  SITE_DEFAULT_PORT,
  usesHostedSupabase,
} from './build-config';
import { buildIfNeeded } from './build';
import { runCatalogueRebuild } from './rebuild-catalogue-pages';
import { startStaticServer } from './static-server';

// `npm start`: build if needed, then serve the production build with the local Supabase stack beside it
// (or against a hosted project when VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY, or an older project's
// VITE_SUPABASE_ANON_KEY, are set).
// Flags: --reset (start the local stack's data afresh), --in-memory (keep no data, for tests).

const args = new Set(process.argv.slice(2));
const sitePort = readPort('PORT', SITE_DEFAULT_PORT);
const stackPort = readPort('SUPABASE_LOCAL_PORT', LOCAL_STACK_DEFAULT_PORT);
const hosted = usesHostedSupabase();
if (!hosted) localBuildEnvironment(sitePort, stackPort);

/**
 * Test suites only. SUPABASE_LOCAL_AUTH_RATE_LIMIT raises config.toml's auth rate limits (per 5 minutes per IP)
 * for a suite whose every request comes from this machine; SUPABASE_LOCAL_EMAIL_MAX_FREQUENCY (seconds, 0 for
 * none) replaces [auth.email] max_frequency (60 s) for a suite that emails one address more than once a minute.
 */
function rateLimitOverride():
  { signInSignUps?: number; tokenVerifications?: number; emailMaxFrequencySeconds?: number } | undefined {
  const limit = Number(process.env.SUPABASE_LOCAL_AUTH_RATE_LIMIT);
  const frequency = process.env.SUPABASE_LOCAL_EMAIL_MAX_FREQUENCY;
  const override = {
    ...(Number.isInteger(limit) && limit > 0 ? { signInSignUps: limit, tokenVerifications: limit } : {}),
    ...(frequency !== undefined && /^\d+$/.test(frequency)
      ? { emailMaxFrequencySeconds: Number(frequency) }
      : {}),
  };
  return Object.keys(override).length > 0 ? override : undefined;
}

async function main(): Promise<void> {
  await buildIfNeeded(() => console.info('Building the site…'));
  const stops: (() => Promise<void>)[] = [];
  const siteUrl = `http://localhost:${sitePort}`;

  if (!hosted) {
    const { startLocalStack } = await import('../supabase/local/server');
    const { keySummary } = await import('../supabase/local/key-summary');
    const dataDir = args.has('--in-memory') ? null : LOCAL_DATA_DIR;
    if (dataDir && args.has('--reset')) await resetLocalData(dataDir);
    const stack = await startLocalStack({
      port: stackPort,
      dataDir,
      siteUrl,
      authRateLimits: rateLimitOverride(),
      schedules: true,
      // The deploy hook's local stand-in renders the catalogue pages again (docs/catalogue-rebuild.md).
      siteRebuild: () => runCatalogueRebuild(`http://localhost:${stackPort}`),
    });
    stops.push(() => stack.stop());
    console.info(`Local Supabase stack: ${stack.url}`);
    console.info(`Local inbox (emails the stack sends): ${stack.url}/_local/inbox`);
    console.info(`Keys (${stack.keys.model === 'legacy' ? 'legacy' : 'publishable and secret'}):\n${keySummary(stack.keys)}`);
    console.info(
      'Demo accounts (local only): admin@example.com and customer@example.com, password password123',
    );
  } else {
    console.info(`Using the hosted Supabase project at ${process.env.VITE_SUPABASE_URL}`);
  }

  const server = await startStaticServer({ distDir: 'dist', port: sitePort });
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  console.info(`Site: ${siteUrl}`);

  const shutdown = () => {
    void Promise.allSettled(stops.map((stop) => stop())).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
