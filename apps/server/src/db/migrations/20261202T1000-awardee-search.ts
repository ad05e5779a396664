import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Global search finds awardees (the people holding awards) by name, e-mail address and external
// id, through an index as it finds people, credentials and contracts (20261121T1500,
// 20261127T0940, 20261130T1000, 20261201T1020):
// SQLite: an FTS5 trigram table of the three texts, each followed by two sentinels (U+0001) so
// that one or two characters are found through the `fts5vocab` table of its terms; triggers keep
// it in step. The update trigger fires only when a searched column is written: matching writes
// the match status of every award, which must not rewrite the text index.
// PostgreSQL: the texts as one stored, lower-cased column (joined by line feeds, which no search
// holds), a trigram GIN index on it, a GIN index of its two-character substrings
// (`search_bigrams`) and `awards_with_bigram(text)`, which reads that index alone.

const SENTINELS = 'char(1, 1)';
const COLUMNS: Record<string, string> = {
  full_name: "new.first_name || ' ' || new.last_name",
  email: 'new.email',
  external_id: 'new.external_id',
};

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      alter table awards add column search_text text generated always as (
        lower(first_name || ' ' || last_name || E'\n' || coalesce(email, '') || E'\n' || external_id)
      ) stored`.execute(db);
    await sql`create index awards_search_text_trgm on awards using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index awards_search_text_bigrams on awards using gin (search_bigrams(search_text))`.execute(
      db,
    );
    await sql`
      create function awards_with_bigram(bigram text) returns setof bigint
      language sql stable strict set enable_seqscan = off
      as $$ select id from awards where search_bigrams(search_text) @> array[bigram] $$`.execute(
      db,
    );
    await sql`analyze awards`.execute(db);
    return;
  }
  const names = Object.keys(COLUMNS);
  const values = Object.values(COLUMNS).map((e) => `(${e}) || ${SENTINELS}`);
  await sql
    .raw(`create virtual table awards_search using fts5(${names.join(', ')}, tokenize = 'trigram')`)
    .execute(db);
  await sql
    .raw(
      `insert into awards_search (rowid, ${names.join(', ')}) select id, ${values.map((v) => v.replaceAll('new.', '')).join(', ')} from awards`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger awards_search_insert after insert on awards begin insert into awards_search (rowid, ${names.join(', ')}) values (new.id, ${values.join(', ')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger awards_search_update after update of first_name, last_name, email, external_id on awards begin delete from awards_search where rowid = old.id; insert into awards_search (rowid, ${names.join(', ')}) values (new.id, ${values.join(', ')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger awards_search_delete after delete on awards begin delete from awards_search where rowid = old.id; end`,
    )
    .execute(db);
  await sql`create virtual table awards_search_terms using fts5vocab(awards_search, 'row')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists awards_with_bigram(text)`.execute(db);
    await sql`drop index if exists awards_search_text_bigrams`.execute(db);
    await sql`drop index if exists awards_search_text_trgm`.execute(db);
    await sql`alter table awards drop column if exists search_text`.execute(db);
    return;
  }
  await sql`drop table if exists awards_search_terms`.execute(db);
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists awards_search_${event}`).execute(db);
  await sql`drop table if exists awards_search`.execute(db);
}
