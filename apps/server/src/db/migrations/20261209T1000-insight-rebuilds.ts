import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * How far each organization's insights rebuild is (its phase, the awards read of those to read),
 * written by the rebuild about once a second where every instance reads it, and how long its
 * last finished rebuild took, for the estimate of the next one's time left.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('insight_rebuilds')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('progress_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('last_seconds', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insight_rebuilds').execute();
}
