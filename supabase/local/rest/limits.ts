import type { Database } from '../db/engine.ts';
import type { ApiRole } from '../http/api-role.ts';

/**
 * Bounds on the work one REST request may cause. PGlite runs Postgres single-threaded inside this process
 * and has no signals, so Postgres's own `statement_timeout` never fires here (measured: `pg_sleep(2)` and a
 * 30 s `generate_series` both ran to the end under `statement_timeout = 200ms`), and every other request
 * waits while one query runs. So the REST layer bounds a request before it runs (embed depth and count,
 * logic-tree depth, `max_rows`) and meters the one shape whose cost multiplies, embedded rows, against a
 * statement timeout per role (hosted Supabase: anon 3 s, authenticated 8 s), raising 57014 as Postgres would.
 */
export type RestLimits = {
  /** Embedded resources nested deeper than this are refused (400) before anything runs. */
  maxEmbedDepth: number;
  /** At most this many embedded resources in one select list, at any depth. */
  maxEmbeds: number;
  /** Per role: embedded rows stop being produced (57014) once a statement has run this long. */
  statementTimeoutMs: Record<ApiRole, number>;
};

export type RestLimitOptions = Partial<Omit<RestLimits, 'statementTimeoutMs'>> & {
  statementTimeoutMs?: Partial<Record<ApiRole, number>>;
};

export const DEFAULT_REST_LIMITS: RestLimits = Object.freeze({
  maxEmbedDepth: 3,
  maxEmbeds: 12,
  statementTimeoutMs: Object.freeze({ anon: 3_000, authenticated: 8_000, service_role: 8_000 }),
});

/** `or=(and(or(…)))` nests no deeper than this. */
export const MAX_LOGIC_DEPTH = 16;

export function restLimits(options: RestLimitOptions = {}): RestLimits {
  return {
    maxEmbedDepth: options.maxEmbedDepth ?? DEFAULT_REST_LIMITS.maxEmbedDepth,
    maxEmbeds: options.maxEmbeds ?? DEFAULT_REST_LIMITS.maxEmbeds,
    statementTimeoutMs: { ...DEFAULT_REST_LIMITS.statementTimeoutMs, ...(options.statementTimeoutMs ?? {}) },
  };
}

/**
 * The meter embedded rows pass through: true while the current statement is younger than `ms`, else the
 * error Postgres raises on a statement timeout. Volatile, so it is evaluated for every row it guards. In a
 * schema of the local stack's own, which the REST API does not expose.
 */
const RUNTIME_SQL = `
create schema if not exists _local;
create or replace function _local.check_statement_timeout(ms integer) returns boolean
language plpgsql volatile set search_path = '' as $$
begin
  if clock_timestamp() - statement_timestamp() > ms * interval '1 millisecond' then
    raise exception using errcode = '57014', message = 'canceling statement due to statement timeout';
  end if;
  return true;
end
$$;
revoke all on function _local.check_statement_timeout(integer) from public;
grant usage on schema _local to anon, authenticated, service_role;
grant execute on function _local.check_statement_timeout(integer) to anon, authenticated, service_role;
`;

/** Installs (or refreshes) the meter; idempotent, run at every start. */
export async function installRestLimits(db: Database): Promise<void> {
  await db.exec(RUNTIME_SQL);
}
