import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Substring search ("contains") over names, codes and e-mails must not scan whole tables.
// SQLite: FTS5 tables with the trigram tokenizer, kept in step by triggers.
// PostgreSQL: pg_trgm GIN indexes on the exact expressions the queries use.

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
  ['organizations_name_trgm', 'organizations', 'lower(name)'],
  ['users_full_name_trgm', 'users', "lower(first_name || ' ' || last_name)"],
  ['users_email_trgm', 'users', 'lower(email)'],
  ['credentials_name_trgm', 'credentials', 'lower(name)'],
  ['credentials_code_trgm', 'credentials', 'lower(code)'],
  ['contracts_name_trgm', 'contracts', 'lower(name)'],
  ['contracts_number_trgm', 'contracts', 'lower(number)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, table, expression] of PG_INDEXES) {
      await sql
        .raw(`create index ${name} on ${table} using gin ((${expression}) gin_trgm_ops)`)
        .execute(db);
    }
  } else {
    for (const { table, columns } of SQLITE_SEARCH) {
      const search = `${table}_search`;
      const names = Object.keys(columns);
      const values = Object.values(columns);
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
  }

  // Indexes for the remaining sort orders of the user list.
  await db.schema
    .createIndex('users_role_name_idx')
    .on('users')
    .columns(['role_id', 'last_name', 'first_name'])
    .execute();
  await db.schema.createIndex('users_last_login_idx').on('users').column('last_login_at').execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema
    .createIndex('organizations_created_idx')
    .on('organizations')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('credentials_updated_idx')
    .on('credentials')
    .column('updated_at')
    .execute();
  await db.schema.createIndex('credentials_code_idx').on('credentials').column('code').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const index of [
    'users_role_name_idx',
    'users_last_login_idx',
    'users_created_idx',
    'organizations_created_idx',
    'credentials_updated_idx',
    'credentials_code_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  if (pg) {
    for (const [name] of PG_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
  } else {
    for (const { table } of SQLITE_SEARCH) {
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists ${table}_search_${event}`).execute(db);
      await sql.raw(`drop table if exists ${table}_search`).execute(db);
    }
  }
}
