import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The insights rebuild counts a person (organization + external id) once in all-credentials
 * views: it finds the organization's people with more than one award through this index instead
 * of sorting every award.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('awards_organization_person_idx')
    .on('awards')
    .columns(['organization_id', 'external_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('awards_organization_person_idx').execute();
}
