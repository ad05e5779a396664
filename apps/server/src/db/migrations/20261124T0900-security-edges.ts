import { type Kysely, sql } from 'kysely';

/**
 * Outbox messages remember which of their strings are secrets (reset codes, temporary passwords,
 * invitation links) until those are masked: at delivery, or 24 hours after the message was made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_emails').addColumn('secrets', 'text').execute();
  await db.schema
    .createIndex('outbox_emails_unmasked_idx')
    .on('outbox_emails')
    .column('created_at')
    .where(sql.ref('secrets'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_emails_unmasked_idx').execute();
  await db.schema.alterTable('outbox_emails').dropColumn('secrets').execute();
}
