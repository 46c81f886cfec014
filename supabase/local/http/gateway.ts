import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt, type JwtClaims } from '../auth/jwt.ts';
import type { ApiRole } from './api-role.ts';
import { header } from './util.ts';
import type { StackContext } from '../stack-context.ts';

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

export type Caller = { role: ApiRole; claims: JwtClaims; token: string };

export type CallerResult =
  { ok: true; caller: Caller } | { ok: false; reason: 'expired' | 'invalid' | 'role'; message: string };

export function apiKeyOf(req: IncomingMessage, url: URL): string | null {
  return header(req, 'apikey') ?? url.searchParams.get('apikey');
}

/** A browser's User-Agent: every browser's starts with `Mozilla/`, no server library's does. */
function fromBrowser(req: IncomingMessage): boolean {
  return /^Mozilla\//.test(header(req, 'user-agent') ?? '');
}

/**
 * The API gateway's key check (hosted Supabase's): an apikey must be present and be one of the project's keys,
 * and a secret key is refused from a browser (it would be exposed there). Returns the 401 body, or null when the
 * key is fine.
 */
export function apiKeyError(stack: StackContext, req: IncomingMessage, url: URL): { message: string } | null {
  const key = apiKeyOf(req, url);
  const { keys } = stack;
  if (!key) return { message: 'No API key found in request' };
  if (key !== keys.publishableKey && key !== keys.secretKey) return { message: 'Invalid API key' };
  if (keys.model === 'new' && key === keys.secretKey && fromBrowser(req)) {
    return { message: 'Forbidden use of secret API key in browser' };
  }
  return null;
}

/** The role an API key stands for in the new key model: publishable → anon, secret → service_role. */
function keyCaller(stack: StackContext, key: string): Caller | null {
  if (key === stack.keys.publishableKey) return { role: 'anon', claims: { role: 'anon' }, token: key };
  if (key === stack.keys.secretKey) return { role: 'service_role', claims: { role: 'service_role' }, token: key };
  return null;
}

/**
 * Who is calling. New key model: `Authorization: Bearer` holds a user's JWT (verified) or the same API key as
 * `apikey`; without it the apikey's own role. Legacy: a verified JWT only, the bearer token if present, else the
 * apikey (itself a JWT). The role and claims that reach Postgres come from nowhere else.
 */
export async function resolveCaller(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
): Promise<CallerResult> {
  const apiKey = apiKeyOf(req, url);
  const bearer = bearerToken(header(req, 'authorization'));
  if (stack.keys.model === 'new' && apiKey && (bearer === null || bearer.startsWith('sb_'))) {
    const caller = bearer === null || bearer === apiKey ? keyCaller(stack, apiKey) : null;
    if (!caller) return { ok: false, reason: 'invalid', message: 'the bearer key is not the apikey' };
    return { ok: true, caller };
  }
  const token = bearer ?? apiKey;
  if (!token) return { ok: false, reason: 'invalid', message: 'No token' };
  const verified = await verifyJwt(token, stack.keys);
  if (!verified.ok) return { ok: false, reason: verified.reason, message: verified.message };
  const role = verified.claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    return { ok: false, reason: 'role', message: `role "${String(role)}" is not allowed` };
  }
  return { ok: true, caller: { role: role as ApiRole, claims: verified.claims, token } };
}
