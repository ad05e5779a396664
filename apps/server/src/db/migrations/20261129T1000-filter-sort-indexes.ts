import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// A list filtered by a select (a credential's type or status, a contract's status) and sorted by
// another column read every row the filter selects through the filter's index and sorted them
// all, to keep one page: 6,250 credentials of a type, 8,000 active contracts. Walking the sort
// order's index instead and skipping other rows reads thousands of rows when the filter's rows lie
// far along the order (active contracts are the older ones, so by start date descending a page of
// them came after 12,000 others). These indexes hold the filter's value, then the sort columns,
// then the id: a page of any depth is read in order, with no sort.

const INDEXES: Array<[string, string, string[]]> = [
  ['credentials_type_name_idx', 'credentials', ['type_id', 'name', 'id']],
  ['credentials_type_code_idx', 'credentials', ['type_id', 'code', 'id']],
  ['credentials_type_status_idx', 'credentials', ['type_id', 'status', 'id']],
  ['credentials_type_updated_idx', 'credentials', ['type_id', 'updated_at', 'id']],
  ['credentials_status_name_idx', 'credentials', ['status', 'name', 'id']],
  ['credentials_status_code_idx', 'credentials', ['status', 'code', 'id']],
  ['credentials_status_updated_idx', 'credentials', ['status', 'updated_at', 'id']],
  ['contracts_status_number_idx', 'contracts', ['status', 'number', 'id']],
  ['contracts_status_name_idx', 'contracts', ['status', 'name', 'id']],
  ['contracts_status_start_idx', 'contracts', ['status', 'start_date', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
