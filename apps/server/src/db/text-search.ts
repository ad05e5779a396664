import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';

import type { Database } from './schema.ts';

/** Tables with a substring search, and the text expressions it looks in. */
const SEARCHED = {
  organizations: ['lower(name)'],
  users: ["lower(first_name || ' ' || last_name)", 'lower(email)'],
  credentials: ['lower(name)', 'lower(code)'],
  contracts: ['lower(name)', 'lower(number)'],
  awards: ["lower(first_name || ' ' || last_name)", 'lower(email)', 'lower(external_id)'],
} as const;
export type SearchedTable = keyof typeof SEARCHED;

/**
 * PostgreSQL: tables whose searched texts are also kept as one stored column, lower-cased and
 * joined by a line feed, with one trigram index (migrations 20261130T1000 and, for awards,
 * 20261202T1000): a search there is one
 * LIKE on it, unless the text itself holds a line feed (which could match across two texts).
 */
const COMBINED = new Set<SearchedTable>(['users', 'credentials', 'contracts', 'awards']);
const COMBINED_COLUMN = 'search_text';
const JOINED_BY = '\n';

/** Trigram phrases need at least three characters; shorter text is found through its first characters. */
const MIN_INDEXED_LENGTH = 3;

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

/** Follows every text in the SQLite search tables (twice), so that each character starts a trigram. */
const SENTINEL = '\u0001';
/** The last code point: every term starting with a text sorts before the text followed by it. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);
/** An FTS5 query no row matches: a phrase and its negation. */
const NOTHING = `"${SENTINEL.repeat(3)}" NOT "${SENTINEL.repeat(3)}"`;

/**
 * A condition true for rows of `table` (under `alias`) whose searched texts contain `text`,
 * case-insensitively. SQLite: FTS5 trigram tables; a text of three characters or more is a phrase
 * of its trigrams, a shorter one matches the rows holding any trigram that starts with it (found in
 * the table's fts5vocab terms by range). PostgreSQL: pg_trgm indexes (on the combined column where
 * the table has one), and for two characters the `search_bigrams` indexes (migration
 * 20261127T0940; on the combined column where the table has one, 20261201T1020). A single
 * character on PostgreSQL, and a text
 * holding the sentinel on SQLite, are matched by a scan.
 * @example db.selectFrom('users as u').where(containsText(db, 'users', 'u', 'chen'))
 */
export function containsText(
  db: { getExecutor(): { adapter: unknown } },
  table: SearchedTable,
  alias: string,
  text: string,
): Expression<SqlBool> {
  const indexed = indexedMatches(db, table, text);
  if (indexed) return sql<SqlBool>`${sql.ref(`${alias}.id`)} in ${indexed}`;
  const trimmed = text.trim();
  const pattern = likePattern(trimmed);
  if (
    COMBINED.has(table) &&
    db.getExecutor().adapter instanceof PostgresAdapter &&
    !trimmed.includes(JOINED_BY)
  )
    return sql<SqlBool>`${sql.ref(`${alias}.${COMBINED_COLUMN}`)} like ${pattern} escape '\\'`;
  const expressions = searchedExpressions(table, alias);
  return sql<SqlBool>`(${sql.join(
    expressions.map((e) => sql<SqlBool>`${e} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * `(select … as id)` of the rows whose texts contain `text`, read from a text index alone where
 * one answers exactly: the FTS5 table on SQLite, `<table>_with_bigram` for two characters on
 * PostgreSQL; undefined where the condition must be checked on each row (pg_trgm's LIKE).
 */
function indexedMatches(
  db: { getExecutor(): { adapter: unknown } },
  table: SearchedTable,
  text: string,
): Expression<unknown> | undefined {
  const trimmed = text.trim();
  const length = Array.from(trimmed).length;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (length !== 2) return undefined;
    return sql`(select ${sql.raw(`${table}_with_bigram`)}(${trimmed.toLowerCase()}) as id)`;
  }
  const query = ftsQuery(table, text);
  if (!query) return undefined;
  const search = sql.table(`${table}_search`);
  return sql`(select rowid as id from ${search} where ${search} match ${query})`;
}

/**
 * SQLite: the FTS5 query (MATCH's right-hand side) of the rows of `table` whose texts contain
 * `text`; undefined for an empty text or one holding the sentinel. Three characters or more are a
 * phrase of their trigrams; one or two, every trigram starting with them (from the fts5vocab terms).
 */
function ftsQuery(table: SearchedTable, text: string): Expression<unknown> | undefined {
  const trimmed = text.trim();
  const length = Array.from(trimmed).length;
  if (length === 0 || trimmed.includes(SENTINEL)) return undefined;
  if (length >= MIN_INDEXED_LENGTH) return sql`${`"${trimmed.replaceAll('"', '""')}"`}`;
  const terms = sql.table(`${table}_search_terms`);
  const start = trimmed.toLowerCase();
  return sql`(
    select coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), ${NOTHING})
    from ${terms} where term >= ${start} and term < ${start + LAST_CHARACTER})`;
}

/**
 * `(select … as id)` of at most `limit` rows of `table` (under `alias`) whose texts contain `text`
 * and that `narrow` keeps: the first found, in no particular order, for a quick look-up such as
 * global search. SQLite walks the FTS5 table's matches and looks each row up by primary key,
 * stopping at `limit`: `id in (match)` first reads every match (for a surname that 40,000 of a
 * million awards hold, 40 ms against 0.3). PostgreSQL: `containsText` with the same limit.
 * @example db.selectFrom('awards as a').where('a.id', 'in', firstMatches(db, 'awards', 'a', 'chen', 200))
 */
export function firstMatches(
  db: { getExecutor(): { adapter: unknown } },
  table: SearchedTable,
  alias: string,
  text: string,
  limit: number,
  narrow?: Expression<SqlBool>,
): Expression<number> {
  const rows = sql`${sql.table(table)} as ${sql.table(alias)}`;
  const id = sql.ref(`${alias}.id`);
  const kept = narrow ? sql` and ${narrow}` : sql``;
  const query =
    db.getExecutor().adapter instanceof PostgresAdapter ? undefined : ftsQuery(table, text);
  if (!query)
    return sql<number>`(select ${id} as id from ${rows} where ${containsText(db, table, alias, text)}${kept} limit ${limit})`;
  const search = sql.table(`${table}_search`);
  // CROSS JOIN keeps the text index as the outer loop.
  return sql<number>`(select ${id} as id from ${search} cross join ${rows} on ${id} = ${search}.rowid
    where ${search} match ${query}${kept} limit ${limit})`;
}

/** The searched expressions of `table`, with their columns read under `alias`. */
function searchedExpressions(table: SearchedTable, alias: string) {
  return SEARCHED[table].map((expression) =>
    sql.raw(
      expression.replace(
        /\b(name|first_name|last_name|email|code|number|external_id)\b/g,
        `${alias}.$1`,
      ),
    ),
  );
}

/**
 * PostgreSQL, two characters: the `search_bigrams` indexes' own condition on `alias`. A bitmap scan
 * of those indexes answers it without calling `search_bigrams` (GIN's array containment needs no
 * recheck); a sequential scan would call it on every row, so a statement holding it must be run
 * with sequential scans disabled (`TextFilter.indexScansOnly`).
 */
function bigramCondition(table: SearchedTable, alias: string, text: string): Expression<SqlBool> {
  const bigram = sql`array[${text.trim().toLowerCase()}::text]`;
  // One index on the combined column (migration 20261201T1020): a trimmed two-character search
  // holds no line feed, so no bigram spanning two of its texts matches it.
  if (COMBINED.has(table))
    return sql<SqlBool>`search_bigrams(${sql.ref(`${alias}.${COMBINED_COLUMN}`)}) @> ${bigram}`;
  return sql<SqlBool>`(${sql.join(
    searchedExpressions(table, alias).map((e) => sql<SqlBool>`search_bigrams(${e}) @> ${bigram}`),
    sql` or `,
  )})`;
}

/**
 * A list's text search (see `TextFilter` in paging.ts): the condition on `alias`, and the ids of
 * every row of `table` it matches, as one query on that table alone, so that a statement can take
 * the first of them in the text index's own order and stop (SQLite: the FTS5 table, which holds one
 * row for each row of its table, kept so by triggers, in rowid order; PostgreSQL: the trigram or,
 * for two characters, the bigram indexes' condition, read in the table's storage order).
 * @example textFilter(db, 'users', 'u', 'chen')
 */
export function textFilter(
  db: Kysely<Database>,
  table: SearchedTable,
  alias: string,
  text: string,
): {
  condition: Expression<SqlBool>;
  indexScansOnly: boolean;
  ids: Expression<unknown>;
} {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigrams = postgres && Array.from(text.trim()).length === 2;
  const inner = 'text_match';
  const ids = postgres
    ? sql`(select ${sql.ref(`${inner}.id`)} as id from ${sql.table(table)} as ${sql.table(inner)} where ${
        bigrams ? bigramCondition(table, inner, text) : containsText(db, table, inner, text)
      })`
    : (indexedMatches(db, table, text) ??
      sql`(select ${sql.ref(`${inner}.id`)} as id from ${sql.table(table)} as ${sql.table(inner)} where ${containsText(db, table, inner, text)})`);
  return {
    condition: bigrams ? bigramCondition(table, alias, text) : containsText(db, table, alias, text),
    indexScansOnly: bigrams,
    ids,
  };
}

/** A query answering one row with a count. */
export interface CountQuery {
  executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }>;
}
