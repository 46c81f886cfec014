import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import {
  checkResetLink,
  isRecoveryLink,
  readResetLinkParams,
  resolveResetLink,
  type ResetLinkParams,
} from '@/features/auth/reset-link';

const none: ResetLinkParams = {
  type: null,
  token: null,
  access_token: null,
  refresh_token: null,
  error: null,
  error_code: null,
  error_description: null,
};
const params = (patch: Partial<ResetLinkParams>): ResetLinkParams => ({ ...none, ...patch });

describe('readResetLinkParams', () => {
  it('reads every parameter from the query and the hash, the hash winning', () => {
    expect(
      readResetLinkParams('?type=signup&token=query-token', '#access_token=a&refresh_token=r&type=recovery'),
    ).toEqual(params({ type: 'recovery', token: 'query-token', access_token: 'a', refresh_token: 'r' }));
  });

  it('reads the error hash the auth server sends for a used or expired link', () => {
    expect(
      readResetLinkParams(
        '',
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual(
      params({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }),
    );
  });

  it('gives nulls for an empty URL', () => {
    expect(readResetLinkParams('', '')).toEqual(none);
  });
});

describe('checkResetLink: the validation order of spec §4', () => {
  it('(1) an expired one-time code gives the expired message, whatever else the link holds', () => {
    expect(
      checkResetLink(params({ error: 'access_denied', error_code: 'otp_expired', type: 'recovery', token: 't' })),
    ).toEqual({ kind: 'invalid', message: 'The reset link has expired. Please request a new password reset.' });
  });

  it("(1) any other link error gives 'Reset link error: ' plus the description, else the error", () => {
    expect(
      checkResetLink(params({ error: 'server_error', error_code: 'unexpected', error_description: 'Something broke' })),
    ).toEqual({ kind: 'invalid', message: 'Reset link error: Something broke' });
    expect(checkResetLink(params({ error: 'access_denied' }))).toEqual({
      kind: 'invalid',
      message: 'Reset link error: access_denied',
    });
  });

  it('(2) the type must be recovery', () => {
    const wrongType = { kind: 'invalid', message: 'Invalid reset link type. Please request a new password reset.' };
    expect(checkResetLink(params({ type: 'signup', token: 't' }))).toEqual(wrongType);
    expect(checkResetLink(params({ token: 't' }))).toEqual(wrongType);
    expect(checkResetLink(none)).toEqual(wrongType);
  });

  it('(3) a token or an access token must be present', () => {
    expect(checkResetLink(params({ type: 'recovery' }))).toEqual({
      kind: 'invalid',
      message: 'Missing reset token. Please request a new password reset.',
    });
    expect(checkResetLink(params({ type: 'recovery', refresh_token: 'r' }))).toEqual({
      kind: 'invalid',
      message: 'Missing reset token. Please request a new password reset.',
    });
  });

  it('(4) access and refresh tokens allow the form', () => {
    expect(checkResetLink(params({ type: 'recovery', access_token: 'a', refresh_token: 'r', token: 't' }))).toEqual({
      kind: 'session',
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('(4) a lone token is verified as a token hash', () => {
    expect(checkResetLink(params({ type: 'recovery', token: 'hash' }))).toEqual({ kind: 'verify', tokenHash: 'hash' });
  });

  it('(4) an access token without its refresh token cannot make a session', () => {
    expect(checkResetLink(params({ type: 'recovery', access_token: 'a' }))).toEqual({
      kind: 'invalid',
      message: 'Invalid or expired reset token. Please request a new password reset.',
    });
  });
});

describe('isRecoveryLink (the /auth screen)', () => {
  it('needs type recovery and an access token', () => {
    expect(isRecoveryLink(params({ type: 'recovery', access_token: 'a' }))).toBe(true);
    expect(isRecoveryLink(params({ type: 'recovery', token: 't' }))).toBe(false);
    expect(isRecoveryLink(params({ type: 'signup', access_token: 'a' }))).toBe(false);
  });
});

function client(auth: Record<string, unknown>): SupabaseClient {
  return { auth } as unknown as SupabaseClient;
}

describe('resolveResetLink (step 4 against the auth service)', () => {
  it('passes an invalid check through', async () => {
    await expect(resolveResetLink({ kind: 'invalid', message: 'x' }, client({}))).resolves.toEqual({
      ok: false,
      message: 'x',
    });
  });

  it('accepts the session supabase-js already took from the hash', async () => {
    const setSession = vi.fn();
    const auth = { getSession: vi.fn(async () => ({ data: { session: { access_token: 'a' } } })), setSession };
    await expect(
      resolveResetLink({ kind: 'session', accessToken: 'a', refreshToken: 'r' }, client(auth)),
    ).resolves.toEqual({ ok: true });
    expect(setSession).not.toHaveBeenCalled();
  });

  it("sets the link's tokens as the session otherwise, and rejects tokens the server refuses", async () => {
    const setSession = vi
      .fn()
      .mockResolvedValueOnce({ data: {}, error: null })
      .mockResolvedValueOnce({ data: {}, error: { message: 'Invalid Refresh Token' } });
    const auth = { getSession: vi.fn(async () => ({ data: { session: null } })), setSession };
    const check = { kind: 'session', accessToken: 'a', refreshToken: 'r' } as const;
    await expect(resolveResetLink(check, client(auth))).resolves.toEqual({ ok: true });
    expect(setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
    await expect(resolveResetLink(check, client(auth))).resolves.toEqual({
      ok: false,
      message: 'Invalid or expired reset token. Please request a new password reset.',
    });
  });

  it('verifies a lone token as token_hash with type recovery', async () => {
    const verifyOtp = vi.fn(async () => ({ data: {}, error: null }));
    await expect(resolveResetLink({ kind: 'verify', tokenHash: 'h' }, client({ verifyOtp }))).resolves.toEqual({
      ok: true,
    });
    expect(verifyOtp).toHaveBeenCalledWith({ token_hash: 'h', type: 'recovery' });
  });

  it('gives the rejected-token message when verification fails', async () => {
    const verifyOtp = vi.fn(async () => ({ data: {}, error: { message: 'Email link is invalid or has expired' } }));
    await expect(resolveResetLink({ kind: 'verify', tokenHash: 'h' }, client({ verifyOtp }))).resolves.toEqual({
      ok: false,
      message: 'Invalid or expired reset token. Please request a new password reset.',
    });
  });

  it('gives the check-failed message when verification throws', async () => {
    const verifyOtp = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(resolveResetLink({ kind: 'verify', tokenHash: 'h' }, client({ verifyOtp }))).resolves.toEqual({
      ok: false,
      message: 'Error verifying reset token. Please try again.',
    });
  });
});
