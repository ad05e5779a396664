import type { Kysely } from 'kysely';

/**
 * An upload that has not started yet is "Waiting", the word the web app and the CSV exports use
 * (`UPLOAD_STATUS_LABELS`), so that the lookup list served to clients says the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('upload_statuses')
    .set({ name: 'Waiting' })
    .where('code', '=', 'PENDING')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('upload_statuses')
    .set({ name: 'Pending' })
    .where('code', '=', 'PENDING')
    .execute();
}
