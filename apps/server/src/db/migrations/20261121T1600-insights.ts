import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const blob = pg ? 'bytea' : 'blob';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  // Durable background jobs: uploads, matching, aggregate rebuilds. A worker claims a queued job
  // by setting locked_by/locked_until; a job whose lease ran out (its worker died) is claimed again.
  await db.schema
    .createTable('jobs')
    .addColumn('id', idType, serial)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('organization_id', refType, (c) =>
      c.references('organizations.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    // Two queued jobs with the same key are one job (e.g. "rebuild aggregates of organization 7").
    .addColumn('dedupe_key', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', timestamp)
    .addCheckConstraint('jobs_status_check', sql`status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`)
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema
    .createIndex('jobs_organization_status_idx')
    .on('jobs')
    .columns(['organization_id', 'status'])
    .execute();
  await sql`create unique index jobs_queued_dedupe_idx on jobs (dedupe_key) where status = 'QUEUED' and dedupe_key is not null`.execute(
    db,
  );

  await db.schema
    .createTable('uploads')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('uploaded_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_failed', 'integer', (c) => c.notNull().defaultTo(0))
    // A problem with the whole file (wrong header, not UTF-8, empty), shown instead of row errors.
    .addColumn('error_message', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .addCheckConstraint(
      'uploads_status_check',
      sql`status in ('PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED')`,
    )
    .execute();
  await db.schema
    .createIndex('uploads_organization_created_idx')
    .on('uploads')
    .columns(['organization_id', 'created_at'])
    .execute();

  // The uploaded file itself, in chunks, so that any instance can process it after a restart.
  await db.schema
    .createTable('upload_file_chunks')
    .addColumn('upload_id', refType, (c) =>
      c.notNull().references('uploads.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_file_chunks_pk', ['upload_id', 'seq'])
    .execute();

  // Parsed rows of an upload before they become awards (all at once, in one transaction). Rows
  // with an error stay after processing so that the errors CSV can be downloaded.
  await db.schema
    .createTable('upload_rows')
    .addColumn('upload_id', refType, (c) =>
      c.notNull().references('uploads.id').onDelete('cascade'),
    )
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('credential_id', refType)
    .addColumn('external_id', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('award_date', 'text')
    .addColumn('award_year', 'integer')
    // The row as it was read (JSON array of cells), for the errors CSV.
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('upload_rows_pk', ['upload_id', 'row_number'])
    .execute();

  await db.schema.alterTable('awards').addColumn('match_provider', 'text').execute();
  await db.schema.alterTable('awards').addColumn('matched_at', timestamp).execute();
  await db.schema
    .createIndex('awards_organization_match_idx')
    .on('awards')
    .columns(['organization_id', 'match_status'])
    .execute();

  // One row per award and calendar year, as the earnings provider reported it.
  await db.schema
    .createTable('earnings_years')
    .addColumn('award_id', refType, (c) => c.notNull().references('awards.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    // Annual wage in nominal dollars of that year; null when the person had no wage records.
    .addColumn('wage', pg ? sql`numeric(12,2)` : 'real')
    .addColumn('employed', 'boolean', (c) => c.notNull())
    .addColumn('full_time', 'boolean', (c) => c.notNull())
    .addColumn('industry', 'text')
    .addColumn('job_role', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('earnings_years_pk', ['award_id', 'year'])
    .execute();

  // Precomputed insight figures for one cohort: an organization, all its credentials
  // (credential_id 0) or one, and a range of award years. Reading insights reads one row.
  await db.schema
    .createTable('insight_aggregates')
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('credential_id', refType, (c) => c.notNull())
    .addColumn('award_year_from', 'integer', (c) => c.notNull())
    .addColumn('award_year_to', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('built_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('insight_aggregates_pk', [
      'organization_id',
      'credential_id',
      'award_year_from',
      'award_year_to',
    ])
    .execute();

  // Per credential: award counts, the award-year range, match rate and data gaps of the latest build.
  await db.schema
    .createTable('credential_insight_summaries')
    .addColumn('credential_id', refType, (c) =>
      c.primaryKey().references('credentials.id').onDelete('cascade'),
    )
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('awards', 'integer', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('award_year_min', 'integer')
    .addColumn('award_year_max', 'integer')
    .addColumn('missing_equifax', 'integer', (c) => c.notNull())
    .addColumn('missing_earnings', 'integer', (c) => c.notNull())
    .addColumn('missing_employment', 'integer', (c) => c.notNull())
    .addColumn('built_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('credential_insight_summaries_org_idx')
    .on('credential_insight_summaries')
    .column('organization_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'credential_insight_summaries',
    'insight_aggregates',
    'earnings_years',
    'upload_rows',
    'upload_file_chunks',
    'uploads',
    'jobs',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('awards_organization_match_idx').ifExists().execute();
  await db.schema.alterTable('awards').dropColumn('matched_at').execute();
  await db.schema.alterTable('awards').dropColumn('match_provider').execute();
}
