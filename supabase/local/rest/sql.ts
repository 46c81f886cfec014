import type { ColumnInfo, FunctionInfo, Schema, TableInfo } from './catalog.ts';
import { RestError, notSupportedLocally } from './errors.ts';
import {
  parseError,
  splitTopLevel,
  unquote,
  type Condition,
  type Filter,
  type OrderItem,
  type ParsedQuery,
  type SelectItem,
} from './parse.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';

/**
 * SQL for the tree `parse.ts` makes. SQL text only ever contains: our own keywords, identifiers taken from
 * the catalog (quoted), type names taken from the catalog, and `$n` placeholders. Every value from the
 * request is a bound parameter.
 */

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class Params {
  readonly values: (string | null)[] = [];
  private timeoutRef: string | null = null;

  /** `statementTimeoutMs`: embedded rows are metered against it (see rest-limits.ts); null = unmetered. */
  constructor(readonly statementTimeoutMs: number | null = null) {}

  /** The condition every embedded row passes: the statement-timeout meter, or `true` when unmetered. */
  timeoutGuard(): string {
    if (this.statementTimeoutMs === null) return 'true';
    this.timeoutRef ??= this.add(String(this.statementTimeoutMs), 'integer');
    return `"_local".check_statement_timeout(${this.timeoutRef})`;
  }

  /** A placeholder for a value bound as text; `type` (from the catalog) casts it on the server. */
  add(value: string | null, type?: string): string {
    this.values.push(value);
    const placeholder = `$${this.values.length}::text`;
    return type ? `${placeholder}::${type}` : placeholder;
  }
}

export function columnOf(table: TableInfo, name: string): ColumnInfo {
  const column = table.columns.get(name);
  if (!column) throw new RestError(400, '42703', `column ${table.name}.${name} does not exist`);
  return column;
}

function likePattern(value: string): string {
  return value.replace(/\*/g, '%');
}

function parseInList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw parseError(`failed to parse filter (in.${value})`);
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}

function conditionSql(table: TableInfo, cond: Condition, params: Params): string {
  const column = columnOf(table, cond.column);
  const ref = `_t.${quoteIdent(column.name)}`;
  const typed = (value: string): string => params.add(value, column.type);
  let sql: string;
  switch (cond.op) {
    case 'eq':
      sql = `${ref} = ${typed(cond.value)}`;
      break;
    case 'neq':
      sql = `${ref} <> ${typed(cond.value)}`;
      break;
    case 'gt':
      sql = `${ref} > ${typed(cond.value)}`;
      break;
    case 'gte':
      sql = `${ref} >= ${typed(cond.value)}`;
      break;
    case 'lt':
      sql = `${ref} < ${typed(cond.value)}`;
      break;
    case 'lte':
      sql = `${ref} <= ${typed(cond.value)}`;
      break;
    case 'like':
      sql = `${ref}::text like ${params.add(likePattern(cond.value))}`;
      break;
    case 'ilike':
      sql = `${ref}::text ilike ${params.add(likePattern(cond.value))}`;
      break;
    case 'match':
      sql = `${ref}::text ~ ${params.add(cond.value)}`;
      break;
    case 'imatch':
      sql = `${ref}::text ~* ${params.add(cond.value)}`;
      break;
    case 'isdistinct':
      sql = `${ref} is distinct from ${typed(cond.value)}`;
      break;
    case 'cs':
      sql = `${ref} @> ${typed(cond.value)}`;
      break;
    case 'cd':
      sql = `${ref} <@ ${typed(cond.value)}`;
      break;
    case 'ov':
      sql = `${ref} && ${typed(cond.value)}`;
      break;
    case 'is': {
      const keyword = {
        null: 'null',
        not_null: 'not null',
        true: 'true',
        false: 'false',
        unknown: 'unknown',
      }[cond.value.toLowerCase()];
      if (!keyword) throw parseError(`failed to parse filter (is.${cond.value})`);
      sql = `${ref} is ${keyword}`;
      break;
    }
    case 'in': {
      const items = parseInList(cond.value);
      sql = items.length === 0 ? 'false' : `${ref} in (${items.map((item) => typed(item)).join(', ')})`;
      break;
    }
    default:
      throw parseError(`failed to parse filter (${cond.op})`);
  }
  return cond.negate ? `not (${sql})` : sql;
}

function filterSql(table: TableInfo, filter: Filter, params: Params): string {
  if (filter.kind === 'cond') return conditionSql(table, filter, params);
  const parts = filter.children.map((child) => `(${filterSql(table, child, params)})`);
  const joined = parts.length === 0 ? 'true' : parts.join(filter.op === 'and' ? ' and ' : ' or ');
  return filter.negate ? `not (${joined})` : joined;
}

export function whereSql(table: TableInfo, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => `(${filterSql(table, filter, params)})`).join(' and ')}`;
}

function orderSql(table: TableInfo, order: OrderItem[]): string {
  if (order.length === 0) return '';
  const items = order.map((item) => {
    const column = columnOf(table, item.column);
    const nulls = item.nulls ? ` nulls ${item.nulls}` : '';
    return `_t.${quoteIdent(column.name)} ${item.desc ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${items.join(', ')}`;
}

/**
 * How rows come out of SQL: as the table's own columns (`rows`), as `_c0…` columns renamed in JS
 * (`positional`: aliases and casts), or as one JSON object per row built in SQL (`object`: embedded
 * resources, whose keys are bound parameters).
 */
export type OutputShape = { mode: 'rows' } | { mode: 'positional'; keys: string[] } | { mode: 'object' };

/** What json_agg() aggregates for a shape, over a subquery aliased `_s`. */
export function aggregateOf(shape: OutputShape): string {
  return shape.mode === 'object' ? '_s."_j"' : '_s';
}

type EmbedPlan = {
  target: TableInfo;
  many: boolean;
  /** A condition relating a row of `inner` (the target) to the row of `outer`. */
  join: (outer: string, inner: string) => string;
  /** Many-to-many: the FROM clause that reaches the targets through the junction's rows (an index join). */
  through?: (outer: string, inner: string) => string;
};

function columnsEqual(left: string, leftColumns: string[], right: string, rightColumns: string[]): string {
  return leftColumns
    .map(
      (column, index) => `${left}.${quoteIdent(column)} = ${right}.${quoteIdent(rightColumns[index] ?? '')}`,
    )
    .join(' and ');
}

function planFor(schema: Schema, rel: Relationship): EmbedPlan {
  const target = schema.tables.get(rel.foreignTable);
  if (!target) throw new RestError(400, 'PGRST200', `Could not find the table '${rel.foreignTable}'`);
  const junction = rel.junction;
  const junctionTable = junction ? schema.tables.get(junction.table) : undefined;
  if (junction && junctionTable) {
    const origin = junction.sourceColumns.map(([column]) => column);
    const fromOrigin = junction.sourceColumns.map(([, column]) => column);
    const foreign = junction.targetColumns.map(([column]) => column);
    const toForeign = junction.targetColumns.map(([, column]) => column);
    const j = '_j';
    return {
      target,
      many: true,
      join: (outer, inner) =>
        `exists (select 1 from ${tableRef(junctionTable)} as ${j} where ${columnsEqual(j, toForeign, inner, foreign)} ` +
        `and ${columnsEqual(j, fromOrigin, outer, origin)})`,
      through: (outer, inner) =>
        `from ${tableRef(junctionTable)} as ${j}${inner} join ${tableRef(target)} as ${inner} ` +
        `on ${columnsEqual(`${j}${inner}`, toForeign, inner, foreign)} ` +
        `where ${columnsEqual(`${j}${inner}`, fromOrigin, outer, origin)}`,
    };
  }
  const originColumns = rel.columns.map(([column]) => column);
  const foreignColumns = rel.columns.map(([, column]) => column);
  return {
    target,
    many: !isToOne(rel),
    join: (outer, inner) => columnsEqual(inner, foreignColumns, outer, originColumns),
  };
}

/** How `relation` (a table, a foreign key's name or its column) relates to `from`, by PostgREST's rules. */
function resolveEmbed(schema: Schema, from: TableInfo, relation: string, hint: string | null): EmbedPlan {
  return planFor(schema, findRelationship(schema, from.name, relation, hint));
}

/** An embed that selects nothing (`users()`, or only such embeds): joined for filtering, not returned. */
function isEmptyEmbed(item: Extract<SelectItem, { kind: 'embed' }>): boolean {
  return item.select.every((child) => child.kind === 'embed' && isEmptyEmbed(child));
}

/**
 * Two embeds of one select list under one name: PostgREST names each embed's subquery
 * `<table>_<name>_<depth>`, so Postgres refuses the second (42712); the same answer here.
 */
function checkEmbedNames(from: TableInfo, select: SelectItem[], depth: number): void {
  const seen = new Set<string>();
  for (const item of select) {
    if (item.kind !== 'embed') continue;
    const name = item.alias ?? item.relation;
    if (seen.has(name)) {
      throw new RestError(
        400,
        '42712',
        `table name "${from.name}_${name}_${depth + 1}" specified more than once`,
      );
    }
    seen.add(name);
  }
}

/**
 * `json_build_object(key, value, …)` for one row of `table` (aliased `alias`); keys are bound values. A key
 * selected twice (`id, id`, or a column and an embed named after it) appears once, with the last value: what
 * a JSON parser makes of the duplicate keys PostgREST's row_to_json sends.
 */
function objectSql(
  schema: Schema,
  table: TableInfo,
  select: SelectItem[],
  alias: string,
  depth: number,
  params: Params,
): string {
  checkEmbedNames(table, select, depth);
  const entries = new Map<string, string>();
  const put = (key: string, value: string): void => {
    entries.set(key, value);
  };
  for (const item of select) {
    if (item.kind === 'star') {
      for (const name of table.columnOrder) put(name, `${alias}.${quoteIdent(name)}`);
    } else if (item.kind === 'column') {
      const ref = `${alias}.${quoteIdent(columnOf(table, item.column).name)}`;
      put(item.alias ?? item.column, item.cast ? `(${ref})::${item.cast}` : ref);
    } else {
      // An empty embed is still resolved, so an unknown relationship is still an error.
      if (isEmptyEmbed(item)) resolveEmbed(schema, table, item.relation, item.hint);
      else put(item.alias ?? item.relation, embedSql(schema, table, item, alias, depth, params));
    }
  }
  // json_build_object takes at most 100 arguments.
  if (entries.size > 50) throw parseError('Too many columns in one object (at most 50 when embedding)');
  const pairs = [...entries].map(([key, value]) => `${params.add(key)}, ${value}`);
  return `json_build_object(${pairs.join(', ')})`;
}

function embedSql(
  schema: Schema,
  from: TableInfo,
  item: Extract<SelectItem, { kind: 'embed' }>,
  outer: string,
  depth: number,
  params: Params,
): string {
  const plan = resolveEmbed(schema, from, item.relation, item.hint);
  const inner = `_t${depth + 1}`;
  const object = objectSql(schema, plan.target, item.select, inner, depth + 1, params);
  // Every embedded row passes the statement-timeout meter: rows multiply with each level of embedding.
  const rows = plan.through
    ? plan.through(outer, inner)
    : `from ${tableRef(plan.target)} as ${inner} where ${plan.join(outer, inner)}`;
  const source = `${rows} and ${params.timeoutGuard()}`;
  return plan.many
    ? `(select coalesce(json_agg(${object}), '[]'::json) ${source})`
    : `(select ${object} ${source})`;
}

/** `!inner` embeds keep only parent rows that have a related row. */
export function innerEmbedsSql(schema: Schema, table: TableInfo, select: SelectItem[]): string[] {
  return select.flatMap((item) => {
    if (item.kind !== 'embed' || !item.inner) return [];
    const plan = resolveEmbed(schema, table, item.relation, item.hint);
    return [`exists (select 1 from ${tableRef(plan.target)} as _ti where ${plan.join('_t', '_ti')})`];
  });
}

export function selectListSql(
  schema: Schema,
  table: TableInfo,
  select: SelectItem[],
  params: Params,
): { sql: string; shape: OutputShape } {
  if (select.some((item) => item.kind === 'embed')) {
    return { sql: `${objectSql(schema, table, select, '_t', 0, params)} as "_j"`, shape: { mode: 'object' } };
  }
  // Aliases and casts, and keys selected twice (`id, id` or `*, id`: one key in the answer, see objectSql),
  // are renamed in JS.
  const names = select.flatMap((item) =>
    item.kind === 'star' ? table.columnOrder : item.kind === 'column' ? [item.column] : [],
  );
  const needsPositional =
    new Set(names).size !== names.length ||
    select.some((item) => item.kind === 'column' && (item.alias !== null || item.cast !== null));
  if (!needsPositional) {
    const sql = select
      .map((item) =>
        item.kind === 'column' ? `_t.${quoteIdent(columnOf(table, item.column).name)}` : '_t.*',
      )
      .join(', ');
    return { sql, shape: { mode: 'rows' } };
  }
  const keys: string[] = [];
  const parts: string[] = [];
  for (const item of select) {
    if (item.kind === 'embed') continue;
    const columns =
      item.kind === 'star'
        ? table.columnOrder.map((name) => ({ name, alias: name, cast: null as string | null }))
        : [{ name: columnOf(table, item.column).name, alias: item.alias ?? item.column, cast: item.cast }];
    for (const column of columns) {
      const ref = `_t.${quoteIdent(column.name)}`;
      parts.push(`${column.cast ? `(${ref})::${column.cast}` : ref} as "_c${keys.length}"`);
      keys.push(column.alias);
    }
  }
  return { sql: parts.join(', '), shape: { mode: 'positional', keys } };
}

/** Renames `_c0…` back to the requested keys. */
export function applyShape(rows: Record<string, unknown>[], shape: OutputShape): Record<string, unknown>[] {
  if (shape.mode !== 'positional') return rows;
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    shape.keys.forEach((key, index) => {
      out[key] = row[`_c${index}`];
    });
    return out;
  });
}

export function tableRef(table: TableInfo): string {
  return `"public".${quoteIdent(table.name)}`;
}

export type ReadPlan = {
  sql: string;
  countSql: string;
  params: (string | null)[];
  countParams: (string | null)[];
  shape: OutputShape;
};

export function buildRead(
  schema: Schema,
  table: TableInfo,
  query: ParsedQuery,
  range: { offset: number; limit: number | null },
  statementTimeoutMs: number | null = null,
): ReadPlan {
  const params = new Params(statementTimeoutMs);
  // The WHERE clause's parameters come first, so the count query can reuse exactly those.
  let where = whereSql(table, query.filters, params);
  const inner = innerEmbedsSql(schema, table, query.select);
  if (inner.length > 0) where += `${where ? ' and' : ' where'} ${inner.join(' and ')}`;
  const countParams = [...params.values];
  const { sql: items, shape } = selectListSql(schema, table, query.select, params);
  let paging = orderSql(table, query.order);
  if (range.limit !== null) paging += ` limit ${params.add(String(range.limit), 'bigint')}`;
  if (range.offset > 0) paging += ` offset ${params.add(String(range.offset), 'bigint')}`;
  const from = `${tableRef(table)} as _t${where}`;
  return {
    sql:
      `select count(*)::int as n, coalesce(json_agg(${aggregateOf(shape)}), '[]'::json)::text as body ` +
      `from (select ${items} from ${from}${paging}) _s`,
    countSql: `select count(*)::int as n from ${from}`,
    params: params.values,
    countParams,
    shape,
  };
}

export type WriteStatement = { sql: string; params: (string | null)[] };

function verifyKeys(table: TableInfo, keys: Iterable<string>): string[] {
  const verified: string[] = [];
  for (const key of keys) {
    const column = table.columns.get(key);
    if (!column) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${key}' column of '${table.name}' in the schema cache`,
      );
    }
    verified.push(column.name);
  }
  return verified;
}

/**
 * Wraps a data-changing statement so one round trip returns the affected count (`n`), how many rows were
 * inserted rather than updated (`inserted`, for an upsert's 200-or-201), and, if asked, the rows (`body`).
 */
function withReturn(
  schema: Schema,
  statement: string,
  table: TableInfo,
  select: SelectItem[],
  representation: boolean,
  params: Params,
  countInserted = false,
): { sql: string; shape: OutputShape } {
  // A row whose xmax is 0 was inserted; one an ON CONFLICT DO UPDATE changed carries the updating xid.
  const returning = countInserted
    ? `returning _t as "_row", _t.xmax::text = '0' as "_inserted"`
    : 'returning _t.*';
  const rowsOf = countInserted ? `(select ("_row").* from _w) as _t` : '_w as _t';
  const inserted = countInserted ? `(select count(*) from _w where "_inserted")::int` : '0';
  if (!representation) {
    return {
      sql: `with _w as (${statement} ${returning}) select (select count(*) from _w)::int as n, ${inserted} as inserted, '[]' as body`,
      shape: { mode: 'rows' },
    };
  }
  const { sql: items, shape } = selectListSql(schema, table, select, params);
  return {
    sql:
      `with _w as (${statement} ${returning}) ` +
      `select (select count(*) from _w)::int as n, ${inserted} as inserted, ` +
      `(select coalesce(json_agg(${aggregateOf(shape)}), '[]'::json) from (select ${items} from ${rowsOf}) _s)::text as body`,
    shape,
  };
}

export type InsertOptions = {
  representation: boolean;
  statementTimeoutMs?: number | null;
  missingDefault: boolean;
  resolution: 'merge' | 'ignore' | null;
};

export function buildInsert(
  schema: Schema,
  table: TableInfo,
  query: ParsedQuery,
  rows: Record<string, unknown>[],
  options: InsertOptions,
): { statements: WriteStatement[]; shape: OutputShape; hasConflictTarget: boolean } {
  const allowed = query.columns ? new Set(verifyKeys(table, query.columns)) : null;
  const keysOf = (row: Record<string, unknown>): string[] =>
    allowed ? Object.keys(row).filter((key) => allowed.has(key)) : verifyKeys(table, Object.keys(row));
  // One statement for all rows when they share their columns; with missing=default each row keeps its
  // own column list so absent keys take the column default rather than null.
  const groups: { columns: string[]; rows: Record<string, unknown>[] }[] = [];
  if (options.missingDefault) {
    for (const row of rows) {
      const columns = keysOf(row);
      const last = groups[groups.length - 1];
      if (last && last.columns.join('\u0000') === columns.join('\u0000')) last.rows.push(row);
      else groups.push({ columns, rows: [row] });
    }
  } else {
    const union = new Set<string>(allowed ? [...allowed] : []);
    if (!allowed) rows.forEach((row) => keysOf(row).forEach((key) => union.add(key)));
    groups.push({ columns: [...union], rows });
  }

  // No on_conflict and no primary key: PostgREST inserts plainly (and does not list the resolution as applied).
  const conflictTarget = query.onConflict ? verifyKeys(table, query.onConflict) : table.primaryKey;
  const resolution = conflictTarget.length > 0 ? options.resolution : null;

  let shape: OutputShape = { mode: 'rows' };
  const statements = groups.map((group) => {
    const params = new Params(options.statementTimeoutMs ?? null);
    const payload = params.add(JSON.stringify(group.rows), 'json');
    const cols = group.columns.map(quoteIdent);
    let statement: string;
    if (cols.length === 0) {
      // Every row is `{}`: insert defaults, once per row.
      statement = `insert into ${tableRef(table)} as _t default values`;
      if (group.rows.length !== 1) {
        throw notSupportedLocally('Inserting several empty objects at once');
      }
    } else {
      statement =
        `insert into ${tableRef(table)} as _t (${cols.join(', ')}) ` +
        `select ${cols.join(', ')} from json_populate_recordset(null::${tableRef(table)}, ${payload})`;
    }
    if (resolution) {
      // As PostgREST: every payload column is set, the conflict target's too (so an upsert of key columns
      // only still updates, and returns, the existing row).
      const target = conflictTarget.map(quoteIdent).join(', ');
      const updates = group.columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`);
      statement +=
        resolution === 'ignore' || updates.length === 0
          ? ` on conflict (${target}) do nothing`
          : ` on conflict (${target}) do update set ${updates.join(', ')}`;
    }
    const built = withReturn(
      schema,
      statement,
      table,
      query.select,
      options.representation,
      params,
      resolution === 'merge',
    );
    shape = built.shape;
    return { sql: built.sql, params: params.values };
  });
  return { statements, shape, hasConflictTarget: conflictTarget.length > 0 };
}

export function buildUpdate(
  schema: Schema,
  table: TableInfo,
  query: ParsedQuery,
  patch: Record<string, unknown>,
  representation: boolean,
  statementTimeoutMs: number | null = null,
  missingDefault = false,
): { statement: WriteStatement | null; shape: OutputShape } {
  // With ?columns= every listed column is set, as PostgREST does: from the body, else null (or its default
  // with Prefer: missing=default).
  const keys = query.columns ? verifyKeys(table, query.columns) : verifyKeys(table, Object.keys(patch));
  if (keys.length === 0) return { statement: null, shape: { mode: 'rows' } };
  const params = new Params(statementTimeoutMs);
  const payload = params.add(JSON.stringify(patch), 'json');
  const sets = keys
    .map((key) =>
      missingDefault && !Object.hasOwn(patch, key)
        ? `${quoteIdent(key)} = default`
        : `${quoteIdent(key)} = _r.${quoteIdent(key)}`,
    )
    .join(', ');
  const where = whereSql(table, query.filters, params);
  const statement =
    `update ${tableRef(table)} as _t set ${sets} ` +
    `from json_populate_record(null::${tableRef(table)}, ${payload}) as _r${where}`;
  const built = withReturn(schema, statement, table, query.select, representation, params);
  return { statement: { sql: built.sql, params: params.values }, shape: built.shape };
}

export function buildDelete(
  schema: Schema,
  table: TableInfo,
  query: ParsedQuery,
  representation: boolean,
  statementTimeoutMs: number | null = null,
): { statement: WriteStatement; shape: OutputShape } {
  const params = new Params(statementTimeoutMs);
  const where = whereSql(table, query.filters, params);
  const built = withReturn(
    schema,
    `delete from ${tableRef(table)} as _t${where}`,
    table,
    query.select,
    representation,
    params,
  );
  return { statement: { sql: built.sql, params: params.values }, shape: built.shape };
}

/**
 * The overloads whose parameters the given argument names fit (PostgREST's findProc, docs/postgrest-parity.md): every
 * required parameter named, nothing named that is not a parameter. More than one is ambiguous (PGRST203).
 */
export function matchingFunctions(candidates: FunctionInfo[], keys: string[]): FunctionInfo[] {
  const given = new Set(keys);
  return candidates.filter(
    (fn) =>
      keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || given.has(arg.name)),
  );
}

/** The arguments a call passes: those of `fn` present in `args`. */
function callOf(
  fn: FunctionInfo,
  args: Record<string, unknown>,
): { call: string; used: FunctionInfo['args'] } {
  const used = fn.args.filter((arg) => Object.hasOwn(args, arg.name));
  const call = `"public".${quoteIdent(fn.name)}(${used
    .map((arg) => `${quoteIdent(arg.name)} := _a.${quoteIdent(arg.name)}`)
    .join(', ')})`;
  return { call, used };
}

/** `json_to_record(<args>) as _a(…)`, the arguments bound as one JSON parameter, or null without arguments. */
function argumentsSource(fn: FunctionInfo, args: Record<string, unknown>, params: Params): string | null {
  const { used } = callOf(fn, args);
  if (used.length === 0) return null;
  const payload = params.add(JSON.stringify(args), 'json');
  const columns = used.map((arg) => `${quoteIdent(arg.name)} ${arg.type}`).join(', ');
  return `json_to_record(${payload}) as _a(${columns})`;
}

/**
 * The rows a function returns seen as a table: its result columns, and the keys of the table whose row type
 * it returns (so its results embed that table's relationships, as PostgREST's `funcTableName`).
 */
export function functionResultTable(schema: Schema, fn: FunctionInfo): TableInfo {
  const rowTable = fn.rowTable ? schema.tables.get(fn.rowTable) : undefined;
  return {
    name: rowTable?.name ?? fn.name,
    kind: 'view',
    columns: new Map(fn.columns.map((column) => [column.name, column])),
    columnOrder: fn.columns.map((column) => column.name),
    primaryKey: rowTable?.primaryKey ?? [],
    uniqueKeys: rowTable?.uniqueKeys ?? [],
  };
}

export type RpcReadPlan = { sql: string; params: (string | null)[]; shape: OutputShape };

/**
 * A call of a function returning rows, read like a table: select list (embeds too when it returns a table's
 * rows), filters, order, limit/offset. The function runs once: its filtered rows are a CTE that gives both
 * the page (`n`, `body`) and the total (`total`).
 */
export function buildRpcRead(
  schema: Schema,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  query: ParsedQuery,
  range: { offset: number; limit: number | null },
  statementTimeoutMs: number | null = null,
): RpcReadPlan {
  const table = functionResultTable(schema, fn);
  const params = new Params(statementTimeoutMs);
  const bound = argumentsSource(fn, args, params);
  const { call } = callOf(fn, args);
  const source = bound ? `${bound} cross join lateral ${call} as _t` : `${call} as _t`;
  let where = whereSql(table, query.filters, params);
  const inner = innerEmbedsSql(schema, table, query.select);
  if (inner.length > 0) where += `${where ? ' and' : ' where'} ${inner.join(' and ')}`;
  const { sql: items, shape } = selectListSql(schema, table, query.select, params);
  let paging = orderSql(table, query.order);
  if (range.limit !== null) paging += ` limit ${params.add(String(range.limit), 'bigint')}`;
  if (range.offset > 0) paging += ` offset ${params.add(String(range.offset), 'bigint')}`;
  return {
    sql:
      `with _c as (select _t.* from ${source}${where}) ` +
      `select (select count(*) from _c)::int as total, count(*)::int as n, ` +
      `coalesce(json_agg(${aggregateOf(shape)}), '[]'::json)::text as body ` +
      `from (select ${items} from _c as _t${paging}) _s`,
    params: params.values,
    shape,
  };
}

export function buildRpc(fn: FunctionInfo, args: Record<string, unknown>): WriteStatement {
  const params = new Params();
  const { call } = callOf(fn, args);
  const bound = argumentsSource(fn, args, params);
  const from = bound ? ` from ${bound}` : '';
  const lateral = (alias: string): string =>
    from ? `${from}, lateral ${call} as ${alias}` : ` from ${call} as ${alias}`;
  let sql: string;
  switch (fn.returns) {
    case 'void':
      sql = `select ${call} is null as done${from}`;
      break;
    case 'scalar':
      sql = `select to_json(${call})::text as body${from}`;
      break;
    case 'row':
      sql = `select to_json(_r)::text as body${lateral('_r')}`;
      break;
    case 'rows':
      sql = `select coalesce(json_agg(_r), '[]'::json)::text as body${lateral('_r')}`;
      break;
    case 'scalars':
      sql = `select coalesce(json_agg(_r.v), '[]'::json)::text as body${lateral('_r(v)')}`;
      break;
  }
  return { sql, params: params.values };
}
