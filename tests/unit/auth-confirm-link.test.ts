import { describe, expect, it } from 'vitest';
import { checkConfirmLink, confirmFailureMessage } from '@/features/auth/confirm-link';

describe('checkConfirmLink: /auth/confirm?token_hash=…&type=…&next=…', () => {
  it('verifies a token hash of each emailed kind', () => {
    for (const type of ['email', 'signup', 'recovery', 'email_change'] as const) {
      expect(checkConfirmLink(`?token_hash=pkce_abc123&type=${type}`, '')).toEqual({
        kind: 'verify',
        tokenHash: 'pkce_abc123',
        type,
        next: '/',
      });
    }
  });

  it('keeps next only as a path on this site', () => {
    const next = (value: string) =>
      (
        checkConfirmLink(`?token_hash=ab&type=email&next=${encodeURIComponent(value)}`, '') as {
          next: string;
        }
      ).next;
    expect(next('/account')).toBe('/account');
    expect(next('https://evil.example/')).toBe('/');
    expect(next('//evil.example')).toBe('/');
    expect(next('/./%2F%2Fevil.example')).toBe('/');
  });

  it("takes the templates' {{ .RedirectTo }} (a URL of this site) as its path, and refuses another origin", () => {
    const next = (value: string) =>
      (
        checkConfirmLink(
          `?token_hash=ab&type=email&next=${encodeURIComponent(value)}`,
          '',
          'https://www.example.co.uk',
        ) as { next: string }
      ).next;
    expect(next('https://www.example.co.uk/checkout')).toBe('/checkout');
    expect(next('https://www.example.co.uk/update-password?next=%2Fcheckout')).toBe(
      '/update-password?next=%2Fcheckout',
    );
    expect(next('https://www.example.co.uk')).toBe('/');
    expect(next('https://evil.example/checkout')).toBe('/');
    expect(next('https://www.example.co.uk.evil.example/checkout')).toBe('/');
    expect(next('javascript:alert(1)')).toBe('/');
    // As a template without URL-escaping writes it (the value unencoded in the query).
    const raw = checkConfirmLink(
      '?token_hash=ab&type=recovery&next=https://www.example.co.uk/update-password?next=%2Fcheckout',
      '',
      'https://www.example.co.uk',
    ) as { next: string };
    expect(raw.next).toBe('/update-password?next=/checkout');
  });

  it('refuses a missing or odd token and an unknown type', () => {
    const missing = {
      kind: 'invalid',
      message: 'This link is incomplete. Please open the link from your email again.',
    };
    expect(checkConfirmLink('?type=email', '')).toEqual(missing);
    expect(checkConfirmLink('?token_hash=ab&type=magiclink', '')).toEqual(missing);
    expect(checkConfirmLink('?token_hash=a%20b&type=email', '')).toEqual(missing);
  });

  it("shows a fixed text for an error in the link, never the link's own description", () => {
    expect(
      checkConfirmLink('?error=access_denied&error_code=otp_expired&error_description=Anything', ''),
    ).toEqual({
      kind: 'invalid',
      message: 'This link is invalid, has expired or has already been used. Please ask for a new one.',
    });
    const crafted = checkConfirmLink('', '#error_description=Your+account+is+locked.+Call+0800+000');
    expect(crafted).toEqual({ kind: 'invalid', message: 'Link error: the link could not be used.' });
  });

  it('words a refusal by its reason', () => {
    expect(confirmFailureMessage('rate_limited')).toMatch(/^Too many attempts/);
    expect(confirmFailureMessage('failed')).toMatch(/could not check this link/);
    expect(confirmFailureMessage('expired')).toMatch(/has already been used/);
  });
});
