import type { ForeignKey, Schema } from './catalog.ts';
import { RestError } from './errors.ts';

/**
 * Relationships between the exposed tables as PostgREST's schema cache models them
 * (docs/postgrest-parity.md, "Relationships and embedding"):
 *
 * - every foreign key T(cols) → R(refcols) gives T a many-to-one to R and R a one-to-many to T; when T's
 *   key columns are exactly a primary key or unique constraint of T, both are one-to-one instead;
 * - a table J with two (many-to-one) foreign keys whose columns all belong to J's primary key is a junction:
 *   its two referenced tables are many-to-many to each other through J.
 *
 * `columns` pairs are (origin column, foreign column). To-one relationships embed as an object (or null),
 * to-many ones as an array.
 */
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export type Junction = {
  table: string;
  constraint1: string;
  constraint2: string;
  /** (origin column, junction column) */
  sourceColumns: [string, string][];
  /** (foreign column, junction column) */
  targetColumns: [string, string][];
};

export type Relationship = {
  table: string;
  foreignTable: string;
  isSelf: boolean;
  cardinality: Cardinality;
  constraint: string;
  columns: [string, string][];
  junction: Junction | null;
};

export const isToOne = (rel: Relationship): boolean =>
  rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';

const sameSet = (a: string[], b: string[]): boolean =>
  a.length === b.length && a.every((column) => b.includes(column));

const pairs = (left: string[], right: string[]): [string, string][] =>
  left.map((column, index): [string, string] => [column, right[index] ?? '']);

const swap = (items: [string, string][]): [string, string][] =>
  items.map(([a, b]): [string, string] => [b, a]);

function directRelationships(schema: Schema, fk: ForeignKey): Relationship[] {
  const table = schema.tables.get(fk.table);
  const oneToOne = (table?.uniqueKeys ?? []).some((key) => sameSet(key, fk.columns));
  const isSelf = fk.table === fk.refTable;
  const columns = pairs(fk.columns, fk.refColumns);
  return [
    {
      table: fk.table,
      foreignTable: fk.refTable,
      isSelf,
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      constraint: fk.name,
      columns,
      junction: null,
    },
    {
      table: fk.refTable,
      foreignTable: fk.table,
      isSelf,
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      constraint: fk.name,
      columns: swap(columns),
      junction: null,
    },
  ];
}

function manyToMany(schema: Schema): Relationship[] {
  const found: Relationship[] = [];
  const manyToOne = schema.foreignKeys.filter((fk) => {
    const table = schema.tables.get(fk.table);
    return !(table?.uniqueKeys ?? []).some((key) => sameSet(key, fk.columns));
  });
  for (const first of manyToOne) {
    const junction = schema.tables.get(first.table);
    if (!junction) continue;
    for (const second of manyToOne) {
      if (second.table !== first.table || second.name === first.name) continue;
      const junctionColumns = [...first.columns, ...second.columns];
      if (!junctionColumns.every((column) => junction.primaryKey.includes(column))) continue;
      found.push({
        table: first.refTable,
        foreignTable: second.refTable,
        isSelf: first.refTable === second.refTable,
        cardinality: 'many-to-many',
        constraint: '',
        columns: [],
        junction: {
          table: junction.name,
          constraint1: first.name,
          constraint2: second.name,
          sourceColumns: pairs(first.refColumns, first.columns),
          targetColumns: pairs(second.refColumns, second.columns),
        },
      });
    }
  }
  return found;
}

const cache = new WeakMap<Schema['foreignKeys'], Relationship[]>();

/** Every relationship of the schema (computed once per catalog snapshot). */
export function allRelationships(schema: Schema): Relationship[] {
  const cached = cache.get(schema.foreignKeys);
  if (cached) return cached;
  const all = [...schema.foreignKeys.flatMap((fk) => directRelationships(schema, fk)), ...manyToMany(schema)];
  cache.set(schema.foreignKeys, all);
  return all;
}

const singleOrigin = (rel: Relationship): string | null =>
  rel.junction === null && rel.columns.length === 1 ? (rel.columns[0]?.[0] ?? null) : null;
const singleForeign = (rel: Relationship): string | null =>
  rel.junction === null && rel.columns.length === 1 ? (rel.columns[0]?.[1] ?? null) : null;

function matches(schema: Schema, rel: Relationship, target: string, hint: string | null): boolean {
  const foreignIsView = schema.tables.get(rel.foreignTable)?.kind === 'view';
  if (rel.isSelf) {
    // One foreign key, two relationships: the table's name means the one-to-many (children), the key
    // column's name the many-to-one (parent); a hint names the children's key column.
    if (hint === null)
      return (
        (target === rel.foreignTable && rel.cardinality === 'one-to-many') ||
        (singleOrigin(rel) === target && rel.cardinality === 'many-to-one')
      );
    return target === rel.foreignTable && rel.cardinality === 'one-to-many' && singleForeign(rel) === hint;
  }
  if (hint === null)
    return (
      target === rel.foreignTable ||
      (rel.junction === null && rel.constraint === target && !foreignIsView) ||
      (singleOrigin(rel) === target && !foreignIsView)
    );
  return (
    target === rel.foreignTable &&
    ((rel.junction === null && rel.constraint === hint) ||
      singleOrigin(rel) === hint ||
      singleForeign(rel) === hint ||
      rel.junction?.table === hint)
  );
}

const list = (columns: string[]): string => `(${columns.join(', ')})`;

function describe(rel: Relationship): Record<string, string> {
  const relationship = rel.junction
    ? `${rel.junction.table} using ${rel.junction.constraint1}${list(rel.junction.sourceColumns.map(([, j]) => j))} and ${rel.junction.constraint2}${list(rel.junction.targetColumns.map(([, j]) => j))}`
    : `${rel.constraint} using ${rel.table}${list(rel.columns.map(([o]) => o))} and ${rel.foreignTable}${list(rel.columns.map(([, f]) => f))}`;
  return { cardinality: rel.cardinality, embedding: `${rel.table} with ${rel.foreignTable}`, relationship };
}

/** findRel: the one relationship `origin?select=target!hint(…)` means, or PostgREST's PGRST200 / PGRST201. */
export function findRelationship(
  schema: Schema,
  origin: string,
  target: string,
  hint: string | null,
): Relationship {
  const found = allRelationships(schema).filter(
    (rel) => rel.table === origin && matches(schema, rel, target, hint),
  );
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${hint === null ? '' : `' using the hint '${hint}`}' in the schema 'public', but no matches were found.`,
    );
  }
  const hints = found
    .map((rel) => `'${rel.foreignTable}!${rel.junction ? rel.junction.table : rel.constraint}'`)
    .join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    found.map(describe),
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
}
