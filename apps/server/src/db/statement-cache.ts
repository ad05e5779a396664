import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts whose prepared statements are kept (the first prepared go first). */
const DEFAULT_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it, with each SQL text prepared once and its
 * statement reused (Kysely prepares every query it runs; preparing costs more than running most
 * of Laurel's queries). A statement still being iterated (a streamed list) is never handed out
 * again: the query gets a statement of its own.
 */
export function withStatementCache(database: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached as unknown as SqliteStatement;
      const statement = database.prepare(sql);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}
