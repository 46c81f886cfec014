/** A PostgREST-shaped error: `{code, message, details, hint}` with its HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  body(): { code: string; details: string | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

type PgLikeError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as PgLikeError).code === 'string';
}

/**
 * SQLSTATE → HTTP as reference/supabase-wire.md lists it. 42501 depends on who asked: a signed-in user is
 * forbidden (403), an anonymous caller is unauthenticated (401).
 */
export function statusForSqlState(code: string, isAnonymous: boolean): number {
  if (code === '42501') return isAnonymous ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === 'P0001') return 400;
  if (code === '42P01' || code === '42883') return 404;
  // Statement timeout (query_canceled), as PostgREST answers it.
  if (code === '57014') return 500;
  return 400;
}

/** Turns an error thrown by a query into a RestError; null when it is not a database error (a bug). */
export function restErrorFromDb(error: unknown, isAnonymous: boolean): RestError | null {
  if (error instanceof RestError) return error;
  if (!isPgError(error) || !/^[0-9A-Z]{5}$/.test(error.code)) return null;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return new RestError(
    statusForSqlState(error.code, isAnonymous),
    error.code,
    text(error.message) ?? 'Database error',
    text(error.detail),
    text(error.hint),
  );
}
