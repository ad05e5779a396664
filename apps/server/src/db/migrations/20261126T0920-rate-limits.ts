import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// On PostgreSQL, the request counters every instance shares live in `rate_limits`, in the layout
// of rate-limiter-flexible's RateLimiterPostgres. The table is created here, under the migrator's
// lock: instances starting together on an empty database used to create it each on their own,
// and two concurrent `create table if not exists` can fail with "type already exists". A database
// where an earlier version created it keeps it. SQLite counts in memory and needs no table.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table if not exists rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop table if exists rate_limits`.execute(db);
}
