import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/features/auth/error-message';
import { safeRedirectPath, validateNewPassword } from '@/features/auth/validation';
import { passwordStrength } from '@/features/auth/password-strength';

describe('validateNewPassword (docs/product-rules.md §5)', () => {
  it('accepts matching passwords of 6 or more characters', () => {
    expect(validateNewPassword('secret', 'secret')).toBeNull();
    expect(validateNewPassword('Longer-Secret-9', 'Longer-Secret-9')).toBeNull();
  });

  it("reports a mismatch on the confirmation as 'Passwords do not match'", () => {
    expect(validateNewPassword('secret1', 'secret2')).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
  });

  it("reports a short password as 'Password must be at least 6 characters long'", () => {
    expect(validateNewPassword('abc', 'abc')).toEqual({
      field: 'password',
      message: 'Password must be at least 6 characters long',
    });
    expect(validateNewPassword('', '')).toEqual({
      field: 'password',
      message: 'Password must be at least 6 characters long',
    });
  });

  it('checks the match before the length', () => {
    expect(validateNewPassword('abc', 'abd')?.message).toBe('Passwords do not match');
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/account', '/account'],
    ['/account?tab=purchases', '/account?tab=purchases'],
    ['/admin/dashboard', '/admin/dashboard'],
    ['/shop/../account', '/account'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'account',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    // Dot segments and encoded slashes that normalise to '//host' (the '/auth?redirectTo=%2F.%2F%2Fexample.org').
    '/.//example.org',
    '/a/..//example.org',
    '/%2F%2Fexample.org',
    '/%5Cexample.org',
    '/%E0%A4%A',
  ])('refuses %s and falls back to home', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});

describe('errorMessage', () => {
  it('uses the message of errors and error-like objects', () => {
    expect(errorMessage(new Error('Boom'), 'fallback')).toBe('Boom');
    expect(errorMessage({ message: 'Invalid login credentials' }, 'fallback')).toBe(
      'Invalid login credentials',
    );
  });

  it('falls back when there is no message', () => {
    expect(errorMessage(new Error(''), 'An error occurred during login')).toBe(
      'An error occurred during login',
    );
    expect(errorMessage({}, 'An error occurred')).toBe('An error occurred');
    expect(errorMessage(null, 'An error occurred during signup')).toBe('An error occurred during signup');
    expect(errorMessage('text', 'An error occurred')).toBe('An error occurred');
  });
});

describe('passwordStrength (docs/product-rules.md §5)', () => {
  it.each([
    ['', [false, false, false], 0, 'At least 6 characters needed'],
    ['abcde', [false, false, false], 0, 'At least 6 characters needed'],
    ['Abcd1', [false, false, true], 1, 'At least 6 characters needed'],
    ['abcdef', [true, false, false], 1, 'Good - consider making it longer'],
    ['abcdefg', [true, false, false], 1, 'Good - consider making it longer'],
    ['Abcde1', [true, false, true], 2, 'Good - consider making it longer'],
    ['abcdefgh', [true, true, false], 2, 'Strong password'],
    ['ABCDEFGH', [true, true, false], 2, 'Strong password'],
    ['abcdefg1', [true, true, false], 2, 'Strong password'],
    ['Abcdefg1', [true, true, true], 3, 'Strong password'],
  ] as const)('%j → bars %j, score %i, %s', (password, bars, score, hint) => {
    expect(passwordStrength(password)).toEqual({ bars, score, hint });
  });
});
