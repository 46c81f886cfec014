import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

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

export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  const cacheKey = `${secret.length}:${secret.slice(0, 8)}:${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (typeof hit.exp !== 'number' || hit.exp > nowSeconds()) return { ok: true, claims: hit };
    verified.delete(cacheKey);
  }
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: ['HS256'] });
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

export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyFor(secret));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
