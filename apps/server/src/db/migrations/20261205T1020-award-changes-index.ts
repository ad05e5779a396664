import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

/** An organization's awards in the order they changed, for the changes feed (docs/api.md). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('awards_organization_changed_idx')
    .on('awards')
    .columns(['organization_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('awards_organization_changed_idx').execute();
}
