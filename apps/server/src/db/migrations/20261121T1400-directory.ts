import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('bookmarks')
    .addColumn('id', idType, serial)
    .addColumn('user_id', refType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', refType, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('bookmarks_user_item_unique', ['user_id', 'item_type', 'item_id'])
    .addCheckConstraint(
      'bookmarks_item_type_check',
      sql`item_type in ('organizations', 'credentials', 'contracts', 'users')`,
    )
    .execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', idType, serial)
    .addColumn('occurred_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('actor_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', refType, (c) =>
      c.references('organizations.id').onDelete('set null'),
    )
    .addColumn('impersonating', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('audit_types.id'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('audit_entries_organization_occurred_idx')
    .on('audit_entries')
    .columns(['organization_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('audit_entries_occurred_idx')
    .on('audit_entries')
    .column('occurred_at')
    .execute();
  await db.schema
    .createIndex('audit_entries_actor_idx')
    .on('audit_entries')
    .column('actor_user_id')
    .execute();

  await db.schema
    .createTable('awards')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) => c.notNull().references('organizations.id'))
    .addColumn('credential_id', refType, (c) => c.notNull().references('credentials.id'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('award_date', 'text', (c) => c.notNull())
    .addColumn('award_year', 'integer', (c) => c.notNull())
    .addColumn('upload_id', refType)
    .addColumn('match_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('awards_person_credential_date_unique', [
      'credential_id',
      'external_id',
      'award_date',
    ])
    .execute();
  await db.schema
    .createIndex('awards_credential_date_idx')
    .on('awards')
    .columns(['credential_id', 'award_date'])
    .execute();
  await db.schema
    .createIndex('awards_organization_idx')
    .on('awards')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('usage_events')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) => c.notNull().references('organizations.id'))
    .addColumn('billing_code', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reference', 'text')
    .addColumn('occurred_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('usage_events_organization_code_idx')
    .on('usage_events')
    .columns(['organization_id', 'billing_code', 'occurred_at'])
    .execute();

  // List pages sort and filter on these.
  await db.schema
    .createIndex('users_org_name_idx')
    .on('users')
    .columns(['organization_id', 'last_name', 'first_name'])
    .execute();
  await db.schema
    .createIndex('users_name_idx')
    .on('users')
    .columns(['last_name', 'first_name'])
    .execute();
  await db.schema
    .createIndex('credentials_org_name_idx')
    .on('credentials')
    .columns(['organization_id', 'name'])
    .execute();
  await db.schema.createIndex('credentials_name_idx').on('credentials').column('name').execute();
  await db.schema
    .createIndex('contracts_end_date_idx')
    .on('contracts')
    .column('end_date')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'users_org_name_idx',
    'users_name_idx',
    'credentials_org_name_idx',
    'credentials_name_idx',
    'contracts_end_date_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of ['usage_events', 'awards', 'audit_entries', 'bookmarks']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
