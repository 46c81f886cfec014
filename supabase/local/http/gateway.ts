import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt, type JwtClaims } from '../auth/jwt.ts';
import { header } from './util.ts';
import type { StackContext } from '../stack-context.ts';

/** The Postgres roles a token may name. Anything else is refused, whatever the signature. */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';
const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

export type Caller = { role: ApiRole; claims: JwtClaims; token: string };

export type CallerResult =
  { ok: true; caller: Caller } | { ok: false; reason: 'expired' | 'invalid' | 'role'; message: string };

export function apiKeyOf(req: IncomingMessage, url: URL): string | null {
  return header(req, 'apikey') ?? url.searchParams.get('apikey');
}

/**
 * The API gateway's key check (Kong's key-auth in hosted Supabase): an apikey must be present and be one
 * of the project's keys. Returns the error body, or null when the key is fine.
 */
export function apiKeyError(stack: StackContext, req: IncomingMessage, url: URL): { message: string } | null {
  const key = apiKeyOf(req, url);
  if (!key) return { message: 'No API key found in request' };
  if (key !== stack.anonKey && key !== stack.serviceRoleKey) return { message: 'Invalid API key' };
  return null;
}

/**
 * Who is calling, from a verified JWT only: the bearer token if present, else the apikey. The role and
 * claims that reach Postgres come from nowhere else.
 */
export async function resolveCaller(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
): Promise<CallerResult> {
  const token = bearerToken(header(req, 'authorization')) ?? apiKeyOf(req, url);
  if (!token) return { ok: false, reason: 'invalid', message: 'No token' };
  const verified = await verifyJwt(token, stack.jwtSecret);
  if (!verified.ok) return { ok: false, reason: verified.reason, message: verified.message };
  const role = verified.claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    return { ok: false, reason: 'role', message: `role "${String(role)}" is not allowed` };
  }
  return { ok: true, caller: { role: role as ApiRole, claims: verified.claims, token } };
}
