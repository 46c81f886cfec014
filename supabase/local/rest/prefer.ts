import type { IncomingMessage } from 'node:http';
import { headerList } from '../http/util.ts';
import { RestError, notSupportedLocally } from './errors.ts';

/**
 * The `Prefer` header as PostgREST reads it (docs/postgrest-parity.md, "Prefer"): every header
 * value split on commas; per preference the first recognised value wins; anything else is an invalid
 * preference, ignored unless `handling=strict` asks for a 400 PGRST122.
 *
 * `tx=commit|rollback` is recognised but not applied: PostgREST honours it only when `db-tx-end` allows an
 * override, and neither hosted Supabase nor the Supabase CLI sets `db-tx-end` (default `commit`). So, as on
 * hosted Supabase, `Prefer: tx=rollback` commits and is not listed in Preference-Applied.
 */
export type Prefs = {
  representation: 'full' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge' | 'ignore' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  timezone: string | null;
  maxAffected: number | null;
  invalid: string[];
};

const RESOLUTION = {
  'resolution=merge-duplicates': 'merge',
  'resolution=ignore-duplicates': 'ignore',
} as const;
const REPRESENTATION = {
  'return=representation': 'full',
  'return=minimal': 'minimal',
  'return=headers-only': 'headers-only',
} as const;
const COUNT = { 'count=exact': 'exact', 'count=planned': 'planned', 'count=estimated': 'estimated' } as const;
const TX = { 'tx=commit': 'commit', 'tx=rollback': 'rollback' } as const;
const MISSING = { 'missing=default': 'default', 'missing=null': 'null' } as const;
const HANDLING = { 'handling=strict': 'strict', 'handling=lenient': 'lenient' } as const;

/** The first item that is one of `choices`' keys, as its value. */
function firstOf<T extends string>(items: string[], choices: Readonly<Record<string, T>>): T | null {
  for (const item of items) if (Object.hasOwn(choices, item)) return choices[item] ?? null;
  return null;
}

const ACCEPTED = new Set(
  [RESOLUTION, REPRESENTATION, COUNT, TX, MISSING, HANDLING].flatMap((choices) => Object.keys(choices)),
);

export function parsePrefer(req: IncomingMessage): Prefs {
  const items = headerList(req, 'prefer').map((item) => item.trim());
  const prefixed = (prefix: string): string | null => {
    const found = items.find((item) => item.startsWith(prefix));
    return found === undefined ? null : found.slice(prefix.length);
  };
  const maxAffectedText = prefixed('max-affected=');
  // PostgREST reads it as an Int64 (`readMaybe`); anything else is as if absent.
  const maxAffected =
    maxAffectedText !== null && /^-?\d{1,18}$/.test(maxAffectedText) ? Number(maxAffectedText) : null;
  return {
    representation: firstOf(items, REPRESENTATION),
    count: firstOf(items, COUNT),
    resolution: firstOf(items, RESOLUTION),
    missing: firstOf(items, MISSING),
    handling: firstOf(items, HANDLING),
    timezone: prefixed('timezone='),
    maxAffected,
    invalid: items.filter(
      (item) => !ACCEPTED.has(item) && !item.startsWith('timezone=') && !item.startsWith('max-affected='),
    ),
  };
}

export type PreferContext = 'read' | 'insert' | 'update' | 'delete' | 'rpc';

/**
 * Refuses what PostgREST refuses (invalid preferences under handling=strict: 400 PGRST122) and what the local
 * stack cannot do as PostgREST does (`return=headers-only`, which answers with a Location header built from
 * the primary key: 501).
 */
export function checkPrefs(prefs: Prefs, context: PreferContext): void {
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  if (prefs.representation === 'headers-only' && context === 'insert')
    throw notSupportedLocally('Prefer: return=headers-only (the Location header of an insert)');
}

/** Whether max-affected applies: PostgREST enforces it only with handling=strict. */
export function maxAffectedLimit(prefs: Prefs): number | null {
  return prefs.handling === 'strict' ? prefs.maxAffected : null;
}

/** 400 PGRST124, as PostgREST answers a change of more rows than `max-affected` (the change is rolled back). */
export function maxAffectedError(affected: number): RestError {
  return new RestError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${affected} rows`,
  );
}

/**
 * Preference-Applied as PostgREST builds it (docs/postgrest-parity.md):
 * resolution only on inserts into a table with a key or an on_conflict; missing on inserts and updates;
 * return on writes; count, handling and timezone always; max-affected on updates, deletes and calls, only with
 * handling=strict. Never tx (not applied, see above).
 */
export function appliedPrefs(prefs: Prefs, context: PreferContext, hasConflictTarget: boolean): string[] {
  const applied: string[] = [];
  const write = context === 'insert' || context === 'update' || context === 'delete';
  if (prefs.resolution && context === 'insert' && hasConflictTarget)
    applied.push(
      prefs.resolution === 'merge' ? 'resolution=merge-duplicates' : 'resolution=ignore-duplicates',
    );
  if (prefs.missing && (context === 'insert' || context === 'update'))
    applied.push(`missing=${prefs.missing}`);
  if (prefs.representation && write)
    applied.push(
      prefs.representation === 'full'
        ? 'return=representation'
        : prefs.representation === 'minimal'
          ? 'return=minimal'
          : 'return=headers-only',
    );
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (prefs.timezone !== null) applied.push(`timezone=${prefs.timezone}`);
  if (
    prefs.handling === 'strict' &&
    prefs.maxAffected !== null &&
    (context === 'update' || context === 'delete' || context === 'rpc')
  )
    applied.push(`max-affected=${prefs.maxAffected}`);
  return applied;
}
