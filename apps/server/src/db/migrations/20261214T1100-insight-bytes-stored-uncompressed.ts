import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * On PostgreSQL, the counted wages of insight blocks and the parts of the windows of ranks are
 * stored out of line without compression (`storage external`): they are doubles, which the
 * default compression cannot shrink, and trying took some 17 ms of each block of 1.5 MB stored
 * (some 10 s of a rebuild of 10 million awards). SQLite does not compress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table insight_blocks alter column wages set storage external`.execute(db);
  await sql`alter table insight_state_windows alter column bytes set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table insight_blocks alter column wages set storage extended`.execute(db);
  await sql`alter table insight_state_windows alter column bytes set storage extended`.execute(db);
}
