import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * When a webhook endpoint was disabled by its deliveries (a 410 answer, three days of failures),
 * null otherwise: the dashboards list these endpoints, through a partial index of them alone.
 * Endpoints disabled so before are taken from their reason, at their last change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('auto_disabled_at', pg ? 'timestamptz' : 'text')
    .execute();
  await db
    .updateTable('webhook_endpoints')
    .set({ auto_disabled_at: sql.ref('updated_at') })
    .where('enabled', '=', false)
    .where('disabled_reason', 'is not', null)
    .where('disabled_reason', 'not like', 'Disabled by %')
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_auto_disabled_idx')
    .on('webhook_endpoints')
    .column('auto_disabled_at')
    .where(sql.ref('auto_disabled_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_endpoints_auto_disabled_idx').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('auto_disabled_at').execute();
}
