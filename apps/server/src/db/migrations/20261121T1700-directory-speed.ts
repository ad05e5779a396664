import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Indexes for the list pages' remaining sort orders and filters. Type names are unique, so that a
// list sorted by type name can read the types in name order and each type's rows in id order
// (no sort of the whole table); the id after each sort column keeps pages in a stable order.

const UNIQUE: Array<[string, string, string[]]> = [
  ['organization_types_name_unique', 'organization_types', ['name']],
  ['credential_types_name_unique', 'credential_types', ['name']],
];

const INDEXES: Array<[string, string, string[]]> = [
  ['organizations_type_idx', 'organizations', ['type_id', 'id']],
  ['organizations_status_idx', 'organizations', ['status', 'id']],
  ['credentials_type_idx', 'credentials', ['type_id', 'id']],
  ['credentials_status_idx', 'credentials', ['status', 'id']],
  ['contracts_name_idx', 'contracts', ['name', 'id']],
  ['contracts_status_idx', 'contracts', ['status', 'id']],
  ['contracts_start_date_idx', 'contracts', ['start_date', 'id']],
  ['users_active_idx', 'users', ['active']],
];

/** Single-column indexes whose sort column repeats a lot (equal times, no login yet): with the id. */
const REPLACED: Array<[string, string, string[], string]> = [
  ['credentials_updated_id_idx', 'credentials', ['updated_at', 'id'], 'credentials_updated_idx'],
  ['users_last_login_id_idx', 'users', ['last_login_at', 'id'], 'users_last_login_idx'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of UNIQUE)
    await db.schema.createIndex(name).on(table).columns(columns).unique().execute();
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  for (const [name, table, columns, replaced] of REPLACED) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    await db.schema.dropIndex(replaced).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns, replaced] of REPLACED) {
    await db.schema.createIndex(replaced).on(table).column(columns[0]!).execute();
    await db.schema.dropIndex(name).execute();
  }
  for (const [name] of [...INDEXES, ...UNIQUE])
    await db.schema.dropIndex(name).ifExists().execute();
}
