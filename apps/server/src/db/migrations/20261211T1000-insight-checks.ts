import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The last consistency check of each organization's stored insight figures: when it ran, how
 * many cohorts differed from a full rebuild (0: consistent) and a short description of the first
 * differences, for the platform dashboard and /metrics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('insight_checks')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('checked_at', timestamp, (c) => c.notNull())
    .addColumn('differing_cohorts', 'integer', (c) => c.notNull())
    // The first few differences, in a sentence; null when consistent.
    .addColumn('differences', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insight_checks').execute();
}
