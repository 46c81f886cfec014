import { createHash, randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../../supabase/local/server.ts';

export const SITE_URL = 'http://localhost:4173';

// The suites email one address more than once a minute too; the 60 s limit has its own test
// (auth-email-frequency.test.ts), on a stack with config.toml's value.
export const UNLIMITED_AUTH = {
  signInSignUps: 1_000_000,
  tokenVerifications: 1_000_000,
  emailMaxFrequencySeconds: 0,
};

/** A fresh in-memory stack on a random port, quiet. */
export function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<LocalStack> {
  // Every test request comes from 127.0.0.1: the auth rate limits are raised (they have their own test).
  return startLocalStack({
    port: 0,
    dataDir: null,
    siteUrl: SITE_URL,
    quiet: true,
    authRateLimits: UNLIMITED_AUTH,
    ...options,
  });
}

/** supabase-js as the app configures it on Node (no persistence, no timers, ws transport). */
export function makeClient(stack: LocalStack, key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

export type InboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

export async function inbox(stack: LocalStack, to?: string): Promise<InboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${stack.url}/_local/inbox/messages${query}`);
  return (await response.json()) as InboxMessage[];
}

/** The newest email to `to` with a subject, and the verify link and token hash it carries. */
export async function latestEmail(
  stack: LocalStack,
  to: string,
  subject: string,
): Promise<{ link: string; tokenHash: string; message: InboxMessage }> {
  const message = (await inbox(stack, to)).find((m) => m.subject === subject);
  if (!message) throw new Error(`no "${subject}" email for ${to}`);
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(message.text)?.[1];
  const tokenHash = /Token hash[^:]*: ([0-9a-f]{64})/.exec(message.text)?.[1];
  if (!link || !tokenHash) throw new Error(`email without link or token hash:\n${message.text}`);
  return { link, tokenHash, message };
}

/** Opens an emailed link without following the redirect; returns the Location's URL. */
export async function openLink(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'about:blank') };
}

export function hashParams(location: URL): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs arbitrary claims (e.g. an expired token, or one with another secret). */
export async function signToken(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/**
 * Signs up and confirms a new customer as the site does: with a sign-up proof, the emailed token hash verified,
 * and the account claimed with the proof (claim_my_account; docs/security.md "Pre-registered accounts"), so
 * what the practice keeps for the address is theirs. Returns email, password and id.
 */
export async function confirmedUser(
  stack: LocalStack,
  label: string,
  password = 'secret-pass-1',
): Promise<{ email: string; password: string; id: string }> {
  const client = makeClient(stack);
  const email = uniqueEmail(label);
  const proof = randomBytes(32).toString('base64url');
  const signupProof = createHash('sha256').update(proof).digest('hex');
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { signup_proof: signupProof } },
  });
  if (error || !data.user) throw error ?? new Error('sign-up failed');
  const { tokenHash } = await latestEmail(stack, email, 'Confirm Your Signup');
  const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
  if (verified.error) throw verified.error;
  const claimed = await client.rpc('claim_my_account', { p_signup_proof: proof });
  if (claimed.error || claimed.data !== 'owned')
    throw claimed.error ?? new Error(`claim: ${String(claimed.data)}`);
  await client.auth.signOut({ scope: 'local' });
  return { email, password, id: data.user.id };
}

export async function signedInClient(
  stack: LocalStack,
  email: string,
  password: string,
): Promise<{ client: SupabaseClient; userId: string }> {
  const client = makeClient(stack);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.user) throw error ?? new Error(`sign-in failed for ${email}`);
  return { client, userId: data.user.id };
}

/**
 * Raw REST call with the usual gateway headers: the publishable key in `apikey`, or the secret key when that is the
 * token (a secret key in Authorization goes with itself in apikey, as hosted requires).
 */
export function rest(
  stack: LocalStack,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${stack.url}/rest/v1/${path}`, {
    ...rest,
    headers: {
      apikey: token === stack.serviceRoleKey ? stack.serviceRoleKey : stack.anonKey,
      authorization: `Bearer ${token ?? stack.anonKey}`,
      ...(headers as Record<string, string> | undefined),
    },
  });
}
