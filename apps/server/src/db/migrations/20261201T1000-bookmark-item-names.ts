import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Each bookmark keeps its item's name and organization, so that a person's bookmarks are one read
// of their own rows. Joined to their items instead, 500 bookmarks took 500 primary-key probes in
// four tables (about 1,600 buffer reads, 3.5 ms on PostgreSQL) where their own rows take 13 reads
// (0.2 ms). Triggers keep the copies true in the same transaction as any change of an item's name
// or organization, and delete the bookmarks of a deleted item (they were hidden before: an item
// without a row had nothing to join). Bookmarks of items already gone are deleted here.

/** The bookmarked tables, and what a bookmark copies from a row of each (`r` is the row). */
const ITEMS = [
  { table: 'organizations', name: 'r.name', organization: 'r.id', columns: ['name'] },
  {
    table: 'credentials',
    name: 'r.name',
    organization: 'r.organization_id',
    columns: ['name', 'organization_id'],
  },
  {
    table: 'contracts',
    name: 'r.name',
    organization: 'r.organization_id',
    columns: ['name', 'organization_id'],
  },
  {
    table: 'users',
    name: "r.first_name || ' ' || r.last_name",
    organization: 'r.organization_id',
    columns: ['first_name', 'last_name', 'organization_id'],
  },
] as const;

const of = (expression: string, row: string) => expression.replace(/\br\./g, `${row}.`);

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table bookmarks add column item_name text not null default ''`.execute(db);
  await sql
    .raw(
      `alter table bookmarks add column item_organization_id ${pg ? 'bigint' : 'integer'} not null default 0`,
    )
    .execute(db);
  await sql`delete from bookmarks where ${sql.join(
    ITEMS.map(
      ({ table }) =>
        sql`(item_type = ${table} and not exists (select 1 from ${sql.table(table)} r where r.id = bookmarks.item_id))`,
    ),
    sql` or `,
  )}`.execute(db);
  for (const { table, name, organization } of ITEMS)
    await sql
      .raw(
        `update bookmarks set item_name = (select ${name} from ${table} r where r.id = bookmarks.item_id), item_organization_id = (select ${organization} from ${table} r where r.id = bookmarks.item_id) where item_type = '${table}'`,
      )
      .execute(db);
  // The triggers find an item's bookmarks by it.
  await sql`create index bookmarks_item_idx on bookmarks (item_type, item_id)`.execute(db);

  for (const { table, name, organization, columns } of ITEMS) {
    const changed = columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
    const set = `item_name = ${of(name, 'new')}, item_organization_id = ${of(organization, 'new')}`;
    const ofItem = (row: string) => `item_type = '${table}' and item_id = ${row}.id`;
    if (pg) {
      await sql
        .raw(
          `create function bookmarks_follow_${table}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              delete from bookmarks where ${ofItem('old')};
            else
              update bookmarks set ${set} where ${ofItem('new')};
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger bookmarks_follow_${table}_update after update of ${columns.join(', ')} on ${table} for each row when (${changed}) execute function bookmarks_follow_${table}()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger bookmarks_follow_${table}_delete after delete on ${table} for each row execute function bookmarks_follow_${table}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger bookmarks_follow_${table}_update after update of ${columns.join(', ')} on ${table} when ${changed.replaceAll('is distinct from', 'is not')} begin update bookmarks set ${set} where ${ofItem('new')}; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger bookmarks_follow_${table}_delete after delete on ${table} begin delete from bookmarks where ${ofItem('old')}; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of ITEMS) {
    for (const event of ['update', 'delete'])
      await sql
        .raw(`drop trigger if exists bookmarks_follow_${table}_${event}${pg ? ` on ${table}` : ''}`)
        .execute(db);
    if (pg) await sql.raw(`drop function if exists bookmarks_follow_${table}()`).execute(db);
  }
  await sql`drop index if exists bookmarks_item_idx`.execute(db);
  await sql`alter table bookmarks drop column item_organization_id`.execute(db);
  await sql`alter table bookmarks drop column item_name`.execute(db);
}
