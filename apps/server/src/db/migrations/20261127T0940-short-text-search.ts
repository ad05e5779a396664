import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Searches of one or two characters ("ch", "lc") are served by an index instead of a scan.
//
// SQLite: the FTS5 trigram tables of 20261121T1500 are rebuilt with two sentinel characters
// (U+0001) after each text, so that every character of a text starts a trigram: a text contains a
// one- or two-character string exactly when one of its trigrams starts with it. An fts5vocab table
// over each search table lists its trigrams, so that those starting with the string are found by a
// range of terms, and the rows holding any of them through the search table.
// PostgreSQL: GIN indexes on the set of two-character substrings of the same lower-cased
// expressions the trigram indexes cover (`search_bigrams`); a row contains a two-character string
// exactly when that set holds it. pg_trgm cannot serve patterns shorter than three characters.
// `<table>_with_bigram(text)` returns the ids of a table's rows holding a two-character string. It
// reads the indexes with sequential scans disabled: `search_bigrams` takes some tens of
// microseconds a call, and when most rows match the planner would rather call it on every row
// (its cost model charges the same call for each row a bitmap scan fetches), which takes seconds.

const SENTINELS = 'char(1, 1)';

const SQLITE_SEARCH: Array<{ table: string; columns: Record<string, string> }> = [
  { table: 'organizations', columns: { name: 'new.name' } },
  {
    table: 'users',
    columns: { full_name: "new.first_name || ' ' || new.last_name", email: 'new.email' },
  },
  { table: 'credentials', columns: { name: 'new.name', code: 'new.code' } },
  { table: 'contracts', columns: { name: 'new.name', number: 'new.number' } },
];

const PG_INDEXES: Array<[string, string, string]> = [
  ['organizations_name_bigrams', 'organizations', 'lower(name)'],
  ['users_full_name_bigrams', 'users', "lower(first_name || ' ' || last_name)"],
  ['users_email_bigrams', 'users', 'lower(email)'],
  ['credentials_name_bigrams', 'credentials', 'lower(name)'],
  ['credentials_code_bigrams', 'credentials', 'lower(code)'],
  ['contracts_name_bigrams', 'contracts', 'lower(name)'],
  ['contracts_number_bigrams', 'contracts', 'lower(number)'],
];

const PG_TABLES = ['organizations', 'users', 'credentials', 'contracts'];

/** Replaces the search table of `table` and its triggers, indexing `value(expression)`. */
async function rebuildSqliteSearch(
  db: Kysely<any>,
  table: string,
  columns: Record<string, string>,
  value: (expression: string) => string,
): Promise<void> {
  const search = `${table}_search`;
  const names = Object.keys(columns);
  const values = Object.values(columns).map(value);
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists ${table}_search_${event}`).execute(db);
  await sql.raw(`drop table if exists ${search}`).execute(db);
  await sql
    .raw(`create virtual table ${search} using fts5(${names.join(', ')}, tokenize = 'trigram')`)
    .execute(db);
  await sql
    .raw(
      `insert into ${search} (rowid, ${names.join(', ')}) select id, ${values.map((v) => v.replaceAll('new.', '')).join(', ')} from ${table}`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_search_insert after insert on ${table} begin insert into ${search} (rowid, ${names.join(', ')}) values (new.id, ${values.join(', ')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_search_update after update on ${table} begin delete from ${search} where rowid = old.id; insert into ${search} (rowid, ${names.join(', ')}) values (new.id, ${values.join(', ')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_search_delete after delete on ${table} begin delete from ${search} where rowid = old.id; end`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function search_bigrams(t text) returns text[]
      language sql immutable strict parallel safe
      as $$
        select coalesce(array_agg(distinct substr(t, i, 2)), '{}')
        from generate_series(1, length(t) - 1) as i
      $$`.execute(db);
    for (const [name, table, expression] of PG_INDEXES)
      await sql
        .raw(`create index ${name} on ${table} using gin (search_bigrams(${expression}))`)
        .execute(db);
    for (const table of PG_TABLES) {
      const conditions = PG_INDEXES.filter(([, t]) => t === table).map(
        ([, , expression]) => `search_bigrams(${expression}) @> array[bigram]`,
      );
      await sql
        .raw(
          `create function ${table}_with_bigram(bigram text) returns setof bigint
           language sql stable strict set enable_seqscan = off
           as $$ select id from ${table} where ${conditions.join(' or ')} $$`,
        )
        .execute(db);
    }
    return;
  }
  for (const { table, columns } of SQLITE_SEARCH) {
    await rebuildSqliteSearch(db, table, columns, (e) => `(${e}) || ${SENTINELS}`);
    await sql
      .raw(`create virtual table ${table}_search_terms using fts5vocab(${table}_search, 'row')`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of PG_TABLES)
      await sql.raw(`drop function if exists ${table}_with_bigram(text)`).execute(db);
    for (const [name] of PG_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql`drop function if exists search_bigrams(text)`.execute(db);
    return;
  }
  for (const { table, columns } of SQLITE_SEARCH) {
    await sql.raw(`drop table if exists ${table}_search_terms`).execute(db);
    await rebuildSqliteSearch(db, table, columns, (e) => e);
  }
}
