import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import {
  SITE_URL,
  hashParams,
  latestEmail,
  makeClient,
  openLink,
  startTestStack,
  uniqueEmail,
} from './support/stack.ts';

// The journey of docs/product-rules.md §7 with supabase-js against the local stack, in order: each step uses the state the
// previous one left (one account, one client), as the app does.
describe('auth journey (supabase-js ⇄ local stack)', () => {
  let stack: LocalStack;
  const client = () => makeClient(stack);
  const email = uniqueEmail('journey');
  const password = 'first-Pass1';
  const newPassword = 'second-Pass2';
  let userId = '';
  let firstRefreshToken = '';
  const supabase = { current: null as ReturnType<typeof makeClient> | null };

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs up with email confirmation: a bare user, no session, a confirmation email', async () => {
    const { data, error } = await client().auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${SITE_URL}/` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: false,
    });
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    userId = data.user?.id ?? '';

    const { link, tokenHash, message } = await latestEmail(stack, email, 'Confirm Your Signup');
    expect(message.to).toBe(email);
    expect(message.html).toContain('href=');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${stack.url}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('signup');
    expect(url.searchParams.get('redirect_to')).toBe(`${SITE_URL}/`);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to sign in before the email is confirmed', async () => {
    const { error } = await client().auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('confirms through the emailed link: 303 to the redirect with a session in the hash', async () => {
    const { link } = await latestEmail(stack, email, 'Confirm Your Signup');
    const { status, location } = await openLink(link);
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe(`${SITE_URL}/`);
    const hash = hashParams(location);
    expect([...hash.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(hash.get('type')).toBe('signup');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');
    expect(decodeJwt(hash.get('access_token') ?? '').sub).toBe(userId);

    // One use only.
    const again = await openLink(link);
    expect(hashParams(again.location).get('error_code')).toBe('otp_expired');
  });

  it('signs in with the password: a session with Supabase claims', async () => {
    supabase.current = client();
    const { data, error } = await supabase.current.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = data.session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.last_sign_in_at).toBeTruthy();
    const claims = decodeJwt(session?.access_token ?? '');
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${stack.url}/auth/v1`,
      sub: userId,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp).toBe((claims.iat ?? 0) + 3600);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    firstRefreshToken = session?.refresh_token ?? '';
  });

  it('refreshes with rotation; an old token replayed after the reuse interval revokes the family', async () => {
    const current = supabase.current!;
    const { data, error } = await current.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(firstRefreshToken);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(
      decodeJwt((await current.auth.getSession()).data.session?.access_token ?? '').session_id,
    );

    // Within the reuse interval (config.toml, 10 s) a just-rotated token still works (racing tabs)…
    const racing = await makeClient(stack).auth.refreshSession({ refresh_token: firstRefreshToken });
    expect(racing.error).toBeNull();
    expect(racing.data.session?.refresh_token).toBeTruthy();

    // …after it, presenting it again is treated as theft.
    await stack.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`,
    );
    const replay = await makeClient(stack).auth.refreshSession({ refresh_token: firstRefreshToken });
    expect(replay.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    // The whole family is revoked: the session's newest token no longer refreshes either.
    const newest = await makeClient(stack).auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? '',
    });
    expect(newest.error?.code).toBe('refresh_token_already_used');

    const unknown = await makeClient(stack).auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });

    // Sign in again for the rest of the journey.
    supabase.current = makeClient(stack);
    const again = await supabase.current.auth.signInWithPassword({ email, password });
    expect(again.error).toBeNull();
  });

  it('reads own purchases, newest first (none yet, then one bought through the service role)', async () => {
    const current = supabase.current!;
    const query = () =>
      current.from('purchases').select('*').eq('user_id', userId).order('created_at', { ascending: false });
    const empty = await query();
    expect(empty).toMatchObject({ error: null, status: 200, data: [] });

    const service = makeClient(stack, stack.serviceRoleKey);
    for (const title of ['Stop Smoking for Good', 'Cravings Be Gone']) {
      const { data, error } = await service.rpc('insert_purchase', {
        p_user_id: userId,
        p_title: title,
        p_category: 'Smoking Cessation',
        p_price: 2.99,
        p_download_url: '#',
      });
      expect(error).toBeNull();
      expect(data).toMatch(/^[0-9a-f-]{36}$/);
    }
    const { data, error } = await query();
    expect(error).toBeNull();
    expect(data?.map((p: { title: string }) => p.title)).toEqual([
      'Cravings Be Gone',
      'Stop Smoking for Good',
    ]);
    expect(data?.[0]).toMatchObject({
      user_id: userId,
      category: 'Smoking Cessation',
      price: 2.99,
      download_url: '#',
    });
  });

  it('admin check with .single(): PGRST116 for a customer, the row for the demo admin', async () => {
    const current = supabase.current!;
    const denied = await current
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .single();
    expect(denied.status).toBe(406);
    expect(denied.data).toBeNull();
    expect(denied.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });

    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const adminClient = makeClient(stack);
    const signIn = await adminClient.auth.signInWithPassword({
      email: admin.email,
      password: admin.password,
    });
    expect(signIn.error).toBeNull();
    const row = await adminClient
      .from('user_roles')
      .select('role')
      .eq('user_id', admin.id)
      .eq('role', 'admin')
      .single();
    expect(row).toMatchObject({ error: null, status: 200, data: { role: 'admin' } });
  });

  it('sends a recovery email (and answers the same for an unknown address)', async () => {
    const { data, error } = await client().auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE_URL}/update-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const unknown = await client().auth.resetPasswordForEmail(uniqueEmail('nobody'), {
      redirectTo: `${SITE_URL}/update-password`,
    });
    expect(unknown).toEqual({ data: {}, error: null });

    const { link } = await latestEmail(stack, email, 'Reset Your Password');
    const url = new URL(link);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe(`${SITE_URL}/update-password`);
  });

  it('the recovery link 303s to /update-password with a recovery session; used or expired links get otp_expired', async () => {
    const { link } = await latestEmail(stack, email, 'Reset Your Password');
    const first = await openLink(link);
    expect(first.status).toBe(303);
    expect(first.location.origin + first.location.pathname).toBe(`${SITE_URL}/update-password`);
    const hash = hashParams(first.location);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('access_token')).toBeTruthy();
    expect(hash.get('refresh_token')).toBeTruthy();
    expect(decodeJwt(hash.get('access_token') ?? '').amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) },
    ]);

    const used = await openLink(link);
    expect(used.status).toBe(303);
    expect(used.location.origin + used.location.pathname).toBe(`${SITE_URL}/update-password`);
    expect(used.location.hash).toBe(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );

    // An expired one: a fresh link whose token is 25 hours old.
    await client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/update-password` });
    const fresh = await latestEmail(stack, email, 'Reset Your Password');
    await stack.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 hour' where token_hash = $1`,
      [fresh.tokenHash],
    );
    const expired = await openLink(fresh.link);
    expect(hashParams(expired.location).get('error_code')).toBe('otp_expired');
    const expiredHash = await client().auth.verifyOtp({ token_hash: fresh.tokenHash, type: 'recovery' });
    expect(expiredHash.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('verifyOtp with the token_hash from the email gives a recovery session; updateUser changes the password', async () => {
    await client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/update-password` });
    const { tokenHash } = await latestEmail(stack, email, 'Reset Your Password');
    const recovering = client();
    const events: string[] = [];
    recovering.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const { data, error } = await recovering.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toContain('PASSWORD_RECOVERY');

    const replay = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(replay.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });

    const same = await recovering.auth.updateUser({ password });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await recovering.auth.updateUser({ password: '12345' });
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
    });

    const changed = await recovering.auth.updateUser({ password: newPassword });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(email);

    const old = await client().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
    supabase.current = client();
    const fresh = await supabase.current.auth.signInWithPassword({ email, password: newPassword });
    expect(fresh.error).toBeNull();
  });

  it('signs out: 204, the session is gone server-side', async () => {
    const current = supabase.current!;
    const token = (await current.auth.getSession()).data.session?.access_token ?? '';
    const refresh = (await current.auth.getSession()).data.session?.refresh_token ?? '';
    const { error } = await current.auth.signOut();
    expect(error).toBeNull();
    expect((await current.auth.getSession()).data.session).toBeNull();

    // The access token still verifies as a JWT, but its session is gone: getUser says so.
    const user = await makeClient(stack).auth.getUser(token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const refreshed = await makeClient(stack).auth.refreshSession({ refresh_token: refresh });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });
});
