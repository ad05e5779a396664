import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Earnings benchmarks: files a platform admin imports (docs/benchmarks.md), each a data set of
 * rows (geography, program field or occupation, metric, year, value, source). A credential's
 * insights are compared with the row for its field and place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('benchmark_data_sets')
    .addColumn('id', idType, serial)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('imported_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('benchmark_values')
    .addColumn('id', idType, serial)
    .addColumn('data_set_id', refType, (c) =>
      c.notNull().references('benchmark_data_sets.id').onDelete('cascade'),
    )
    // 'US' or a state's postal code.
    .addColumn('geography', 'text', (c) => c.notNull())
    // A CIP code (program field) or a SOC code (occupation); neither for the high-school threshold.
    .addColumn('cip', 'text')
    .addColumn('soc', 'text')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    // Dollars of `year`.
    .addColumn('value', pg ? sql`numeric(12,2)` : 'real', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'benchmark_values_code_check',
      sql`(metric = 'hs_earnings_threshold' and cip is null and soc is null) or (metric <> 'hs_earnings_threshold' and (cip is null) <> (soc is null))`,
    )
    .execute();
  await db.schema
    .createIndex('benchmark_values_lookup_idx')
    .on('benchmark_values')
    .columns(['metric', 'geography', 'cip', 'soc'])
    .execute();
  await db.schema
    .createIndex('benchmark_values_data_set_idx')
    .on('benchmark_values')
    .column('data_set_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('benchmark_values').execute();
  await db.schema.dropTable('benchmark_data_sets').execute();
}
