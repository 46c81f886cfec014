import { RestError, notSupportedLocally } from './errors.ts';
import { DEFAULT_REST_LIMITS, MAX_LOGIC_DEPTH } from './limits.ts';

/**
 * The PostgREST URL grammar supabase-js produces, parsed into a small tree (`sql.ts` turns the tree into SQL).
 * Parsing never touches SQL: it only checks the request's shape and refuses what the stack does not do.
 */

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; column: string; alias: string | null; cast: string | null }
  /** `alias:relation!hint!inner(select…)`: a related table, followed along a foreign key. */
  | {
      kind: 'embed';
      relation: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      select: SelectItem[];
    };

export type Condition = { kind: 'cond'; column: string; negate: boolean; op: string; value: string };
export type Logic = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Filter[] };
export type Filter = Condition | Logic;

export type OrderItem = { column: string; desc: boolean; nulls: 'first' | 'last' | null };

export type ParsedQuery = {
  select: SelectItem[];
  filters: Filter[];
  order: OrderItem[];
  limit: number | null;
  offset: number | null;
  onConflict: string[] | null;
  columns: string[] | null;
};

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'apikey']);
const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
]);
/** PostgREST operators the local stack does not implement: refused naming them, never guessed at. */
const UNSUPPORTED_OPERATORS = new Set(['sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts']);

// Casts allowed in a select list (`col::text`), mapped to fixed SQL so the request's spelling never reaches SQL.
const CASTS: Record<string, string> = {
  text: 'text',
  int: 'integer',
  int4: 'integer',
  integer: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  float: 'double precision',
  float8: 'double precision',
  boolean: 'boolean',
  bool: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  timestamptz: 'timestamptz',
  timestamp: 'timestamp',
};

export const parseError = (message: string, details: string | null = null): RestError =>
  new RestError(400, 'PGRST100', message, details);

/** Splits on commas that are not inside parentheses or double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** How deeply parentheses nest in `text` (outside double quotes): one linear scan, before any parsing. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')') depth--;
  }
  return deepest;
}

export type SelectLimits = { maxEmbedDepth: number; maxEmbeds: number };

const embedLimitError = (limits: SelectLimits): RestError =>
  new RestError(
    400,
    'PGRST100',
    `Too many embedded resources: the local stack embeds at most ${limits.maxEmbedDepth} levels deep and ${limits.maxEmbeds} resources per request`,
    'Every embedded level multiplies the rows one request makes the database produce; hosted Supabase stops such a request with a statement timeout, the local stack refuses it before it runs.',
  );

function countEmbeds(items: SelectItem[]): number {
  return items.reduce((n, item) => (item.kind === 'embed' ? n + 1 + countEmbeds(item.select) : n), 0);
}

/** parseSelect within the embed bounds: the depth is checked on the text, before recursive parsing. */
export function parseBoundedSelect(text: string | null, limits: SelectLimits): SelectItem[] {
  if (text !== null && nestingDepth(text) > limits.maxEmbedDepth) throw embedLimitError(limits);
  const items = parseSelect(text);
  if (countEmbeds(items) > limits.maxEmbeds) throw embedLimitError(limits);
  return items;
}

function splitAlias(item: string): { alias: string | null; rest: string } {
  const colon = item.search(/:(?!:)/);
  if (colon > 0 && item[colon - 1] !== ':')
    return { alias: unquote(item.slice(0, colon)), rest: item.slice(colon + 1) };
  return { alias: null, rest: item };
}

const AGGREGATE = /^(?:count\(\)|.+\.(?:count|sum|avg|max|min)\(\))(?:::\w+)?$/;

/** 400 PGRST123, as hosted Supabase answers: PostgREST's `db-aggregates-enabled` is off there by default. */
const aggregatesNotAllowed = (): RestError =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === '') return [{ kind: 'star' }];
  return parseSelectItems(text);
}

/** The items of a select list; an embed's may be empty (`users()`: joined, not returned). */
function parseSelectItems(text: string): SelectItem[] {
  if (text.trim() === '') return [];
  return splitTopLevel(text).map((raw): SelectItem => {
    const item = raw.trim();
    if (item === '*') return { kind: 'star' };
    const { alias, rest } = splitAlias(item);
    if (AGGREGATE.test(rest)) throw aggregatesNotAllowed();
    if (rest.startsWith('...')) throw notSupportedLocally(`Spreading an embedded resource (${item})`);
    const open = rest.indexOf('(');
    if (open >= 0) {
      if (!rest.endsWith(')')) throw parseError(`failed to parse select parameter (${item})`);
      const [relation = '', ...modifiers] = rest.slice(0, open).split('!');
      const inner = modifiers.includes('inner');
      const hints = modifiers.filter((modifier) => modifier !== 'inner' && modifier !== 'left');
      if (!relation || hints.length > 1) throw parseError(`failed to parse select parameter (${item})`);
      return {
        kind: 'embed',
        relation: unquote(relation),
        alias,
        hint: hints[0] ?? null,
        inner,
        select: parseSelectItems(rest.slice(open + 1, -1)),
      };
    }
    let columnText = rest;
    let cast: string | null = null;
    const castAt = columnText.indexOf('::');
    if (castAt >= 0) {
      const castName = columnText.slice(castAt + 2).toLowerCase();
      cast = CASTS[castName] ?? null;
      if (!cast)
        throw parseError(`failed to parse select parameter (${item})`, `Unsupported cast '${castName}'`);
      columnText = columnText.slice(0, castAt);
    }
    const column = unquote(columnText);
    if (!column || column.includes('->')) {
      throw parseError(
        `failed to parse select parameter (${item})`,
        'JSON paths are not supported by the local stack',
      );
    }
    return { kind: 'column', column, alias, cast };
  });
}

/** `op.value` or `not.op.value` as written after `column=`. */
function parseOperation(column: string, text: string): Condition {
  let negate = false;
  let rest = text;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  const base = op.replace(/\(.*\)$/, '');
  if (UNSUPPORTED_OPERATORS.has(base) || (op !== base && OPERATORS.has(base)))
    throw notSupportedLocally(`The '${op}' filter operator`, `in filter ${column}=${text}`);
  if (!OPERATORS.has(op))
    throw parseError(`failed to parse filter (${text})`, `Unknown or unsupported operator '${op}'`);
  if (dot < 0) throw parseError(`failed to parse filter (${text})`);
  return { kind: 'cond', column, negate, op, value: rest.slice(dot + 1) };
}

function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Logic {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError(`failed to parse logic tree (${text})`);
  const children = splitTopLevel(text.slice(1, -1)).map((raw): Filter => {
    const item = raw.trim();
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), logic[3] ?? '');
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`failed to parse logic tree (${text})`);
    const condition = parseOperation(unquote(item.slice(0, dot)), item.slice(dot + 1));
    return { ...condition, value: unquote(condition.value) };
  });
  return { kind: 'logic', op, negate, children };
}

function parseOrder(text: string | null): OrderItem[] {
  if (!text) return [];
  return splitTopLevel(text).map((raw) => {
    if (raw.includes('('))
      throw notSupportedLocally(`Ordering by an embedded resource's column (${raw.trim()})`);
    const parts = raw.trim().split('.');
    const column = unquote(parts[0] ?? '');
    let desc = false;
    let nulls: OrderItem['nulls'] = null;
    for (const modifier of parts.slice(1)) {
      if (modifier === 'asc') desc = false;
      else if (modifier === 'desc') desc = true;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw parseError(`failed to parse order (${raw})`);
    }
    if (!column) throw parseError(`failed to parse order (${raw})`);
    return { column, desc, nulls };
  });
}

function parseCount(name: string, text: string | null): number | null {
  if (text === null) return null;
  if (!/^\d{1,15}$/.test(text)) throw parseError(`failed to parse ${name} parameter (${text})`);
  return Number(text);
}

function parseColumnList(text: string | null): string[] | null {
  if (text === null) return null;
  return splitTopLevel(text)
    .map((part) => unquote(part.trim()))
    .filter(Boolean);
}

/** Does `text` (a filter's value) start with an operator, `not.` or not (PostgREST's pOpExpr)? */
function isOperation(text: string): boolean {
  const rest = text.startsWith('not.') ? text.slice(4) : text;
  const dot = rest.indexOf('.');
  if (dot < 0) return false;
  const op = rest.slice(0, dot).replace(/\(.*\)$/, '');
  return OPERATORS.has(op) || UNSUPPORTED_OPERATORS.has(op);
}

const EMBEDDED_RESERVED = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** Refuses what targets an embedded resource (`rel.col=…`, `rel.order=…`) or a JSON path (`col->key`). */
function checkRootTarget(key: string): void {
  if (key.includes('->'))
    throw parseError(`failed to parse filter (${key})`, 'JSON paths are not supported by the local stack');
  const parts = key.split('.');
  if (parts.length < 2) return;
  const last = parts[parts.length - 1] ?? '';
  throw notSupportedLocally(
    EMBEDDED_RESERVED.has(last)
      ? `'${last}' on an embedded resource (${key})`
      : `Filtering on an embedded resource (${key})`,
  );
}

export type QueryOptions = SelectLimits & {
  /** A GET (or HEAD) of a function: parameters without an operator are its arguments, as in PostgREST. */
  rpcRead?: boolean;
};

export function parseQuery(
  params: URLSearchParams,
  limits: QueryOptions = DEFAULT_REST_LIMITS,
): ParsedQuery & { rpcArgs: Record<string, string> } {
  const filters: Filter[] = [];
  const rpcArgs: Record<string, string> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    const last = key.split('.').pop() ?? key;
    if (!logic && key !== last && EMBEDDED_RESERVED.has(last)) checkRootTarget(key);
    if (logic) {
      if (nestingDepth(value) > MAX_LOGIC_DEPTH) {
        throw parseError(
          'failed to parse logic tree',
          `Logic trees nest at most ${MAX_LOGIC_DEPTH} levels deep in the local stack`,
        );
      }
      filters.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value));
      continue;
    }
    if (limits.rpcRead && !isOperation(value)) {
      rpcArgs[key] = value;
      continue;
    }
    checkRootTarget(key);
    filters.push(parseOperation(key, value));
  }
  const order = params.get('order');
  if (order !== null && order.includes('->')) checkRootTarget(order);
  return {
    select: parseBoundedSelect(params.get('select'), limits),
    filters,
    order: parseOrder(order),
    limit: parseCount('limit', params.get('limit')),
    offset: parseCount('offset', params.get('offset')),
    onConflict: parseColumnList(params.get('on_conflict')),
    columns: parseColumnList(params.get('columns')),
    rpcArgs,
  };
}

/** `Range: 0-9` (items) → offset/limit. */
export function parseRangeHeader(value: string | undefined): { offset: number; limit: number | null } | null {
  if (!value) return null;
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(value.trim());
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}
