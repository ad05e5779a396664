import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * What an organization's insights were last computed from (decision record 069): the stored
 * blocks they add up (each by its version and the reading that counted it), the cells summed
 * over them, and the windows of ranks kept around every median and quartile, so that the next
 * rebuild after a small change reads only the blocks that changed. Each stored block says which
 * reading counted it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  await db.schema
    .alterTable('insight_blocks')
    .addColumn('reading', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('insight_states')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    // Raised by every rebuild that stores the state: one that started from another does not store.
    .addColumn('generation', refType, (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    // [block, version, reading] of every block the cells and windows add up, as JSON.
    .addColumn('blocks', 'text', (c) => c.notNull())
    // The cells summed over those blocks, as JSON.
    .addColumn('cells', 'text', (c) => c.notNull())
    // The windows of ranks, as bytes.
    .addColumn('windows', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insight_states').execute();
  await db.schema.alterTable('insight_blocks').dropColumn('reading').execute();
}
