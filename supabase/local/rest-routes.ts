import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transaction } from './engine.ts';
import type { TableInfo } from './catalog.ts';
import { withRequestContext } from './db.ts';
import { apiKeyError, resolveCaller, type Caller } from './gateway.ts';
import {
  BodyTooLargeError,
  JSON_BODY_LIMIT,
  MAX_JSON_DEPTH,
  header,
  headerList,
  isRecord,
  parseJson,
  readBody,
  send,
  sendJson,
} from './http-util.ts';
import { RestError, restErrorFromDb } from './rest-errors.ts';
import {
  applyShape,
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  chooseFunction,
  parseQuery,
  parseRangeHeader,
  type OutputShape,
  type ParsedQuery,
  type WriteStatement,
} from './rest-query.ts';
import type { StackContext } from './stack-context.ts';

type Prefs = {
  representation: boolean;
  count: boolean;
  resolution: 'merge' | 'ignore' | null;
  missingDefault: boolean;
  applied: string[];
};

function parsePrefer(req: IncomingMessage): Prefs {
  const prefs: Prefs = {
    representation: false,
    count: false,
    resolution: null,
    missingDefault: false,
    applied: [],
  };
  for (const item of headerList(req, 'prefer')) {
    const [key, value] = item.split('=').map((part) => part.trim());
    if (key === 'return' && value === 'representation') prefs.representation = true;
    // planned/estimated counts come from statistics in PostgREST; an exact count is as good here.
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
      prefs.count = true;
    else if (key === 'resolution' && value === 'merge-duplicates') prefs.resolution = 'merge';
    else if (key === 'resolution' && value === 'ignore-duplicates') prefs.resolution = 'ignore';
    else if (key === 'missing' && value === 'default') prefs.missingDefault = true;
    else continue;
    prefs.applied.push(item);
  }
  return prefs;
}

type Accept = { single: boolean; stripNulls: boolean };

function parseAccept(req: IncomingMessage): Accept {
  const accept = (header(req, 'accept') ?? '').toLowerCase();
  if (
    accept.includes('text/csv') ||
    accept.includes('application/geo+json') ||
    accept.includes('vnd.pgrst.plan')
  ) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
  }
  return {
    single: accept.includes('application/vnd.pgrst.object+json'),
    stripNulls: accept.includes('nulls=stripped'),
  };
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
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return withRequestContext(
    stack.db,
    { role: caller.role, claims: { ...caller.claims }, settings: requestSettings(req, url) },
    fn,
  );
}

function contentRange(offset: number, n: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return n === 0 ? `*/${totalText}` : `${offset}-${offset + n - 1}/${totalText}`;
}

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
  const range = parseRangeHeader(header(req, 'range'));
  const offset = query.offset ?? range?.offset ?? 0;
  let limit = query.limit ?? range?.limit ?? null;
  if (stack.config.maxRows !== null)
    limit = limit === null ? stack.config.maxRows : Math.min(limit, stack.config.maxRows);
  const plan = buildRead(
    await stack.catalog.schema(),
    table,
    query,
    { offset, limit },
    stack.restLimits.statementTimeoutMs[caller.role],
  );
  const { n, body, total } = await inContext(stack, caller, req, url, async (tx) => {
    const rows = await tx.query<{ n: number; body: string }>(plan.sql, plan.params);
    const first = rows.rows[0] ?? { n: 0, body: '[]' };
    let counted: number | null = null;
    if (prefs.count) {
      const count = await tx.query<{ n: number }>(plan.countSql, plan.countParams);
      counted = count.rows[0]?.n ?? 0;
    }
    return { n: first.n, body: first.body, total: counted };
  });
  const rendered = renderRows(body, n, plan.shape, accept);
  const partial = total !== null && (offset > 0 || offset + n < total);
  return {
    status: partial && !accept.single ? 206 : 200,
    body: rendered,
    headers: {
      'content-type': contentType(accept),
      'content-range': contentRange(offset, n, total),
      ...(prefs.applied.length ? { 'preference-applied': prefs.applied.join(', ') } : {}),
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
  successStatus: number,
): Promise<Outcome> {
  const { n, rows } = await inContext(stack, caller, req, url, async (tx) => {
    let affected = 0;
    const all: unknown[] = [];
    for (const statement of statements) {
      const result = await tx.query<{ n: number; body: string }>(statement.sql, statement.params);
      const first = result.rows[0];
      affected += first?.n ?? 0;
      if (prefs.representation && first) all.push(...(JSON.parse(first.body) as unknown[]));
    }
    // Thrown inside the transaction so that nothing is written when the caller asked for exactly one row.
    if (accept.single && affected !== 1) throw singleError(affected);
    return { n: affected, rows: all };
  });
  const headers: OutgoingHttpHeaders = {
    'content-range': contentRange(0, n, prefs.count ? n : null),
    ...(prefs.applied.length ? { 'preference-applied': prefs.applied.join(', ') } : {}),
  };
  if (!prefs.representation) return { status: successStatus === 201 ? 201 : 204, body: null, headers };
  let shaped = applyShape(rows as Record<string, unknown>[], shape);
  if (accept.stripNulls) shaped = stripNulls(shaped) as Record<string, unknown>[];
  return {
    status: successStatus,
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
    if (rows.length === 0) return write(stack, caller, req, url, [], { mode: 'rows' }, prefs, accept, 201);
    const { statements, shape } = buildInsert(await stack.catalog.schema(), table, query, rows, {
      representation: prefs.representation,
      missingDefault: prefs.missingDefault,
      resolution: prefs.resolution,
      statementTimeoutMs,
    });
    return write(stack, caller, req, url, statements, shape, prefs, accept, 201);
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
      prefs.representation,
      statementTimeoutMs,
    );
    return write(stack, caller, req, url, statement ? [statement] : [], shape, prefs, accept, 200);
  }
  if (method === 'DELETE') {
    const table = await tableOrThrow(stack, name);
    const { statement, shape } = buildDelete(
      await stack.catalog.schema(),
      table,
      query,
      prefs.representation,
      statementTimeoutMs,
    );
    return write(stack, caller, req, url, [statement], shape, prefs, accept, 200);
  }
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

const RPC_IGNORED_PARAMS = new Set(['select', 'apikey']);

async function rpcRequest(
  stack: StackContext,
  caller: Caller,
  req: IncomingMessage,
  url: URL,
  name: string,
): Promise<Outcome> {
  const method = req.method ?? 'GET';
  const accept = parseAccept(req);
  let args: Record<string, unknown> = {};
  if (method === 'POST') {
    const payload = await readRaw(req);
    // No body means no arguments (supabase-js sends `{}`, curl users often send nothing).
    if (payload.length > 0) {
      const parsed = parseJson(payload);
      if (!parsed.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json', jsonDetails(parsed));
      if (!isRecord(parsed.value))
        throw new RestError(400, 'PGRST102', 'The arguments of a function call must be a JSON object');
      args = parsed.value;
    }
  } else if (method !== 'GET' && method !== 'HEAD') {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  const candidates = await stack.catalog.functions(name);
  if (method !== 'POST') {
    for (const [key, value] of url.searchParams) if (!RPC_IGNORED_PARAMS.has(key)) args[key] = value;
  } else {
    for (const key of url.searchParams.keys()) {
      if (!RPC_IGNORED_PARAMS.has(key)) {
        throw new RestError(
          400,
          'PGRST100',
          `Filtering the result of a function call is not supported by the local stack (${key})`,
        );
      }
    }
  }
  const keys = Object.keys(args);
  const fn = chooseFunction(candidates, keys);
  if (!fn) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${[...keys].sort().join(', ')}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${[...keys].sort().join(', ') || '(none)'}, but no matches were found in the schema cache.`,
    );
  }
  if (method !== 'POST' && fn.volatile) {
    throw new RestError(
      405,
      'PGRST101',
      'Cannot use the GET method on RPC with a volatile function; use POST',
    );
  }
  const statement = buildRpc(fn, args);
  const body = await inContext(stack, caller, req, url, async (tx) => {
    const result = await tx.query<{ body: string | null }>(statement.sql, statement.params);
    const text = result.rows[0]?.body ?? 'null';
    if (accept.single && (fn.returns === 'rows' || fn.returns === 'scalars')) {
      const n = (JSON.parse(text) as unknown[]).length;
      if (n !== 1) throw singleError(n);
    }
    return text;
  });
  if (fn.returns === 'void') return { status: 204, body: null, headers: {} };
  let out = body;
  if (accept.single && (fn.returns === 'rows' || fn.returns === 'scalars'))
    out = JSON.stringify((JSON.parse(body) as unknown[])[0]);
  if (accept.stripNulls) out = JSON.stringify(stripNulls(JSON.parse(out)));
  return { status: 200, body: out, headers: { 'content-type': contentType(accept) } };
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
    const headers: OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8' };
    if (restError.status === 401)
      headers['www-authenticate'] = `Bearer error="invalid_token", error_description="${restError.message}"`;
    send(res, restError.status, JSON.stringify(restError.body()), headers, method);
  }
}
