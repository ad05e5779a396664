import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Signed credentials reach their holders: when each issued credential's link was last e-mailed to
 * the award's address, the audit type of sending it again, and per credential whether its public
 * pages show the program's published outcome summary (off until an organization admin opts in).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('issued_credentials').addColumn('sent_at', timestamp).execute();
  await db.schema
    .alterTable('credential_issuing')
    .addColumn('show_outcomes', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  const last = await db
    .selectFrom('audit_types')
    .select((eb) => eb.fn.max('sort_order').as('position'))
    .executeTakeFirst();
  await db
    .insertInto('audit_types')
    .values({
      id: 33,
      code: 'CREDENTIAL_SENT',
      name: 'Credential sent to its holder',
      sort_order: Number(last?.position ?? 0) + 1,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('audit_types').where('code', '=', 'CREDENTIAL_SENT').execute();
  await db.schema.alterTable('credential_issuing').dropColumn('show_outcomes').execute();
  await db.schema.alterTable('issued_credentials').dropColumn('sent_at').execute();
}
