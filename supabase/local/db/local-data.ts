import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the local stack keeps its data and which port it answers on by default: shared by
// `npm run supabase:local`, `npm start` and `npm run dev`, so all three mean the same thing.

export const LOCAL_STACK_DEFAULT_PORT = 54321;

/** supabase/.local-data (gitignored). */
export const LOCAL_DATA_DIR = fileURLToPath(new URL('../../.local-data', import.meta.url));

/** A port from an environment variable, or the fallback; anything else is a clear error. */
export function readPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return port;
}

/** --reset must not pull the data out from under a stack that is running. */
function assertNotInUse(dataDir: string): void {
  const lock = path.join(dataDir, 'pgdata.lock');
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

/** Deletes the local stack's data so the next start begins afresh (migrations, seed, demo accounts). */
export async function resetLocalData(dataDir: string = LOCAL_DATA_DIR): Promise<void> {
  assertNotInUse(dataDir);
  await rm(dataDir, { recursive: true, force: true });
}
