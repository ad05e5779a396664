import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// PostgreSQL: a search in a table with two searched texts (a person's name and e-mail address, a
// credential's name and code, a contract's name and number) was `lower(a) like … or lower(b)
// like …`, served by a trigram index on each. The planner estimates such an OR as if the two
// conditions were independent, from statistics that swing with each ANALYZE's sample (users
// "chen": 4,600 to 29,000 estimated, 9,987 real), and above some estimate it prefers reading the
// table in order and stopping at the search's limit, evaluating both `lower()`s and both LIKEs on
// every row it reads: 10 ms where the indexes take 3. Each of these tables now keeps its searched
// texts as one stored, lower-cased column (`search_text`, the texts joined by a line feed, which
// no search contains) with one trigram index: one condition, whose statistics ANALYZE gathers on
// the column itself, and a scan that evaluates one LIKE on stored text. The two indexes it
// replaces are dropped. SQLite searches through its FTS5 tables and is unchanged.

const COMBINED: Array<{ table: string; texts: string; replaced: Array<[string, string]> }> = [
  {
    table: 'users',
    texts: "first_name || ' ' || last_name || E'\\n' || email",
    replaced: [
      ['users_full_name_trgm', "lower(first_name || ' ' || last_name)"],
      ['users_email_trgm', 'lower(email)'],
    ],
  },
  {
    table: 'credentials',
    texts: "name || E'\\n' || code",
    replaced: [
      ['credentials_name_trgm', 'lower(name)'],
      ['credentials_code_trgm', 'lower(code)'],
    ],
  },
  {
    table: 'contracts',
    texts: "name || E'\\n' || number",
    replaced: [
      ['contracts_name_trgm', 'lower(name)'],
      ['contracts_number_trgm', 'lower(number)'],
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { table, texts, replaced } of COMBINED) {
    await sql
      .raw(
        `alter table ${table} add column search_text text generated always as (lower(${texts})) stored`,
      )
      .execute(db);
    await sql
      .raw(
        `create index ${table}_search_text_trgm on ${table} using gin (search_text gin_trgm_ops)`,
      )
      .execute(db);
    for (const [name] of replaced) await sql.raw(`drop index ${name}`).execute(db);
    await sql.raw(`analyze ${table}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { table, replaced } of COMBINED) {
    for (const [name, expression] of replaced)
      await sql
        .raw(`create index ${name} on ${table} using gin ((${expression}) gin_trgm_ops)`)
        .execute(db);
    await sql.raw(`alter table ${table} drop column search_text`).execute(db);
  }
}
