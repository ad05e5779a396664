import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * An upload remembers the `Idempotency-Key` it was sent with: a system that retries its nightly
 * upload gets the first one back instead of uploading the same awards twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('uploads_idempotency_key_once')
    .on('uploads')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_idempotency_key_once').execute();
  await db.schema.alterTable('uploads').dropColumn('idempotency_key').execute();
}
