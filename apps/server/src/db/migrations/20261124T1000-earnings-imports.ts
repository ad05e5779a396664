import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Earnings result files are imported by a background job, like award uploads: the import record
 * follows the job's progress, and the file waits in chunks until the job has read it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const blob = pg ? 'bytea' : 'blob';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('earnings_imports')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('imported_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    // Rows of the file (known once every row is checked), rows checked so far, rows stored.
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('awards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('newly_matched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_failed', 'integer', (c) => c.notNull().defaultTo(0))
    // Why the import failed, and the first row errors as JSON [{ line, message }].
    .addColumn('error_message', 'text')
    .addColumn('row_errors', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .addCheckConstraint(
      'earnings_imports_status_check',
      sql`status in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')`,
    )
    .execute();
  await db.schema
    .createIndex('earnings_imports_organization_created_idx')
    .on('earnings_imports')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('earnings_import_chunks')
    .addColumn('import_id', refType, (c) =>
      c.notNull().references('earnings_imports.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('earnings_import_chunks_pk', ['import_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('earnings_import_chunks').execute();
  await db.schema.dropTable('earnings_imports').execute();
}
