import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The language each person chose to read Laurel in (`en` or `es`); null until they choose, when
 * their browser's language holds and e-mails are written in English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (column) =>
      column.check(sql`language in ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
