import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { restErrorFromDb, statusForSqlState } from '../../supabase/local/rest/errors.ts';
import { appliedPrefs, checkPrefs, parsePrefer } from '../../supabase/local/rest/prefer.ts';

/** The pure rules of docs/postgrest-parity.md that the contract tests cannot reach one by one. */

const withPrefer = (...values: string[]): IncomingMessage =>
  ({ headers: { prefer: values.length === 1 ? values[0] : values } }) as unknown as IncomingMessage;

describe('SQLSTATE → HTTP status (PostgREST mapSQLtoHTTP)', () => {
  it.each([
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23503', 409],
    ['23505', 409],
    ['23502', 400],
    ['25006', 405],
    ['25001', 500],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['53400', 500],
    ['53200', 503],
    ['54000', 500],
    ['55000', 500],
    ['57014', 500],
    ['57P01', 503],
    ['58000', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['42P01', 404],
    ['42P17', 500],
    ['22P02', 400],
    ['PT429', 429],
    ['PT402', 402],
    ['PT4XX', 500],
  ])('%s → %i', (code, status) => {
    expect(statusForSqlState(code, false)).toBe(status);
  });

  it('depends on the message or the caller where PostgREST does', () => {
    expect(statusForSqlState('42501', true)).toBe(401);
    expect(statusForSqlState('42501', false)).toBe(403);
    expect(statusForSqlState('21000', false, 'UPDATE requires a WHERE clause')).toBe(400);
    expect(statusForSqlState('21000', false, 'more than one row returned by a subquery')).toBe(500);
    expect(statusForSqlState('22023', false, 'role "x" does not exist')).toBe(401);
    expect(statusForSqlState('22023', false, 'invalid value for parameter "TimeZone"')).toBe(400);
    expect(statusForSqlState('42883', false, 'function xmlagg(integer) does not exist')).toBe(406);
    expect(statusForSqlState('42883', false, 'function f() does not exist')).toBe(404);
  });

  it("RAISE SQLSTATE 'PGRST': status, headers and body from the JSON; PGRST121 when malformed", () => {
    const raised = restErrorFromDb(
      {
        code: 'PGRST',
        message: '{"code":"X1","message":"No"}',
        detail: '{"status":418,"headers":{"A":"b"}}',
      },
      false,
    );
    expect(raised?.status).toBe(418);
    expect(raised?.extraHeaders).toEqual({ A: 'b' });
    expect(raised?.body()).toEqual({ code: 'X1', message: 'No', details: null, hint: null });
    const noDetail = restErrorFromDb({ code: 'PGRST', message: '{"code":"X1","message":"No"}' }, false);
    expect(noDetail?.body()).toMatchObject({
      code: 'PGRST121',
      details: 'DETAIL is missing in the RAISE statement',
    });
    expect(noDetail?.status).toBe(500);
  });
});

describe('Prefer (PostgREST Preferences)', () => {
  it('splits values across headers and commas; the first recognised value of each wins', () => {
    const prefs = parsePrefer(
      withPrefer('return=minimal, count=exact', 'return=representation, count=planned'),
    );
    expect(prefs.representation).toBe('minimal');
    expect(prefs.count).toBe('exact');
    expect(prefs.invalid).toEqual([]);
  });

  it('tx is recognised but never applied; unknown items are invalid, fatal only with handling=strict', () => {
    const lenient = parsePrefer(withPrefer('tx=rollback, foo=bar'));
    expect(lenient.invalid).toEqual(['foo=bar']);
    expect(() => checkPrefs(lenient, 'delete')).not.toThrow();
    expect(appliedPrefs(lenient, 'delete', false)).toEqual([]);
    const strict = parsePrefer(withPrefer('handling=strict, foo=bar, params=single-object'));
    expect(() => checkPrefs(strict, 'read')).toThrow(
      expect.objectContaining({
        code: 'PGRST122',
        details: 'Invalid preferences: foo=bar, params=single-object',
      }),
    );
  });

  it('max-affected is listed only with handling=strict and only for updates, deletes and calls', () => {
    const strict = parsePrefer(withPrefer('handling=strict, max-affected=5'));
    expect(appliedPrefs(strict, 'update', false)).toEqual(['handling=strict', 'max-affected=5']);
    expect(appliedPrefs(strict, 'insert', false)).toEqual(['handling=strict']);
    expect(appliedPrefs(parsePrefer(withPrefer('max-affected=5')), 'delete', false)).toEqual([]);
    expect(parsePrefer(withPrefer('max-affected=lots')).maxAffected).toBeNull();
  });

  it('resolution is listed only for inserts with a conflict target; return only for writes', () => {
    const prefs = parsePrefer(
      withPrefer('resolution=merge-duplicates, return=representation, missing=default'),
    );
    expect(appliedPrefs(prefs, 'insert', true)).toEqual([
      'resolution=merge-duplicates',
      'missing=default',
      'return=representation',
    ]);
    expect(appliedPrefs(prefs, 'insert', false)).toEqual(['missing=default', 'return=representation']);
    expect(appliedPrefs(prefs, 'read', true)).toEqual([]);
  });
});
