import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transaction } from '../db/engine.ts';
import type { FunctionInfo, TableInfo } from './catalog.ts';
import { withRequestContext } from '../db/db.ts';
import { apiKeyError, resolveCaller, type Caller } from '../http/gateway.ts';
import {
  BodyTooLargeError,
  JSON_BODY_LIMIT,
  MAX_JSON_DEPTH,
  header,
  isRecord,
  parseJson,
  readBody,
  send,
  sendJson,
} from '../http/util.ts';
import { RestError, notSupportedLocally, restErrorFromDb } from './errors.ts';
import {
  appliedPrefs,
  checkPrefs,
  maxAffectedError,
  maxAffectedLimit,
  parsePrefer,
  type PreferContext,
  type Prefs,
} from './prefer.ts';
import { parseQuery, parseRangeHeader, type ParsedQuery } from './parse.ts';
import {
  applyShape,
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildRpcRead,
  buildUpdate,
  matchingFunctions,
  type OutputShape,
  type WriteStatement,
} from './sql.ts';
import type { StackContext } from '../stack-context.ts';

type Accept = { single: boolean; stripNulls: boolean };

/**
 * Content negotiation as PostgREST's for JSON: an Accept naming neither a JSON type nor the wildcard is 406
 * PGRST107. CSV and GeoJSON, which PostgREST produces, are refused naming them; the execution plan media type
 * is 406 as on hosted Supabase (`db-plan-enabled` is off there).
 */
function parseAccept(req: IncomingMessage): Accept {
  const raw = header(req, 'accept') ?? '';
  const types = raw
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const names = types.map((type) => (type.split(';')[0] ?? '').trim());
  const stripNulls = types.some((type) => /;\s*nulls=stripped/.test(type));
  if (names.length === 0) return { single: false, stripNulls };
  if (names.includes('application/vnd.pgrst.object+json') || names.includes('application/vnd.pgrst.object'))
    return { single: true, stripNulls };
  const json = ['*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json'];
  if (names.some((name) => json.includes(name))) return { single: false, stripNulls };
  const produced = names.find((name) => name === 'text/csv' || name === 'application/geo+json');
  if (produced) throw notSupportedLocally(`Accept: ${produced}`);
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${names.join(', ')}`);
}

function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  return value;
}

const singleError = (rows: number): RestError =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

/** The JSON text to send for a list of rows, honouring the select shape, single-object and nulls=stripped. */
function renderRows(body: string, n: number, shape: OutputShape, accept: Accept): string {
  if (accept.single && n !== 1) throw singleError(n);
  if (shape.mode !== 'positional' && !accept.stripNulls && !accept.single) return body;
  let rows = applyShape(JSON.parse(body) as Record<string, unknown>[], shape);
  if (accept.stripNulls) rows = stripNulls(rows) as Record<string, unknown>[];
  return JSON.stringify(accept.single ? rows[0] : rows);
}

function contentType(accept: Accept): string {
  return accept.single
    ? 'application/vnd.pgrst.object+json; charset=utf-8'
    : 'application/json; charset=utf-8';
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  try {
    return await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new RestError(
        413,
        'PGRST413',
        'Payload Too Large',
        `The request body exceeds the ${JSON_BODY_LIMIT} byte limit`,
      );
    }
    throw error;
  }
}

function jsonDetails(parsed: { tooDeep?: boolean }): string | null {
  return parsed.tooDeep ? `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep` : null;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req);
  const parsed = raw.length === 0 ? { ok: false as const } : parseJson(raw);
  if (!parsed.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json', jsonDetails(parsed));
  return parsed.value;
}

async function tableOrThrow(stack: StackContext, name: string): Promise<TableInfo> {
  const table = await stack.catalog.table(name);
  if (!table)
    throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
  return table;
}

type Outcome = { status: number; body: string | null; headers: OutgoingHttpHeaders };

function requestSettings(
  req: IncomingMessage,
  url: URL,
): Record<'request.method' | 'request.path' | 'request.headers', string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return {
    'request.method': req.method ?? 'GET',
    'request.path': url.pathname,
    'request.headers': JSON.stringify(headers),
  };
}

async function inContext<T>(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  prefs: Prefs,
  fn: (tx: Transaction) => Promise<T>,
  readOnly = false,
): Promise<T> {
  return withRequestContext(
    stack.db,
    { role: caller.role, claims: { ...caller.claims }, settings: requestSettings(req, url) },
    async (tx) => {
      // PostgREST runs reads (GET/HEAD, and POST calls of stable or immutable functions) in a read-only
      // transaction, so a write there fails with 25006 (405). Postgres allows switching to read-only at any
      // point of a transaction.
      if (readOnly) await tx.query('set transaction read only');
      // Prefer: timezone=…, as PostgREST applies it: set for this transaction (an unknown zone is 22023).
      if (prefs.timezone !== null)
        await tx.query(`select set_config('timezone', $1, true)`, [prefs.timezone]);
      return fn(tx);
    },
  );
}

/** Content-Range as PostgREST writes it (contentRangeH): `lower-upper/total`, `*` for an empty range. */
function contentRange(lower: number, upper: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return total !== 0 && lower <= upper ? `${lower}-${upper}/${totalText}` : `*/${totalText}`;
}

/** 200, 206 for part of the rows, 416 past the end (PostgREST's rangeStatusHeader). */
function rangeStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  return n < total ? 206 : 200;
}

function prefHeaders(prefs: Prefs, context: PreferContext, hasConflictTarget = false): OutgoingHttpHeaders {
  const applied = appliedPrefs(prefs, context, hasConflictTarget);
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}

/** limit/offset from the query or a Range header, capped by `[api] max_rows`. */
function pageOf(
  stack: StackContext,
  req: IncomingMessage,
  query: ParsedQuery,
): { offset: number; limit: number | null } {
  const range = parseRangeHeader(header(req, 'range'));
  const offset = query.offset ?? range?.offset ?? 0;
  let limit = query.limit ?? range?.limit ?? null;
  if (stack.config.maxRows !== null)
    limit = limit === null ? stack.config.maxRows : Math.min(limit, stack.config.maxRows);
  return { offset, limit };
}

/** Counts: `exact` as PostgREST; `planned`/`estimated` come from statistics there, an exact count here. */
const wantsCount = (prefs: Prefs): boolean => prefs.count !== null;

async function read(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  table: TableInfo,
  query: ParsedQuery,
  prefs: Prefs,
  accept: Accept,
): Promise<Outcome> {
  checkPrefs(prefs, 'read');
  const { offset, limit } = pageOf(stack, req, query);
  const plan = buildRead(
    await stack.catalog.schema(),
    table,
    query,
    { offset, limit },
    stack.restLimits.statementTimeoutMs[caller.role],
  );
  const { n, body, total } = await inContext(
    stack,
    caller,
    req,
    url,
    prefs,
    async (tx) => {
      const rows = await tx.query<{ n: number; body: string }>(plan.sql, plan.params);
      const first = rows.rows[0] ?? { n: 0, body: '[]' };
      let counted: number | null = null;
      if (wantsCount(prefs)) {
        const count = await tx.query<{ n: number }>(plan.countSql, plan.countParams);
        counted = count.rows[0]?.n ?? 0;
      }
      return { n: first.n, body: first.body, total: counted };
    },
    true,
  );
  const status = rangeStatus(offset, n, total);
  const rendered = renderRows(body, n, plan.shape, accept);
  return {
    status: accept.single ? 200 : status,
    body: rendered,
    headers: {
      'content-type': contentType(accept),
      'content-range': contentRange(offset, offset + n - 1, total),
      ...prefHeaders(prefs, 'read'),
    },
  };
}

async function write(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  statements: WriteStatement[],
  shape: OutputShape,
  prefs: Prefs,
  accept: Accept,
  context: 'insert' | 'update' | 'delete',
  hasConflictTarget = false,
): Promise<Outcome> {
  checkPrefs(prefs, context);
  const representation = prefs.representation === 'full';
  const limit = context === 'insert' ? null : maxAffectedLimit(prefs);
  const { n, inserted, rows } = await inContext(stack, caller, req, url, prefs, async (tx) => {
    let affected = 0;
    let insertedRows = 0;
    const all: unknown[] = [];
    for (const statement of statements) {
      const result = await tx.query<{ n: number; inserted: number; body: string }>(
        statement.sql,
        statement.params,
      );
      const first = result.rows[0];
      affected += first?.n ?? 0;
      insertedRows += first?.inserted ?? 0;
      if (representation && first) all.push(...(JSON.parse(first.body) as unknown[]));
    }
    // Thrown inside the transaction so that nothing is written when the caller asked for exactly one row,
    // or when more rows changed than `Prefer: max-affected` allows.
    if (accept.single && affected !== 1) throw singleError(affected);
    if (limit !== null && affected > limit) throw maxAffectedError(affected);
    return { n: affected, inserted: insertedRows, rows: all };
  });
  const total = wantsCount(prefs) ? n : null;
  const headers: OutgoingHttpHeaders = {
    // PostgREST: inserts and deletes answer `*/total`, updates `0-(n-1)/total`.
    'content-range': context === 'update' ? contentRange(0, n - 1, total) : contentRange(1, 0, total),
    ...prefHeaders(prefs, context, hasConflictTarget),
  };
  // An upsert that only updated (merge-duplicates, nothing inserted) is 200, as PostgREST answers.
  const created = prefs.resolution === 'merge' && hasConflictTarget && inserted === 0 ? 200 : 201;
  if (!representation) return { status: context === 'insert' ? created : 204, body: null, headers };
  let shaped = applyShape(rows as Record<string, unknown>[], shape);
  if (accept.stripNulls) shaped = stripNulls(shaped) as Record<string, unknown>[];
  return {
    status: context === 'insert' ? created : 200,
    body: JSON.stringify(accept.single ? shaped[0] : shaped),
    headers: { ...headers, 'content-type': contentType(accept) },
  };
}

async function tableRequest(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  name: string,
): Promise<Outcome> {
  const method = req.method ?? 'GET';
  const query = parseQuery(url.searchParams, stack.restLimits);
  const statementTimeoutMs = stack.restLimits.statementTimeoutMs[caller.role];
  const prefs = parsePrefer(req);
  const accept = parseAccept(req);
  if (method === 'GET' || method === 'HEAD') {
    const table = await tableOrThrow(stack, name);
    return read(stack, caller, req, url, table, query, prefs, accept);
  }
  if (method === 'POST') {
    const payload = await readJson(req);
    const table = await tableOrThrow(stack, name);
    const rows = Array.isArray(payload) ? payload : [payload];
    if (!rows.every(isRecord)) throw new RestError(400, 'PGRST102', 'All rows must be JSON objects');
    // Without ?columns= (supabase-js sends it for arrays) PostgREST wants every object to have the same keys.
    const keySet = (row: Record<string, unknown>): string => Object.keys(row).sort().join('\u0000');
    if (query.columns === null && rows.some((row) => keySet(row) !== keySet(rows[0] ?? {})))
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    if (rows.length === 0)
      return write(stack, caller, req, url, [], { mode: 'rows' }, prefs, accept, 'insert');
    const { statements, shape, hasConflictTarget } = buildInsert(
      await stack.catalog.schema(),
      table,
      query,
      rows,
      {
        representation: prefs.representation === 'full',
        missingDefault: prefs.missing === 'default',
        resolution: prefs.resolution,
        statementTimeoutMs,
      },
    );
    return write(stack, caller, req, url, statements, shape, prefs, accept, 'insert', hasConflictTarget);
  }
  if (method === 'PATCH') {
    const payload = await readJson(req);
    const table = await tableOrThrow(stack, name);
    if (!isRecord(payload))
      throw new RestError(400, 'PGRST102', 'The body of an update must be a JSON object');
    const { statement, shape } = buildUpdate(
      await stack.catalog.schema(),
      table,
      query,
      payload,
      prefs.representation === 'full',
      statementTimeoutMs,
      prefs.missing === 'default',
    );
    return write(stack, caller, req, url, statement ? [statement] : [], shape, prefs, accept, 'update');
  }
  if (method === 'DELETE') {
    const table = await tableOrThrow(stack, name);
    const { statement, shape } = buildDelete(
      await stack.catalog.schema(),
      table,
      query,
      prefs.representation === 'full',
      statementTimeoutMs,
    );
    return write(stack, caller, req, url, [statement], shape, prefs, accept, 'delete');
  }
  if (method === 'PUT') throw notSupportedLocally('PUT (a single-row upsert)');
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** PGRST202 as PostgREST words it. */
function noFunction(name: string, keys: string[], isPost: boolean): RestError {
  const sorted = [...keys].sort();
  const fn = `public.${name}`;
  const params =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`,
    `Searched for the function ${fn}${params}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
  );
}

/** 300 PGRST203: more than one overload fits the arguments, as PostgREST answers. */
function ambiguousFunction(
  candidates: { name: string; args: { name: string; type: string }[] }[],
): RestError {
  const list = candidates
    .map((fn) => `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`)
    .join(', ');
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** What a call of a function that does not return rows cannot be combined with here. */
function refuseShaping(query: ParsedQuery, req: IncomingMessage, prefs: Prefs, returns: string): void {
  const shaped =
    query.filters.length > 0 ||
    query.order.length > 0 ||
    query.limit !== null ||
    query.offset !== null ||
    header(req, 'range') !== undefined ||
    prefs.count !== null ||
    !(query.select.length === 1 && query.select[0]?.kind === 'star');
  if (shaped) {
    throw notSupportedLocally(
      `select, filters, order, limit, offset, Range or count on a function that returns ${returns}`,
      'The local stack shapes only the results of functions that return rows (SETOF or TABLE).',
    );
  }
}

async function rpcRequest(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  name: string,
): Promise<Outcome> {
  const method = req.method ?? 'GET';
  const accept = parseAccept(req);
  const prefs = parsePrefer(req);
  const isPost = method === 'POST';
  if (!isPost && method !== 'GET' && method !== 'HEAD')
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  const query = parseQuery(url.searchParams, { ...stack.restLimits, rpcRead: !isPost });
  let args: Record<string, unknown> = {};
  if (isPost) {
    const payload = await readRaw(req);
    // No body means no arguments (supabase-js sends `{}`, curl users often send nothing).
    if (payload.length > 0) {
      const parsed = parseJson(payload);
      if (!parsed.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json', jsonDetails(parsed));
      if (!isRecord(parsed.value))
        throw notSupportedLocally('A function call whose body is not a JSON object');
      args = parsed.value;
    }
  } else {
    args = { ...query.rpcArgs };
  }
  if (query.columns !== null) throw notSupportedLocally('?columns= on a function call');
  const keys = Object.keys(args);
  const found = matchingFunctions(await stack.catalog.functions(name), keys);
  if (found.length === 0) throw noFunction(name, keys, isPost);
  if (found.length > 1) throw ambiguousFunction(found);
  const fn = found[0]!;
  const readOnly = !isPost || !fn.volatile;
  checkPrefs(prefs, 'rpc');
  const limit = maxAffectedLimit(prefs);
  if (limit !== null && fn.returns !== 'rows' && fn.returns !== 'scalars') {
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  if (fn.returns === 'rows')
    return rpcRows(stack, caller, req, url, fn, args, query, prefs, accept, limit, readOnly);
  refuseShaping(
    query,
    req,
    prefs,
    fn.returns === 'scalars' ? 'a set of scalars' : `a single ${fn.returns === 'row' ? 'row' : 'value'}`,
  );
  const statement = buildRpc(fn, args);
  const body = await inContext(
    stack,
    caller,
    req,
    url,
    prefs,
    async (tx) => {
      const result = await tx.query<{ body: string | null }>(statement.sql, statement.params);
      const text = result.rows[0]?.body ?? 'null';
      if (fn.returns === 'scalars') {
        const n = (JSON.parse(text) as unknown[]).length;
        if (accept.single && n !== 1) throw singleError(n);
        if (limit !== null && n > limit) throw maxAffectedError(n);
      }
      return text;
    },
    readOnly,
  );
  const headers = prefHeaders(prefs, 'rpc');
  if (fn.returns === 'void') return { status: 204, body: null, headers };
  let out = body;
  if (accept.single && fn.returns === 'scalars') out = JSON.stringify((JSON.parse(body) as unknown[])[0]);
  if (accept.stripNulls) out = JSON.stringify(stripNulls(JSON.parse(out)));
  // As PostgREST: a set of scalars ranges over its elements, a single row or value is row 0 (the real server
  // as oracle: tests/postgres-stack/postgrest-parity.test.ts).
  const n = fn.returns === 'scalars' ? (JSON.parse(body) as unknown[]).length : 1;
  const range = contentRange(0, n - 1, null);
  return {
    status: 200,
    body: out,
    headers: { ...headers, 'content-type': contentType(accept), 'content-range': range },
  };
}

/** A call of a function returning rows, shaped like a table read: select, filters, order, paging, count. */
async function rpcRows(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  query: ParsedQuery,
  prefs: Prefs,
  accept: Accept,
  limit: number | null,
  readOnly: boolean,
): Promise<Outcome> {
  const { offset, limit: pageLimit } = pageOf(stack, req, query);
  const plan = buildRpcRead(
    await stack.catalog.schema(),
    fn,
    args,
    query,
    { offset, limit: pageLimit },
    stack.restLimits.statementTimeoutMs[caller.role],
  );
  const { n, body, total } = await inContext(
    stack,
    caller,
    req,
    url,
    prefs,
    async (tx) => {
      const result = await tx.query<{ total: number; n: number; body: string }>(plan.sql, plan.params);
      const first = result.rows[0] ?? { total: 0, n: 0, body: '[]' };
      if (accept.single && first.n !== 1) throw singleError(first.n);
      if (limit !== null && first.n > limit) throw maxAffectedError(first.n);
      return first;
    },
    readOnly,
  );
  const counted = wantsCount(prefs) ? total : null;
  const status = rangeStatus(offset, n, counted);
  return {
    status: accept.single ? 200 : status,
    body: renderRows(body, n, plan.shape, accept),
    headers: {
      'content-type': contentType(accept),
      'content-range': contentRange(offset, offset + n - 1, counted),
      ...prefHeaders(prefs, 'rpc'),
    },
  };
}

function authFailure(reason: 'expired' | 'invalid' | 'role', message: string): RestError {
  if (reason === 'expired') return new RestError(401, 'PGRST303', 'JWT expired');
  if (reason === 'role') return new RestError(401, 'PGRST301', 'The JWT role is not allowed', message);
  return new RestError(401, 'PGRST301', 'No suitable key or wrong key type', message);
}

/** `/rest/v1/*`: `path` is what follows /rest/v1. */
export async function handleRest(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const keyError = apiKeyError(stack, req, url);
  if (keyError) return sendJson(res, 401, keyError);
  let isAnonymous = true;
  try {
    const resolved = await resolveCaller(stack, req, url);
    if (!resolved.ok) throw authFailure(resolved.reason, resolved.message);
    const caller = resolved.caller;
    isAnonymous = caller.role === 'anon';
    const profile = header(req, method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile');
    if (profile !== undefined && profile !== 'public') {
      throw new RestError(
        406,
        'PGRST106',
        'The schema must be one of the following: public',
        null,
        'Only the public schema is exposed',
      );
    }
    let segments: string[];
    try {
      segments = path
        .split('/')
        .filter(Boolean)
        .map((segment) => decodeURIComponent(segment));
    } catch {
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
    let outcome: Outcome;
    if (segments.length === 0) {
      outcome = {
        status: 200,
        body: JSON.stringify({ swagger: '2.0', info: { title: 'local stack' }, paths: {} }),
        headers: { 'content-type': 'application/json' },
      };
    } else if (segments.length === 1) {
      outcome = await tableRequest(stack, caller, req, url, segments[0] ?? '');
    } else if (segments.length === 2 && segments[0] === 'rpc') {
      outcome = await rpcRequest(stack, caller, req, url, segments[1] ?? '');
    } else {
      throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
    }
    send(res, outcome.status, outcome.body, outcome.headers, method);
  } catch (error) {
    const restError = restErrorFromDb(error, isAnonymous);
    if (!restError) throw error;
    const headers: OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      ...restError.extraHeaders,
    };
    if (restError.status === 401)
      headers['www-authenticate'] = `Bearer error="invalid_token", error_description="${restError.message}"`;
    send(res, restError.status, JSON.stringify(restError.body()), headers, method);
  }
}
