import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Every API request counts itself in `rate_limits` on PostgreSQL (without Redis). As a logged table,
// each count was a commit that waited for the write-ahead log to reach the disk, which on a busy
// disk added milliseconds to every request. The counters are short-lived and need not survive a
// crash (PostgreSQL empties an unlogged table after one: the limits start counting afresh), nor
// reach a standby; unlogged, a count's commit does not wait for the disk.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limits set logged`.execute(db);
}
