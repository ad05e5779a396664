import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The index of an organization's people also holds each award's year and id, in the order the
 * insights rebuild numbers a person's awards (earliest award year, then lowest id): the rebuild
 * finds the organization's later awards from the index alone, without reading each award's row or
 * sorting each person's awards (decision record 074). It serves every look-up of the narrower
 * index, which it replaces: made first, so that the old one is dropped (which briefly locks the
 * table) only once the new one is built (which holds back writes to awards, not reads, meanwhile).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('awards_organization_person_year_idx')
    .on('awards')
    .columns(['organization_id', 'external_id', 'award_year', 'id'])
    .execute();
  await db.schema.dropIndex('awards_organization_person_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('awards_organization_person_idx')
    .on('awards')
    .columns(['organization_id', 'external_id'])
    .execute();
  await db.schema.dropIndex('awards_organization_person_year_idx').execute();
}
