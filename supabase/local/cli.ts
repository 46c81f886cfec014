import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from './db.ts';
import { startLocalStack } from './server.ts';

// `npm run supabase:local [-- --reset]`: only the local Supabase stack, with data kept in
// supabase/.local-data (gitignored). SUPABASE_LOCAL_PORT sets the port (54321), SITE_URL the site the
// emailed links lead to (http://localhost:4173).

const DATA_DIR = fileURLToPath(new URL('../.local-data', import.meta.url));

function readPort(): number {
  const raw = process.env.SUPABASE_LOCAL_PORT;
  if (!raw) return 54321;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`SUPABASE_LOCAL_PORT must be a port number, got "${raw}"`);
  return port;
}

/** --reset must not pull the data out from under a stack that is running. */
function assertNotInUse(): void {
  const lock = path.join(DATA_DIR, 'pgdata.lock');
  if (!existsSync(lock)) return;
  const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
  try {
    if (Number.isSafeInteger(pid) && pid > 0) {
      process.kill(pid, 0);
      throw new Error(`The local stack's data is in use by process ${pid}; stop it before --reset.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--reset')) {
    assertNotInUse();
    await rm(DATA_DIR, { recursive: true, force: true });
    console.info('Local stack data reset.');
  }
  const stack = await startLocalStack({
    port: readPort(),
    dataDir: DATA_DIR,
    siteUrl: process.env.SITE_URL ?? 'http://localhost:4173',
  });
  console.info(`
Local Supabase stack: ${stack.url}
  Inbox:            ${stack.inboxUrl}
  Anon key:         ${stack.anonKey}
  Service role key: ${stack.serviceRoleKey}
  JWT secret:       ${stack.jwtSecret}
  (Local demo keys: worthless outside this machine.)
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
