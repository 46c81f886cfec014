import { SignJWT, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKey } from '../keys.ts';

/** Claims of a token the stack accepted; `role` decides the Postgres role. */
export type JwtClaims = JWTPayload & { role?: unknown; email?: unknown; session_id?: unknown };

export type VerifyResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();

function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

// Verified tokens are cached (until their exp) because every REST call re-sends the same token and
// HMAC verification through WebCrypto is a measurable part of a ~1 ms request.
const verified = new Map<string, JwtClaims>();
const CACHE_LIMIT = 1000;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * What a token may be signed with: the HS256 secret (legacy tokens; storage's signed URLs) and, in the new key
 * model, the stack's ES256 signing key, found by the token's `kid`.
 */
export type JwtKeys = { jwtSecret: string; signingKey?: SigningKey | null };

/** The header's algorithm and key id, or null when the token is not a JWT at all. */
function headerOf(token: string): { alg?: string; kid?: string } | null {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return null;
  }
}

export async function verifyJwt(token: string, keys: JwtKeys | string): Promise<VerifyResult> {
  const { jwtSecret: secret, signingKey } = typeof keys === 'string' ? { jwtSecret: keys, signingKey: null } : keys;
  const header = headerOf(token);
  const asymmetric = header?.alg === 'ES256';
  if (asymmetric && (!signingKey || header.kid !== signingKey.kid)) {
    return { ok: false, reason: 'invalid', message: 'no signing key matches the token\'s kid' };
  }
  const cacheKey = asymmetric
    ? `${signingKey?.kid ?? ''}:${token}`
    : `${secret.length}:${secret.slice(0, 8)}:${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (typeof hit.exp !== 'number' || hit.exp > nowSeconds()) return { ok: true, claims: hit };
    verified.delete(cacheKey);
  }
  try {
    const { payload } =
      asymmetric && signingKey
        ? await jwtVerify(token, signingKey.publicKey, { algorithms: ['ES256'] })
        : await jwtVerify(token, keyFor(secret), { algorithms: ['HS256'] });
    if (verified.size >= CACHE_LIMIT) verified.clear();
    verified.set(cacheKey, payload);
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return { ok: false, reason: 'expired', message: 'token is expired' };
    const message = error instanceof Error ? error.message : 'invalid token';
    return { ok: false, reason: 'invalid', message };
  }
}

export async function signJwt(claims: Record<string, unknown>, keys: JwtKeys | string): Promise<string> {
  const { jwtSecret: secret, signingKey } = typeof keys === 'string' ? { jwtSecret: keys, signingKey: null } : keys;
  // A user's token: ES256 with the key id the JWKS names, as a project with asymmetric signing keys issues.
  if (signingKey) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signingKey.kid })
      .sign(signingKey.privateKey);
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyFor(secret));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
