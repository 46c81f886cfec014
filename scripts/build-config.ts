import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { keyModelFromEnv } from '../supabase/local/keys';

export { LOCAL_STACK_DEFAULT_PORT, readPort } from '../supabase/local/db/local-data';

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
  // The local build prerenders the shop with the catalogue of the migrations and seed.
  'supabase/migrations',
  'supabase/seed.sql',
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

/** The VITE_ variables for a local run: the local stack's URL, key model and the site's own origin, unless set. */
export function localBuildEnvironment(sitePort: number, stackPort: number): void {
  process.env.VITE_SITE_ORIGIN ??= `http://localhost:${sitePort}`;
  process.env.VITE_SUPABASE_URL ??= `http://localhost:${stackPort}`;
  // The site speaks the local stack's key model (supabase/local/keys.ts): its publishable key, or in legacy mode
  // the anon key (src/config/supabase-env.ts picks it).
  if (keyModelFromEnv() === 'legacy') process.env.VITE_SUPABASE_LOCAL_KEYS = 'legacy';
  else delete process.env.VITE_SUPABASE_LOCAL_KEYS;
}

/** The hosted project's public key: its publishable key, or an older project's legacy anon key. */
export function hostedPublicKey(): string | undefined {
  return process.env.VITE_SUPABASE_PUBLISHABLE_KEY || process.env.VITE_SUPABASE_ANON_KEY || undefined;
}

export function usesHostedSupabase(): boolean {
  return Boolean(process.env.VITE_SUPABASE_URL && hostedPublicKey());
}
