import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * The windows of ranks of an organization's insights state (decision record 069) in parts of
 * about a megabyte, each its own row, rather than one value: at 10 million awards they take some
 * 10 MB, and one value of a statement is copied whole several times on its way to the database.
 * A state's windows so far become its first part.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('insight_state_windows')
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('insight_states.organization_id').onDelete('cascade'),
    )
    // 0, 1, …: the parts of one state, in order.
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_state_windows_pk', ['organization_id', 'part'])
    .execute();
  await sql`insert into insight_state_windows (organization_id, part, bytes)
    select organization_id, 0, windows from insight_states`.execute(db);
  await db.schema.alterTable('insight_states').dropColumn('windows').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // Parts do not fit one value: the states go (a cache; the next rebuilds count by blocks).
  await db.schema.dropTable('insight_state_windows').execute();
  await db.deleteFrom('insight_states').execute();
  await db.schema
    .alterTable('insight_states')
    .addColumn('windows', pg ? 'bytea' : 'blob', (c) =>
      c.notNull().defaultTo(pg ? sql`'\\x'::bytea` : sql`x''`),
    )
    .execute();
}
