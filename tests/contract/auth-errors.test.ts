import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import {
  SITE_URL,
  confirmedUser,
  hashParams,
  inbox,
  latestEmail,
  makeClient,
  openLink,
  signToken,
  signedInClient,
  startTestStack,
  uniqueEmail,
} from './support/stack.ts';

const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;

describe('auth errors and wire details', () => {
  let stack: LocalStack;
  const auth = (path: string, init: RequestInit = {}, version: string | null = '2024-01-01') =>
    fetch(`${stack.url}/auth/v1${path}`, {
      ...init,
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        ...(version ? { 'x-supabase-api-version': version } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('every error carries {code, message}, x-sb-error-code and echoes X-Supabase-Api-Version', async () => {
    const response = await auth('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: customer.email, password: 'wrong-password' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('access-control-expose-headers')).toContain('x-sb-error-code');
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    // Without the version header GoTrue answers its legacy shape.
    const legacy = await auth(
      '/token?grant_type=password',
      { method: 'POST', body: JSON.stringify({ email: customer.email, password: 'x' }) },
      null,
    );
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('invalid_credentials for an unknown email and for a wrong password alike', async () => {
    const client = makeClient(stack);
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: 'whatever1',
    });
    const wrong = await client.auth.signInWithPassword({
      email: customer.email,
      password: 'not-the-password',
    });
    for (const result of [unknown, wrong]) {
      expect(result.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
      expect(result.data.session).toBeNull();
    }
  });

  it('the demo accounts sign in', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { error, data } = await makeClient(stack).auth.signInWithPassword({
        email: account.email,
        password: account.password,
      });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(account.id);
    }
  });

  it('weak_password (422) with reasons, before anything is stored or sent', async () => {
    const email = uniqueEmail('weak');
    const { error, data } = await makeClient(stack).auth.signUp({ email, password: '12345' });
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
    });
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
    expect(data.user).toBeNull();
    expect(await inbox(stack, email)).toEqual([]);
    const raw = await auth('/signup', { method: 'POST', body: JSON.stringify({ email, password: 'abc' }) });
    expect(await raw.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('signing up an already-confirmed email: 200, a user with no identities, no email (no enumeration)', async () => {
    const before = (await inbox(stack, customer.email)).length;
    const { data, error } = await makeClient(stack).auth.signUp({
      email: customer.email,
      password: 'another-pass',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(customer.id);
    expect((await inbox(stack, customer.email)).length).toBe(before);
    // The password did not change.
    const signIn = await makeClient(stack).auth.signInWithPassword({
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.error).toBeNull();
  });

  it('signing up again before confirming sends a new link, voids the old one and changes nothing else', async () => {
    const email = uniqueEmail('twice');
    await makeClient(stack).auth.signUp({ email, password: 'first-pass' });
    const first = await latestEmail(stack, email, 'Confirm Your Signup');
    const again = await makeClient(stack).auth.signUp({ email, password: 'second-pass' });
    expect(again.data.user?.identities).toHaveLength(1);
    const second = await latestEmail(stack, email, 'Confirm Your Signup');
    expect(second.link).not.toBe(first.link);
    expect(hashParams((await openLink(first.link)).location).get('error_code')).toBe('otp_expired');
    expect(hashParams((await openLink(second.link)).location).get('type')).toBe('signup');
    // As GoTrue: the second caller's identity is unproven, so the account keeps the first password.
    const secondPassword = await makeClient(stack).auth.signInWithPassword({
      email,
      password: 'second-pass',
    });
    expect(secondPassword.error?.message).toBe('Invalid login credentials');
    const signIn = await makeClient(stack).auth.signInWithPassword({ email, password: 'first-pass' });
    expect(signIn.error).toBeNull();
  });

  it('emailed links only redirect to allowed URLs; anything else falls back to the site URL', async () => {
    const email = uniqueEmail('redirect');
    await makeClient(stack).auth.signUp({
      email,
      password: 'secret-pass',
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const { link } = await latestEmail(stack, email, 'Confirm Your Signup');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);
    // Tampering with the link's redirect_to does not help either.
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const { status, location } = await openLink(tampered.toString());
    expect(status).toBe(303);
    expect(location.origin).toBe(SITE_URL);
    // config.toml's additional_redirect_urls (the Vite dev server) are allowed.
    await makeClient(stack).auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/update-password',
    });
    const recovery = await latestEmail(stack, email, 'Reset Your Password');
    expect(new URL(recovery.link).searchParams.get('redirect_to')).toBe(
      'http://localhost:5173/update-password',
    );
  });

  it('no_authorization (401) without a bearer token; bad_jwt (403) for forged or expired tokens', async () => {
    const missing = await auth('/user', { method: 'GET' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });

    const forged = await signToken(
      { sub: customer.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const bad = await makeClient(stack).auth.getUser(forged);
    expect(bad.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(bad.error?.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);

    const expired = await signToken(
      { sub: customer.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 },
      stack.jwtSecret,
    );
    const old = await auth('/user', { headers: { authorization: `Bearer ${expired}` } });
    expect(old.status).toBe(403);
    expect(old.headers.get('x-sb-error-code')).toBe('bad_jwt');
    expect(((await old.json()) as { message: string }).message).toContain('token is expired');

    const anonAsUser = await auth('/user', { headers: { authorization: `Bearer ${stack.anonKey}` } });
    expect(anonAsUser.status).toBe(403);
  });

  it('otp_expired (403) for an unknown token hash, and for a token with the wrong email', async () => {
    const unknown = await makeClient(stack).auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'recovery' });
    expect(unknown.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });

    const user = await confirmedUser(stack, 'otp');
    await makeClient(stack).auth.resetPasswordForEmail(user.email);
    const { link } = await latestEmail(stack, user.email, 'Reset Your Password');
    const token = new URL(link).searchParams.get('token') ?? '';
    const wrongEmail = await makeClient(stack).auth.verifyOtp({
      email: customer.email,
      token,
      type: 'recovery',
    });
    expect(wrongEmail.error?.code).toBe('otp_expired');
    // The token survived the failed attempt and works with the right email.
    const right = await makeClient(stack).auth.verifyOtp({ email: user.email, token, type: 'recovery' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(user.email);
  });

  it('logout scopes: local ends one session, others the rest, global all; always 204', async () => {
    const user = await confirmedUser(stack, 'scopes');
    const a = await signedInClient(stack, user.email, user.password);
    const b = await signedInClient(stack, user.email, user.password);
    const c = await signedInClient(stack, user.email, user.password);
    const tokenOf = async (client: typeof a.client) =>
      (await client.auth.getSession()).data.session?.access_token ?? '';
    const [ta, tb, tc] = [await tokenOf(a.client), await tokenOf(b.client), await tokenOf(c.client)];
    const alive = async (token: string) => (await makeClient(stack).auth.getUser(token)).error === null;

    const local = await auth('/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${ta}` },
    });
    expect(local.status).toBe(204);
    expect([await alive(ta), await alive(tb), await alive(tc)]).toEqual([false, true, true]);

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(tb), await alive(tc)]).toEqual([true, false]);

    expect((await b.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await alive(tb)).toBe(false);

    const bogus = await auth('/logout?scope=everything', {
      method: 'POST',
      headers: { authorization: `Bearer ${tb}` },
    });
    expect(bogus.status).toBe(400);
  });

  it('getUser returns the user shape', async () => {
    const { client } = await signedInClient(stack, customer.email, customer.password);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(Object.keys(data.user ?? {}).sort()).toEqual(
      [
        'id',
        'aud',
        'role',
        'email',
        'email_confirmed_at',
        'phone',
        'confirmed_at',
        'last_sign_in_at',
        'app_metadata',
        'user_metadata',
        'identities',
        'created_at',
        'updated_at',
        'is_anonymous',
      ].sort(),
    );
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'email',
      user_id: customer.id,
      identity_data: { email: customer.email, sub: customer.id },
    });
  });

  it('updateUser merges user metadata', async () => {
    const user = await confirmedUser(stack, 'meta');
    const { client } = await signedInClient(stack, user.email, user.password);
    const { data, error } = await client.auth.updateUser({ data: { display_name: 'Sam' } });
    expect(error).toBeNull();
    // Merged with what the sign-up stored (its proof's hash: src/features/auth/signup-proof.ts).
    expect(data.user?.user_metadata).toEqual({
      display_name: 'Sam',
      signup_proof: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
  });

  it('gateway: missing apikey → 401; a foreign apikey → 401; settings and health', async () => {
    const noKey = await fetch(`${stack.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ message: 'No API key found in request' });
    const wrongKey = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(wrongKey.status).toBe(401);

    const settings = await auth('/settings');
    expect(await settings.json()).toMatchObject({
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    expect((await auth('/health')).status).toBe(200);
  });

  it('bad bodies: malformed JSON → 400 bad_json, over 1 MB → 413, unknown grant → 400', async () => {
    const malformed = await auth('/token?grant_type=password', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('bad_json');
    const huge = await auth('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('huge'), password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    const grant = await auth('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
  });

  it('answers CORS preflights for every header supabase-js sends', async () => {
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const name of [
      'authorization',
      'x-client-info',
      'apikey',
      'content-type',
      'x-supabase-api-version',
      'accept-profile',
      'content-profile',
      'prefer',
      'range',
      'x-retry-count',
    ]) {
      expect(allowed).toContain(name);
    }
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });
});
