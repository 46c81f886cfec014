import { createServer } from 'vite';
import { LOCAL_DATA_DIR } from '../supabase/local/db/local-data';
import {
  LOCAL_STACK_DEFAULT_PORT,
  localBuildEnvironment,
  readPort,
  usesHostedSupabase,
} from './build-config';

// `npm run dev`: Vite with hot reload, plus the local Supabase stack (unless a hosted project is configured).
const sitePort = readPort('PORT', 5173);
const stackPort = readPort('SUPABASE_LOCAL_PORT', LOCAL_STACK_DEFAULT_PORT);
const hosted = usesHostedSupabase();
if (!hosted) localBuildEnvironment(sitePort, stackPort);

async function main(): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  const siteUrl = `http://localhost:${sitePort}`;
  if (!hosted) {
    const { startLocalStack } = await import('../supabase/local/server');
    const stack = await startLocalStack({ port: stackPort, dataDir: LOCAL_DATA_DIR, siteUrl });
    stops.push(() => stack.stop());
    console.info(`Local Supabase stack: ${stack.url} (inbox: ${stack.url}/_local/inbox)`);
    console.info(
      'Demo accounts (local only): admin@example.com and customer@example.com, password password123',
    );
  }
  const vite = await createServer({ server: { port: sitePort, strictPort: true } });
  await vite.listen();
  stops.push(() => vite.close());
  vite.printUrls();
  const shutdown = () => void Promise.allSettled(stops.map((stop) => stop())).then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
