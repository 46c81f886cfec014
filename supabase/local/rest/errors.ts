/** A PostgREST-shaped error: `{code, message, details, hint}` with its HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Usually text; PGRST201 lists the candidate relationships as JSON. */
    readonly details: string | null | Record<string, string>[] = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  /** Headers a `raise sqlstate 'PGRST'` asked for (PostgREST sends them with the error). */
  extraHeaders: Record<string, string> = {};

  body(): { code: string; details: RestError['details']; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

type PgLikeError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as PgLikeError).code === 'string';
}

/**
 * SQLSTATE → HTTP status exactly as PostgREST maps it (its mapSQLtoHTTP; the table is in
 * docs/postgrest-parity.md). 42501 depends on who asked: a signed-in user is forbidden (403),
 * an anonymous caller is unauthenticated (401). `PTxxx` (a function's `raise ... using errcode = 'PT402'`) answers
 * status xxx.
 */
export function statusForSqlState(code: string, isAnonymous: boolean, message = ''): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '42501') return isAnonymous ? 401 : 403;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  const fixed = exact[code];
  if (fixed !== undefined) return fixed;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return /^\d{3}$/.test(code.slice(2)) && status >= 100 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

type RaisedResponse = { headers: Record<string, string>; error: RestError };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":…,"message":…}', detail = '{"status":…,"headers":{…}}'`:
 * PostgREST's full control of the error response. A malformed one is PGRST121 (500), as PostgREST answers.
 */
function raisedPgrst(message: string | null, detail: string | null): RaisedResponse {
  const body = parseObject(message);
  const parseError = (details: string, hint: string): RaisedResponse => ({
    headers: {},
    error: new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details,
      hint,
    ),
  });
  const messageHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string')
    return parseError(`Invalid JSON value for MESSAGE: '${message ?? ''}'`, messageHint);
  if (detail === null) return parseError('DETAIL is missing in the RAISE statement', detailHint);
  const response = parseObject(detail);
  const headers = response?.headers;
  if (
    !response ||
    typeof response.status !== 'number' ||
    !Number.isInteger(response.status) ||
    !isObject(headers) ||
    !Object.values(headers).every((value) => typeof value === 'string')
  )
    return parseError(`Invalid JSON value for DETAIL: '${detail}'`, detailHint);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    headers: headers as Record<string, string>,
    error: new RestError(response.status, body.code, body.message, text(body.details), text(body.hint)),
  };
}

/** Turns an error thrown by a query into a RestError; null when it is not a database error (a bug). */
export function restErrorFromDb(error: unknown, isAnonymous: boolean): RestError | null {
  if (error instanceof RestError) return error;
  if (!isPgError(error) || !/^[0-9A-Z]{5}$/.test(error.code)) return null;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  if (error.code === 'PGRST') {
    const raised = raisedPgrst(text(error.message), text(error.detail));
    raised.error.extraHeaders = raised.headers;
    return raised.error;
  }
  const message = text(error.message) ?? 'Database error';
  return new RestError(
    statusForSqlState(error.code, isAnonymous, message),
    error.code,
    message,
    text(error.detail),
    text(error.hint),
  );
}

/**
 * A request PostgREST would answer that the local stack cannot answer exactly: refused (501) naming the feature,
 * never answered differently. See supabase/local/README.md, "Known differences".
 */
export function notSupportedLocally(feature: string, details: string | null = null): RestError {
  return new RestError(
    501,
    'PGRST127',
    `${feature} is not supported by the local stack`,
    details,
    'Hosted Supabase (PostgREST) supports this; the local stack refuses it rather than answer differently. See supabase/local/README.md.',
  );
}
