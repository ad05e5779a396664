import { type Kysely, sql } from 'kysely';

/**
 * Each credential keeps how many awards it has, so that a list page reads 25 numbers instead of
 * counting every award of every listed credential (linear in an organization's awards).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('credentials')
    .addColumn('award_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update credentials set award_count = (select count(*) from awards where awards.credential_id = credentials.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('credentials').dropColumn('award_count').execute();
}
