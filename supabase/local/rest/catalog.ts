import type { Database } from '../db/engine.ts';

/**
 * The schema cache of /rest/v1: tables, views and functions of `public`, read from pg_catalog. Every
 * identifier a request names is looked up here and only the catalog's own spelling, quoted, reaches SQL.
 */
export type ColumnInfo = {
  name: string;
  /** format_type() of the column: a valid SQL type name, used to cast bound text values. */
  type: string;
  hasDefault: boolean;
  generated: boolean;
};

export type TableInfo = {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, ColumnInfo>;
  /** Columns in table order (for `*`). */
  columnOrder: string[];
  primaryKey: string[];
  /** The column sets of the primary key and every unique constraint (PostgREST's one-to-one test). */
  uniqueKeys: string[][];
};

/** A foreign key of `table` (columns) referencing `refTable` (refColumns): what resource embedding follows. */
export type ForeignKey = {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
};

/** Tables and their relationships, as one consistent snapshot. */
export type Schema = { tables: Map<string, TableInfo>; foreignKeys: ForeignKey[] };

export type FunctionArg = { name: string; type: string; hasDefault: boolean };

export type FunctionInfo = {
  name: string;
  args: FunctionArg[];
  returns: 'void' | 'scalar' | 'row' | 'rows' | 'scalars';
  volatile: boolean;
  /** For composite results (`row`, `rows`): the result's columns, in order, with their types. */
  columns: ColumnInfo[];
  /** The `public` table or view whose row type the function returns (what its results embed from), or null. */
  rowTable: string | null;
};

type TableRow = {
  table: string;
  relkind: string;
  column: string;
  type: string;
  hasdef: boolean;
  generated: string;
};
type KeyRow = { table: string; contype: string; cols: string[] };
type ForeignKeyRow = { name: string; table: string; cols: string[]; ref_table: string; ref_cols: string[] };
type FnRow = {
  name: string;
  retset: boolean;
  rettype: string;
  typtype: string;
  volatility: string;
  nargs: number;
  ndefaults: number;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: string[];
  /** For a composite return type: its attributes as `name`/`type` pairs (from pg_attribute). */
  rescols: { name: string; type: string }[] | null;
  /** The public relation whose row type is returned, if any. */
  rowtable: string | null;
};

export class Catalog {
  #tables = new Map<string, TableInfo>();
  #foreignKeys: ForeignKey[] = [];
  #functions = new Map<string, FunctionInfo[]>();
  #loadedAt = 0;
  #loading: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  /** Must be called outside any request transaction (PGlite has one connection). */
  async table(name: string): Promise<TableInfo | undefined> {
    await this.#ensure();
    const found = this.#tables.get(name);
    if (found || !(await this.#reloadOnMiss())) return found;
    return this.#tables.get(name);
  }

  /** All tables and foreign keys (for embedding). */
  async schema(): Promise<Schema> {
    await this.#ensure();
    return { tables: this.#tables, foreignKeys: this.#foreignKeys };
  }

  async functions(name: string): Promise<FunctionInfo[]> {
    await this.#ensure();
    const found = this.#functions.get(name);
    if (found || !(await this.#reloadOnMiss())) return found ?? [];
    return this.#functions.get(name) ?? [];
  }

  invalidate(): void {
    this.#loadedAt = 0;
  }

  async #ensure(): Promise<void> {
    if (this.#loadedAt === 0) await this.#load();
  }

  // A migration applied while the stack runs (tests do this) shows up on the next miss; misses reload at
  // most once a second so unknown names cannot keep the database busy.
  async #reloadOnMiss(): Promise<boolean> {
    if (Date.now() - this.#loadedAt < 1000) return false;
    await this.#load();
    return true;
  }

  async #load(): Promise<void> {
    if (!this.#loading) {
      this.#loading = this.#read().finally(() => {
        this.#loading = null;
      });
    }
    await this.#loading;
  }

  async #read(): Promise<void> {
    const tables = await this.db.query<TableRow>(`
      select c.relname as "table", c.relkind::text as relkind, a.attname as "column",
             pg_catalog.format_type(a.atttypid, null) as type, a.atthasdef as hasdef,
             a.attgenerated::text as generated
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.relname, a.attnum`);
    const keys = await this.db.query<KeyRow>(`
      select c.relname as "table", con.contype::text as contype,
             array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                   join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                   order by k.ord) as cols
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'u')`);
    const foreignKeys = await this.db.query<ForeignKeyRow>(`
      select con.conname as name, c.relname as "table", r.relname as ref_table,
             array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                   join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                   order by k.ord) as cols,
             array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                   join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                   order by k.ord) as ref_cols
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_class r on r.oid = con.confrelid
      join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
      where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'`);
    const fns = await this.db.query<FnRow>(`
      select p.proname as name, p.proretset as retset, pg_catalog.format_type(p.prorettype, null) as rettype,
             t.typtype::text as typtype, p.provolatile::text as volatility, p.pronargs as nargs,
             p.pronargdefaults as ndefaults, p.proargnames::text[] as argnames, p.proargmodes::text[] as argmodes,
             array(select pg_catalog.format_type(x.oid, null)
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, ord)
                   order by x.ord) as argtypes,
             case when t.typtype = 'c' then
               (select json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod))
                                order by a.attnum)
                from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
             end as rescols,
             (select rc.relname from pg_catalog.pg_class rc join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
              where rc.oid = t.typrelid and rn.nspname = 'public' and rc.relkind in ('r', 'p', 'v', 'm', 'f')) as rowtable
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      join pg_catalog.pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f'`);

    const nextTables = new Map<string, TableInfo>();
    for (const row of tables.rows) {
      let info = nextTables.get(row.table);
      if (!info) {
        const kind = row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table';
        info = { name: row.table, kind, columns: new Map(), columnOrder: [], primaryKey: [], uniqueKeys: [] };
        nextTables.set(row.table, info);
      }
      info.columns.set(row.column, {
        name: row.column,
        type: row.type,
        hasDefault: row.hasdef,
        generated: row.generated !== '',
      });
      info.columnOrder.push(row.column);
    }
    for (const row of keys.rows) {
      const info = nextTables.get(row.table);
      if (!info) continue;
      if (row.contype === 'p') info.primaryKey = row.cols;
      info.uniqueKeys.push(row.cols);
    }

    const nextFunctions = new Map<string, FunctionInfo[]>();
    for (const row of fns.rows) {
      const info = toFunctionInfo(row);
      if (!info) continue;
      nextFunctions.set(row.name, [...(nextFunctions.get(row.name) ?? []), info]);
    }
    this.#tables = nextTables;
    this.#foreignKeys = foreignKeys.rows.map((row) => ({
      name: row.name,
      table: row.table,
      columns: row.cols,
      refTable: row.ref_table,
      refColumns: row.ref_cols,
    }));
    this.#functions = nextFunctions;
    this.#loadedAt = Date.now();
  }
}

function toFunctionInfo(row: FnRow): FunctionInfo | null {
  const modes = row.argmodes ?? row.argtypes.map(() => 'i');
  const inArgs: { name: string; type: string }[] = [];
  const outColumns: { name: string; type: string }[] = [];
  let hasOutArgs = false;
  for (let i = 0; i < row.argtypes.length; i++) {
    const mode = modes[i] ?? 'i';
    if (mode === 'o' || mode === 't') {
      hasOutArgs = true;
      outColumns.push({ name: row.argnames?.[i] ?? `column${i + 1}`, type: row.argtypes[i] ?? 'text' });
      continue;
    }
    const name = row.argnames?.[i] ?? '';
    // Unnamed or variadic arguments cannot be called with named JSON keys: such functions are not exposed.
    if (!name || mode === 'v') return null;
    inArgs.push({ name, type: row.argtypes[i] ?? 'text' });
  }
  const firstDefault = inArgs.length - row.ndefaults;
  const args = inArgs.map((arg, index) => ({ ...arg, hasDefault: index >= firstDefault }));
  const composite = row.typtype === 'c' || (row.rettype === 'record' && hasOutArgs);
  if (row.typtype === 'p' && !composite && row.rettype !== 'void') return null; // trigger, internal, …
  let returns: FunctionInfo['returns'];
  if (row.rettype === 'void') returns = 'void';
  else if (composite) returns = row.retset ? 'rows' : 'row';
  else returns = row.retset ? 'scalars' : 'scalar';
  const resultColumns = composite ? (row.rescols ?? outColumns) : [];
  const columns = resultColumns.map((column) => ({
    name: column.name,
    type: column.type,
    hasDefault: false,
    generated: false,
  }));
  return {
    name: row.name,
    args,
    returns,
    volatile: row.volatility === 'v',
    columns,
    rowTable: row.typtype === 'c' ? row.rowtable : null,
  };
}
