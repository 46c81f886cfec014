// The project's API keys as the function's environment gives them. A project created today has publishable
// (`sb_publishable_…`) and secret (`sb_secret_…`) keys: hosted Supabase sets SUPABASE_PUBLISHABLE_KEYS and
// SUPABASE_SECRET_KEYS (JSON objects by key name), the CLI's local serve SUPABASE_PUBLISHABLE_KEY and
// SUPABASE_SECRET_KEY. An older project may have only the legacy anon and service-role JWTs
// (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY). docs/deployment.md "API keys and JWT signing keys" says which a
// project has.
import { env } from './env.ts';

/** The keys of a `{"<name>": "<key>"}` variable, the one named `default` first; [] when unset or malformed. */
function namedKeys(name: string): string[] {
  const raw = env(name);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} is not a JSON object of keys by name`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${name} is not a JSON object of keys by name`);
  }
  const entries = Object.entries(parsed as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  entries.sort(([a], [b]) => Number(b === 'default') - Number(a === 'default'));
  return entries.map(([, key]) => key);
}

function keysFrom(named: string, single: string, legacy: string): string[] {
  const keys = [...namedKeys(named), env(single), env(legacy)].filter((key): key is string => !!key);
  return [...new Set(keys)];
}

/** Every secret key the project accepts now (during a rotation, the old one and the new one). */
export function secretKeys(): string[] {
  return keysFrom('SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY');
}

/** The key the function itself calls the APIs with: the `default` secret key, else the legacy service role. */
export function secretKey(): string {
  const key = secretKeys()[0];
  if (!key) {
    throw new Error(
      'No secret key: SUPABASE_SECRET_KEYS, SUPABASE_SECRET_KEY or SUPABASE_SERVICE_ROLE_KEY must be set',
    );
  }
  return key;
}

/** The `default` publishable key, else the legacy anon key. */
export function publishableKey(): string {
  const key = keysFrom('SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY')[0];
  if (!key) {
    throw new Error(
      'No publishable key: SUPABASE_PUBLISHABLE_KEYS, SUPABASE_PUBLISHABLE_KEY or SUPABASE_ANON_KEY must be set',
    );
  }
  return key;
}
