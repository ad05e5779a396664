import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.
//
// List pages sort by their sort columns, then by id. An index that holds other columns between
// the sort columns and the id cannot give that order: a page of users sorted by role (role, last
// name, id) sorted every user of a role and last name, thousands of rows, to keep 25. These
// indexes end with the id right after the sort columns. SQLite appends the rowid to every index,
// so there only the role's index needs replacing (its first name came before the rowid).

const BOTH: Array<[string, string, string[], string]> = [
  ['users_role_last_name_id_idx', 'users', ['role_id', 'last_name', 'id'], 'users_role_name_idx'],
];

const POSTGRES: Array<[string, string, string[], string]> = [
  ['users_name_id_idx', 'users', ['last_name', 'first_name', 'id'], 'users_name_idx'],
  ['contracts_end_date_id_idx', 'contracts', ['end_date', 'id'], 'contracts_end_date_idx'],
];

const indexesOf = (db: Kysely<any>) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? [...BOTH, ...POSTGRES] : BOTH;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns, replaced] of indexesOf(db)) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    await db.schema.dropIndex(replaced).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const previous: Record<string, string[]> = {
    users_role_name_idx: ['role_id', 'last_name', 'first_name'],
    users_name_idx: ['last_name', 'first_name'],
    contracts_end_date_idx: ['end_date'],
  };
  for (const [name, table, , replaced] of indexesOf(db)) {
    await db.schema.createIndex(replaced).on(table).columns(previous[replaced]!).execute();
    await db.schema.dropIndex(name).execute();
  }
}
