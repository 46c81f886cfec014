import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_STACK_DEFAULT_PORT = 54321;
export const SITE_DEFAULT_PORT = 4173;

// What a build depends on: the sources and the VITE_ variables baked into the bundle. `npm start`
// rebuilds when these differ from the last build's.
export function buildEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env)
      .filter(
        (entry): entry is [string, string] => entry[0].startsWith('VITE_') && typeof entry[1] === 'string',
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package-lock.json',
  'scripts',
];

function hashTree(hash: ReturnType<typeof createHash>, path: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return;
  }
  if (stats.isDirectory()) {
    for (const name of readdirSync(path).sort()) hashTree(hash, join(path, name));
  } else {
    hash.update(path).update(readFileSync(path));
  }
}

export function buildFingerprint(env: Record<string, string> = buildEnvironment()): string {
  const hash = createHash('sha256').update(JSON.stringify(env));
  for (const input of inputs) hashTree(hash, input);
  return hash.digest('hex').slice(0, 16);
}

/** The VITE_ variables for a local run: the local stack's URL and the site's own origin, unless set. */
export function localBuildEnvironment(sitePort: number, stackPort: number): void {
  process.env.VITE_SITE_ORIGIN ??= `http://localhost:${sitePort}`;
  process.env.VITE_SUPABASE_URL ??= `http://localhost:${stackPort}`;
}

export function usesHostedSupabase(): boolean {
  return Boolean(process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_ANON_KEY);
}

export function readPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}
