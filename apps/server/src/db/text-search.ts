import { type Expression, PostgresAdapter, type SqlBool, sql } from 'kysely';

/** Tables with a substring search, and the text expressions it looks in. */
const SEARCHED = {
  organizations: ['lower(name)'],
  users: ["lower(first_name || ' ' || last_name)", 'lower(email)'],
  credentials: ['lower(name)', 'lower(code)'],
  contracts: ['lower(name)', 'lower(number)'],
} as const;
export type SearchedTable = keyof typeof SEARCHED;

/** Trigram indexes need at least three characters; shorter text is matched by a scan. */
const MIN_INDEXED_LENGTH = 3;

/** Whether a search for `text` is served by a text index (else it scans). */
export function isIndexedSearch(text: string | undefined): boolean {
  return (text?.trim().length ?? 0) >= MIN_INDEXED_LENGTH;
}

/** Lower-cased text with LIKE's wildcards escaped (use with `escape '\\'`). */
const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text%` for LIKE, with the wildcards of the text itself escaped. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/**
 * A condition true for rows of `table` (under `alias`) whose searched texts contain `text`,
 * case-insensitively; served by FTS5 trigram tables on SQLite and pg_trgm indexes on PostgreSQL.
 * @example db.selectFrom('users as u').where(containsText(db, 'users', 'u', 'chen'))
 */
export function containsText(
  db: { getExecutor(): { adapter: unknown } },
  table: SearchedTable,
  alias: string,
  text: string,
): Expression<SqlBool> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const trimmed = text.trim();
  if (!isPostgres && trimmed.length >= MIN_INDEXED_LENGTH) {
    const phrase = `"${trimmed.replaceAll('"', '""')}"`;
    const search = sql.table(`${table}_search`);
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${search} where ${search} match ${phrase})`;
  }
  const pattern = likePattern(trimmed);
  const conditions = SEARCHED[table].map(
    (expression) =>
      sql<SqlBool>`${sql.raw(expression.replace(/\b(name|first_name|last_name|email|code|number)\b/g, `${alias}.$1`))} like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}
