// The database API the local stack and the database tests use: the part of PGlite's API they need
// (`query`, `exec`, `transaction`, `close`), so the same code runs on PGlite (in this process) and on a real
// PostgreSQL server (`PostgresDatabase`, over node-postgres). A PGlite instance satisfies it as it is.
import pg from 'pg';

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE/MERGE/COPY, as PGlite counts them. */
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Results<T>>;
  /** One or more statements without parameters (the simple query protocol). */
  exec(sql: string): Promise<Results[]>;
}

export interface Transaction extends Queryable {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface Database extends Queryable {
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
  /**
   * Where API requests run (db/db.ts withRequestContext) when not on this connection: a connection as
   * `authenticator`, as PostgREST's. Absent on PGlite, whose one session switches to authenticator itself.
   */
  readonly requestDatabase?: Database;
}

// PGlite's parsers where node-postgres differs: int8 becomes a number when it is safe (else a bigint), not
// a string, so results compare the same on both engines.
const INT8 = 20;
const INT8_ARRAY = 1016;
function parseInt8(text: string): number | bigint {
  const value = BigInt(text);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}
const parseInt8Array = pg.types.getTypeParser(INT8_ARRAY as never, 'text') as (text: string) => string[];
// name[] (e.g. array_agg of role names) is parsed like text[], as PGlite parses every array type.
const NAME_ARRAY = 1003;
const TEXT_ARRAY = 1009;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (text: string) => unknown {
    if (oid === INT8) return parseInt8;
    if (oid === NAME_ARRAY)
      return pg.types.getTypeParser(TEXT_ARRAY as never, 'text') as (text: string) => unknown;
    if (oid === INT8_ARRAY)
      return (text) => parseInt8Array(text).map((v) => (v === null ? null : parseInt8(v)));
    return pg.types.getTypeParser(oid as never, format as 'text') as (text: string) => unknown;
  },
};

type PgResult = pg.QueryResult<Record<string, unknown>>;

function toResults<T>(result: PgResult): Results<T> {
  const counted = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(result.command);
  return {
    rows: result.rows as T[],
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    ...(counted ? { affectedRows: result.rowCount ?? 0 } : {}),
  };
}

/**
 * One connection to a real PostgreSQL database with PGlite's semantics: statements and transactions run one
 * at a time (a transaction holds the connection until it ends), errors carry the SQLSTATE in `code`.
 */
export class PostgresDatabase implements Database {
  readonly #client: pg.Client;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  requestDatabase?: Database;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  /**
   * `requestUrl`: where API requests run (as authenticator): one more connection, or with `requestPool` a
   * pool of that many connections (PostgresPool), so requests run concurrently.
   */
  static async connect(
    url: string,
    options: { requestUrl?: string; requestPool?: number } = {},
  ): Promise<PostgresDatabase> {
    const client = new pg.Client({ connectionString: url, types: typeParsers });
    await client.connect();
    const db = new PostgresDatabase(client);
    if (options.requestUrl !== undefined) {
      try {
        db.requestDatabase =
          options.requestPool === undefined
            ? await PostgresDatabase.connect(options.requestUrl)
            : new PostgresPool(options.requestUrl, options.requestPool);
      } catch (error) {
        await client.end();
        throw error;
      }
    }
    // A server-side error on an idle connection (e.g. the server stopping) must not crash the process.
    client.on('error', () => {
      db.#closed = true;
    });
    return db;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(sql, params));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exclusive(() => this.#exec(sql));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive(() => runTransaction(this.#client, fn));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue.catch(() => undefined);
    await this.#client.end();
    await this.requestDatabase?.close();
  }

  #query<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    return clientQuery<T>(this.#client, sql, params);
  }

  #exec(sql: string): Promise<Results[]> {
    return clientExec(this.#client, sql);
  }

  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PostgresDatabase is closed'));
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

/**
 * A pool of connections (node-postgres's Pool) with the same API: each statement or transaction takes a
 * connection of its own, so requests run concurrently, as PostgREST's pool runs them. For the local stack's
 * API requests on a real server (as authenticator).
 */
export class PostgresPool implements Database {
  readonly #pool: pg.Pool;
  #closed = false;

  constructor(url: string, max = 10) {
    this.#pool = new pg.Pool({ connectionString: url, types: typeParsers, max });
    // An idle client's error (e.g. the server stopping) must not crash the process; the pool replaces it.
    this.#pool.on('error', () => undefined);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    return this.#with((client) => clientQuery<T>(client, sql, params));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#with((client) => clientExec(client, sql));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#with((client, markBroken) => runTransaction(client, fn, markBroken));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  async #with<T>(fn: (client: pg.PoolClient, markBroken: () => void) => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('PostgresPool is closed');
    const client = await this.#pool.connect();
    // A connection whose transaction could not be ended is destroyed, not given back to the pool.
    let broken = false;
    try {
      return await fn(client, () => {
        broken = true;
      });
    } finally {
      client.release(broken ? new Error('transaction not ended') : undefined);
    }
  }
}

async function clientQuery<T>(client: pg.ClientBase, sql: string, params: unknown[]): Promise<Results<T>> {
  return toResults<T>((await client.query(sql, params)) as PgResult);
}

async function clientExec(client: pg.ClientBase, sql: string): Promise<Results[]> {
  const result = (await client.query(sql)) as PgResult | PgResult[];
  return (Array.isArray(result) ? result : [result]).map((r) => toResults(r));
}

/** PGlite's transaction semantics on one connection: commit unless rolled back or `fn` throws. */
async function runTransaction<T>(
  client: pg.ClientBase,
  fn: (tx: Transaction) => Promise<T>,
  markBroken: () => void = () => undefined,
): Promise<T> {
  await client.query('begin');
  let ended = false;
  const open = (): void => {
    if (ended) throw new Error('Transaction is closed');
  };
  const tx: Transaction = {
    query: <R>(sql: string, params: unknown[] = []) => {
      open();
      return clientQuery<R>(client, sql, params);
    },
    exec: (sql: string) => {
      open();
      return clientExec(client, sql);
    },
    rollback: async () => {
      open();
      await client.query('rollback');
      ended = true;
    },
    get closed() {
      return ended;
    },
  };
  try {
    const result = await fn(tx);
    if (!ended) {
      ended = true;
      const commit = (await client.query('commit')) as PgResult;
      // COMMIT of a failed transaction answers ROLLBACK without an error, as PGlite reports it.
      if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back');
    }
    return result;
  } catch (error) {
    if (!ended) {
      ended = true;
      await client.query('rollback').catch(markBroken);
    }
    throw error;
  }
}
