import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  CamelCasePlugin,
  type Compilable,
  Kysely,
  PostgresDialect,
  type QueryId,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';

import { addressOf, causeOf } from '../lib/reach.ts';
import './pg-types.ts';
import type { Database } from './schema.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle<DB = Database> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The connection pool of a PostgreSQL database (shared with stores that speak SQL). */
  pool?: pg.Pool;
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  destroy(): Promise<void>;
}

/** `sqlite:` followed by a file path (or `:memory:`), or a `postgres://` / `postgresql://` URL. */
export function dialectOf(url: string): Dialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error(`Unsupported database URL "${url}": use sqlite:<path> or postgres://…`);
}

// BIGINT and NUMERIC come back as numbers (./pg-types.ts).

/** The SQLite connection under each Kysely instance `createDatabase` opened on SQLite. */
const sqliteConnections = new WeakMap<object, SQLite.Database>();

/**
 * The SQLite connection under `db` (one that `createDatabase` opened), for the few readers of
 * millions of rows that use the driver's own modes (plain arrays, single values) rather than one
 * object per row; undefined on PostgreSQL.
 */
export function sqliteConnectionOf(db: object): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/** The connection pool under each Kysely instance `createDatabase` opened on PostgreSQL. */
const postgresPools = new WeakMap<object, pg.Pool>();
/** PostgreSQL connections of a pool that idleness does not close (see `createDatabase`). */
const KEPT_CONNECTIONS = 3;

/**
 * The PostgreSQL pool under `db` (one that `createDatabase` opened), for the few statements run as
 * named prepared statements (`executePrepared`); undefined on SQLite and for a Kysely instance
 * derived from it (a transaction, a plugin added).
 */
export function postgresPoolOf(db: object): pg.Pool | undefined {
  return postgresPools.get(db);
}

const camelCase = new CamelCasePlugin();

/**
 * The rows of `query`, a statement of fixed text run often, as `query.execute()` gives them; on
 * PostgreSQL (a Kysely instance `createDatabase` opened, outside a transaction) as a named prepared
 * statement, which each connection of the pool parses and plans once and then reuses (the server
 * plans it with the parameters' values for its first five runs, then keeps a generic plan when
 * that is no dearer). `name` must belong to that one SQL text. SQLite reuses every statement
 * already (./statement-cache.ts).
 */
export async function executePrepared<R>(
  db: object,
  name: string,
  query: Compilable<R> & { execute(): Promise<R[]> },
): Promise<R[]> {
  const pool = postgresPoolOf(db);
  if (!pool) return query.execute();
  const compiled = query.compile();
  const { rows } = await pool.query({
    name,
    text: compiled.sql,
    values: [...compiled.parameters],
  });
  // The plugin `createDatabase` adds, as Kysely applies it to every result.
  const result = await camelCase.transformResult({
    queryId: compiled.queryId as QueryId,
    result: { rows },
  });
  return result.rows as R[];
}

/**
 * Opens the database named by `url`.
 * @example const { db } = createDatabase('sqlite:./data/laurel.db');
 */
export function createDatabase<DB = Database>(
  url: string,
  options: { onIdleError?: (error: Error) => void } = {},
): DatabaseHandle<DB> {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    // 16 MiB of page cache (the default is 2 MiB): the indexes of large lists and searches stay in
    // memory, while the server's resident memory stays bounded during large uploads.
    database.pragma('cache_size = -16384');
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      plugins: [new CamelCasePlugin(), new SqliteBooleanPlugin()],
    });
    sqliteConnections.set(db, database);
    return {
      db,
      dialect,
      ping: async () => {
        try {
          database.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      destroy: () => db.destroy(),
    };
  }
  // A few connections stay open however long they are idle: by default the pool closed every
  // connection after 10 s without a query, so on a quiet server the next request waited for a new
  // connection (TCP, authentication, and each prepared statement parsed and planned again): the
  // bookmarks list took 33 ms instead of 12–17 ms after 11 s of quiet. Three cover a list's count,
  // page and lookups running side by side; connections opened for a burst beyond them still close
  // after 10 s idle.
  const pool = new pg.Pool({ connectionString: url, max: 10, min: KEPT_CONNECTIONS });
  // An idle connection can be closed by the server (restart, failover, an administrator). The pool
  // drops that connection and opens a new one on the next query; without a listener the 'error'
  // event would end the process instead.
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  postgresPools.set(db, pool);
  return {
    db,
    dialect,
    pool,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    destroy: () => db.destroy(),
  };
}

/** The PostgreSQL advisory lock that instances starting together on one database take in turn. */
const START_LOCK_KEY = 2_026_112_401;

/**
 * Runs `task` while holding a lock no other instance of Laurel on this database holds, so that
 * instances starting together on one empty database seed it once (the second finds it seeded).
 * On SQLite, one process owns the file, and the task runs directly.
 */
export async function withStartLock<T>(
  handle: Pick<DatabaseHandle<unknown>, 'pool'>,
  task: () => Promise<T>,
): Promise<T> {
  if (!handle.pool) return task();
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await task();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The database cannot be used: its message names DATABASE_URL, the address and the cause. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
  readonly address: string;
  readonly reason: string;
  constructor(what: string, address: string, reason: string) {
    super(`DATABASE_URL: cannot reach ${what} at ${address} (${reason})`);
    this.address = address;
    this.reason = reason;
  }
}

/**
 * Connects once to the database of `url` and asks it a trivial question, within 10 seconds.
 * Throws a DatabaseUnreachableError naming DATABASE_URL, its address (without the password) and
 * the cause, so that a start without a database stops with one clear line.
 * @example await checkDatabaseReachable(process.env.DATABASE_URL!);
 */
export async function checkDatabaseReachable(url: string): Promise<void> {
  if (dialectOf(url) === 'sqlite') return;
  const address = addressOf(url, 5432);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new DatabaseUnreachableError('PostgreSQL', address, causeOf(error, 10));
  } finally {
    await client.end().catch(() => undefined);
  }
}
