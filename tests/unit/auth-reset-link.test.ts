import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsConsent } from '@/features/auth/link-session';
import {
  checkResetLink,
  isRecoveryLink,
  readResetLinkParams,
  obtainResetLinkSession,
  resetLinkFailureMessage,
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

describe('checkResetLink: the validation order of docs/product-rules.md §4', () => {
  it('(1) an expired one-time code gives the expired message, whatever else the link holds', () => {
    expect(
      checkResetLink(
        params({ error: 'access_denied', error_code: 'otp_expired', type: 'recovery', token: 't' }),
      ),
    ).toEqual({
      kind: 'invalid',
      message: 'The reset link has expired. Please request a new password reset.',
    });
  });

  it("(1) any other link error gives 'Reset link error: ' plus a fixed text chosen by its code, never the link's words", () => {
    expect(
      checkResetLink(
        params({
          error: 'server_error',
          error_code: 'unexpected',
          error_description: 'Call 0800 FAKE to unlock',
        }),
      ),
    ).toEqual({ kind: 'invalid', message: 'Reset link error: the link could not be used.' });
    expect(checkResetLink(params({ error: 'access_denied' }))).toEqual({
      kind: 'invalid',
      message: 'Reset link error: access was denied.',
    });
    expect(checkResetLink(params({ error_description: '<b>Your account is locked</b>' }))).toEqual({
      kind: 'invalid',
      message: 'Reset link error: the link could not be used.',
    });
    // Not a property of every object: a code like __proto__ is just unknown.
    expect(checkResetLink(params({ error_code: '__proto__' }))).toEqual({
      kind: 'invalid',
      message: 'Reset link error: the link could not be used.',
    });
  });

  it('(2) the type must be recovery', () => {
    const wrongType = {
      kind: 'invalid',
      message: 'Invalid reset link type. Please request a new password reset.',
    };
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

  it('(4) a session in the link is never accepted, even beside a token (issue 34: login CSRF)', () => {
    const refused = {
      kind: 'invalid',
      message:
        'This link tries to sign you in directly, which this site never accepts. Please request a new password reset.',
    };
    expect(
      checkResetLink(params({ type: 'recovery', access_token: 'a', refresh_token: 'r', token: 't' })),
    ).toEqual(refused);
    expect(checkResetLink(params({ type: 'recovery', access_token: 'a', refresh_token: 'r' }))).toEqual(refused);
  });

  it('(4) a lone token is verified as a token hash', () => {
    expect(checkResetLink(params({ type: 'recovery', token: 'hash' }))).toEqual({
      kind: 'verify',
      tokenHash: 'hash',
    });
  });

  it('(4) an access token without its refresh token is refused the same way', () => {
    expect(checkResetLink(params({ type: 'recovery', access_token: 'a' }))).toEqual({
      kind: 'invalid',
      message:
        'This link tries to sign you in directly, which this site never accepts. Please request a new password reset.',
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

const fetchMock = vi.fn<typeof fetch>();
function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('obtainResetLinkSession (step 4 against the auth service, adopting nothing)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('verifies a lone token as token_hash with type recovery and returns the session it gives', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(
      answer(200, { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'owner@example.com' } }),
    );
    await expect(obtainResetLinkSession({ kind: 'verify', tokenHash: 'h' })).resolves.toEqual({
      ok: true,
      session: { accessToken: 'a', refreshToken: 'r', userId: 'u1', email: 'owner@example.com' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/auth\/v1\/verify$/);
    expect(JSON.parse(String(init?.body))).toEqual({ token_hash: 'h', type: 'recovery' });
  });

  it('tells a rate limit and an unreachable service apart from a used link', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(answer(429, {})).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(obtainResetLinkSession({ kind: 'verify', tokenHash: 'h' })).resolves.toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    await expect(obtainResetLinkSession({ kind: 'verify', tokenHash: 'h' })).resolves.toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(resetLinkFailureMessage('expired')).toBe(
      'Invalid or expired reset token. Please request a new password reset.',
    );
    expect(resetLinkFailureMessage('failed')).toBe('Error verifying reset token. Please try again.');
    expect(resetLinkFailureMessage('rate_limited')).toMatch(/^Too many attempts/);
  });
});

describe("needsConsent: a link's session never replaces another account's silently", () => {
  const incoming = { accessToken: 'a', refreshToken: 'r', userId: 'attacker', email: 'a@example.com' };
  it('asks only when someone else is signed in', () => {
    expect(needsConsent({ id: 'visitor' }, incoming)).toBe(true);
    expect(needsConsent({ id: 'attacker' }, incoming)).toBe(false);
    expect(needsConsent(null, incoming)).toBe(false);
  });
});
