import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * What the platform dashboard's "Needs attention" reads: the outcome of an organization's last
 * company sign-in connection test, and uploads by status and last change (failed, stuck).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('organization_sso').addColumn('last_test_ok', 'boolean').execute();
  await db.schema.alterTable('organization_sso').addColumn('last_tested_at', timestamp).execute();
  await db.schema.alterTable('organization_sso').addColumn('last_test_message', 'text').execute();
  await db.schema
    .createIndex('uploads_status_updated_idx')
    .on('uploads')
    .columns(['status', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_status_updated_idx').execute();
  for (const column of ['last_test_message', 'last_tested_at', 'last_test_ok'])
    await db.schema.alterTable('organization_sso').dropColumn(column).execute();
}
