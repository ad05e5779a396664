import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/** The language each person reads Laurel in (`en` or `es`); everyone so far reads English. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (column) =>
      column
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
