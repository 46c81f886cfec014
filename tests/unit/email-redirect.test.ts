import { describe, expect, it } from 'vitest';
import { emailRedirectUrl, nextPathFrom, updatePasswordRedirect } from '@/features/auth/email-redirect';

describe('where an emailed link returns to (docs/auth-links.md)', () => {
  it('asks for this origin and the path the visitor was going to, never another site', () => {
    expect(emailRedirectUrl('/checkout', 'https://site.example')).toBe('https://site.example/checkout');
    expect(emailRedirectUrl('//evil.example', 'https://site.example')).toBe('https://site.example/');
    expect(emailRedirectUrl('https://evil.example/', 'https://site.example')).toBe('https://site.example/');
  });

  it('a recovery link finishes on /update-password carrying where to go after', () => {
    expect(updatePasswordRedirect('/checkout', '/update-password')).toBe('/update-password?next=%2Fcheckout');
    expect(updatePasswordRedirect('/', '/update-password')).toBe('/update-password');
    expect(updatePasswordRedirect('//evil.example', '/update-password')).toBe('/update-password');
  });

  it("reads a link's next as a path on this site", () => {
    expect(nextPathFrom(null, 'https://site.example')).toBe('/');
    expect(nextPathFrom('/account', 'https://site.example')).toBe('/account');
    expect(nextPathFrom('https://site.example/checkout?x=1#y', 'https://site.example')).toBe(
      '/checkout?x=1#y',
    );
    expect(nextPathFrom('http://site.example/checkout', 'https://site.example')).toBe('/');
    expect(nextPathFrom('https://site.example/.//evil.example', 'https://site.example')).toBe('/');
  });
});
