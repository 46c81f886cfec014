import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/**
 * The local stack's keys. By default what a Supabase project created today has: a publishable key
 * (`sb_publishable_…`, the browser's), a secret key (`sb_secret_…`, servers'), both the Supabase CLI's
 * well-known local values, and user tokens signed ES256 with a key the stack generates and keeps with its data.
 * SUPABASE_LOCAL_KEYS=legacy gives an older project's instead: anon and service-role JWTs, every token HS256.
 *
 * All of them are public knowledge or made on this machine, and only ever accepted by its local stack, so they
 * are worthless anywhere else. Never use them for a hosted project.
 */

/** HS256 secret: signs every token in legacy mode, storage's signed URLs always (as hosted Storage does). */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Legacy: `{ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }` signed with JWT_SECRET. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Legacy: `{ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }` signed with JWT_SECRET. */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The Supabase CLI's local publishable key: the anon role. */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/** The Supabase CLI's local secret key: the service role, refused from a browser. */
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** Which key model the stack speaks: a project created today's, or an older project's legacy keys. */
export type KeyModel = 'new' | 'legacy';

/** The one setting: SUPABASE_LOCAL_KEYS=legacy; anything else (or unset) is the new model. */
export function keyModelFromEnv(env: NodeJS.ProcessEnv = process.env): KeyModel {
  const value = env.SUPABASE_LOCAL_KEYS?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'new') return 'new';
  if (value === 'legacy') return 'legacy';
  throw new Error(`SUPABASE_LOCAL_KEYS must be "new" or "legacy", got "${env.SUPABASE_LOCAL_KEYS}"`);
}

/** The key the browser sends in each model (what the site is built with). */
export function publicKeyOf(model: KeyModel): string {
  return model === 'legacy' ? ANON_KEY : PUBLISHABLE_KEY;
}

/** The asymmetric key user tokens are signed with; its public half is published in the JWKS. */
export type SigningKey = { kid: string; privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK };

export type StackKeys = {
  model: KeyModel;
  /** `apikey` for the anon role: the publishable key, or the legacy anon JWT. */
  publishableKey: string;
  /** `apikey` for the service role: the secret key, or the legacy service-role JWT. */
  secretKey: string;
  jwtSecret: string;
  /** ES256 in the new model; null in legacy mode (HS256 with jwtSecret). */
  signingKey: SigningKey | null;
  /** What /auth/v1/.well-known/jwks.json serves (empty in legacy mode: an HS256 secret is never published). */
  jwks: { keys: JWK[] };
};

const SIGNING_KEY_FILE = 'jwt-signing-key.json';

async function newSigningKey(): Promise<{ kid: string; jwk: JWK }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid: randomUUID(), jwk: await exportJWK(privateKey) };
}

/**
 * The stack's ES256 signing key: generated once and kept in `<dataDir>/jwt-signing-key.json` (so tokens survive
 * a restart, as a project's do), or per process for an in-memory stack.
 */
async function loadSigningKey(dataDir: string | null): Promise<SigningKey> {
  // SUPABASE_LOCAL_SIGNING_KEY_FILE: a key of one's own, as a hosted project can import one (Project Settings →
  // JWT Keys → import); the end-to-end run uses it to sign a token as the stack would (e2e/admin-reauth.spec.ts).
  const imported = process.env.SUPABASE_LOCAL_SIGNING_KEY_FILE;
  const file = imported ? path.resolve(imported) : dataDir ? path.join(dataDir, SIGNING_KEY_FILE) : null;
  let stored: { kid: string; jwk: JWK };
  if (file && existsSync(file)) {
    stored = JSON.parse(await readFile(file, 'utf8')) as { kid: string; jwk: JWK };
  } else {
    stored = await newSigningKey();
    if (file) await writeFile(file, `${JSON.stringify(stored)}\n`, { mode: 0o600 });
  }
  const privateKey = (await importJWK({ ...stored.jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { kty, crv, x, y } = stored.jwk;
  const publicJwk: JWK = { kty, crv, x, y, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
  return { kid: stored.kid, privateKey, publicKey, publicJwk };
}

export async function stackKeys(model: KeyModel, dataDir: string | null): Promise<StackKeys> {
  if (model === 'legacy') {
    return {
      model,
      publishableKey: ANON_KEY,
      secretKey: SERVICE_ROLE_KEY,
      jwtSecret: JWT_SECRET,
      signingKey: null,
      jwks: { keys: [] },
    };
  }
  const signingKey = await loadSigningKey(dataDir);
  return {
    model,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    jwtSecret: JWT_SECRET,
    signingKey,
    jwks: { keys: [signingKey.publicJwk] },
  };
}
