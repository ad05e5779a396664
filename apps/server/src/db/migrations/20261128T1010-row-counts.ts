import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// PostgreSQL: an exact count of the rows of each large list's table without reading them. An
// unfiltered list shows its total, and count(*) of 200,000 users reads every entry of an index
// (about 20 ms). Statement triggers add each statement's inserted (or, negative, deleted) row count
// to `row_counts` in the same transaction, and a truncate removes the table's entries; the sum of a
// table's entries is its number of rows in any snapshot. Each statement adds a new entry rather
// than updating one row, so that writers never wait for one another; readers sum the entries into
// one when there are many. SQLite counts a table's rows from its smallest index in a millisecond
// or two and needs none of this.

const TABLES = ['organizations', 'users', 'credentials', 'contracts'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table row_counts (table_name text not null, delta bigint not null)`.execute(db);
  await sql`create index row_counts_table_idx on row_counts (table_name)`.execute(db);
  await sql`
    create function row_counts_add() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into row_counts select tg_table_name, count(*) from inserted having count(*) > 0;
      elsif tg_op = 'DELETE' then
        insert into row_counts select tg_table_name, -count(*) from deleted having count(*) > 0;
      else
        delete from row_counts where table_name = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger ${table}_count_insert after insert on ${table} referencing new table as inserted for each statement execute function row_counts_add()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_count_delete after delete on ${table} referencing old table as deleted for each statement execute function row_counts_add()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_count_truncate after truncate on ${table} for each statement execute function row_counts_add()`,
      )
      .execute(db);
    await sql.raw(`insert into row_counts select '${table}', count(*) from ${table}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES)
    for (const event of ['insert', 'delete', 'truncate'])
      await sql.raw(`drop trigger if exists ${table}_count_${event} on ${table}`).execute(db);
  await sql`drop function if exists row_counts_add()`.execute(db);
  await sql`drop table if exists row_counts`.execute(db);
}
