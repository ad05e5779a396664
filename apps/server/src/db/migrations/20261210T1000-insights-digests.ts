import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The monthly insights digest: whether each person opted in (organization admins only; false until
 * they do), and the figures each digest sent, one per person and month, so that the next one
 * tells what changed and no month is sent twice, whichever instance sends it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('users')
    .addColumn('insights_digest', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('insights_digests')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('user_id', refType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    // The month it is for, `YYYY-MM` (UTC).
    .addColumn('month', 'text', (c) => c.notNull())
    // The published figures it said, as JSON.
    .addColumn('figures', 'text', (c) => c.notNull())
    .addColumn('sent_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('insights_digests_user_month', ['user_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insights_digests').execute();
  await db.schema.alterTable('users').dropColumn('insights_digest').execute();
}
