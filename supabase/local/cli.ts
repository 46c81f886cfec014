import path from 'node:path';
import { DEMO_ACCOUNTS } from './db/db.ts';
import {
  LOCAL_DATA_DIR as DATA_DIR,
  LOCAL_STACK_DEFAULT_PORT,
  readPort,
  resetLocalData,
} from './db/local-data.ts';
import { keySummary } from './key-summary.ts';
import { startLocalStack } from './server.ts';

// `npm run supabase:local [-- --reset]`: only the local Supabase stack, with data kept in
// supabase/.local-data (gitignored). SUPABASE_LOCAL_PORT sets the port (54321), SITE_URL the site the
// emailed links lead to (http://localhost:4173).

async function main(): Promise<void> {
  if (process.argv.includes('--reset')) {
    await resetLocalData(DATA_DIR);
    console.info('Local stack data reset.');
  }
  const stack = await startLocalStack({
    port: readPort('SUPABASE_LOCAL_PORT', LOCAL_STACK_DEFAULT_PORT),
    dataDir: DATA_DIR,
    siteUrl: process.env.SITE_URL ?? 'http://localhost:4173',
    schedules: true,
  });
  console.info(`
Local Supabase stack: ${stack.url}
  Inbox:            ${stack.inboxUrl}
${keySummary(stack.keys)}
Demo accounts (local only, password ${DEMO_ACCOUNTS[0]?.password ?? 'password123'}):
${DEMO_ACCOUNTS.map((account) => `  ${account.email} (${account.role})`).join('\n')}
Data: ${path.relative(process.cwd(), DATA_DIR) || DATA_DIR} (--reset starts afresh). Ctrl+C stops.`);

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
