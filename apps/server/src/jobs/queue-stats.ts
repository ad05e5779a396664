import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export interface QueueStats {
  type: string;
  /** QUEUED jobs, including those waiting for a retry. */
  queued: number;
  running: number;
  /** Seconds the longest-waiting runnable job has waited since its `run_at`; 0 when none waits. */
  oldestQueuedAgeSeconds: number;
}

/** `now()` and "seconds since" on the database clock, as job leases use it. */
function databaseClock(dialect: Dialect) {
  if (dialect === 'postgres')
    return {
      now: sql`now()`,
      secondsSince: (time: RawBuilder<unknown>) => sql<number>`extract(epoch from now() - ${time})`,
    };
  return {
    now: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    secondsSince: (time: RawBuilder<unknown>) =>
      sql<number>`(julianday('now') - julianday(${time})) * 86400.0`,
  };
}

/**
 * The queue's state by job type: one grouped query over the `(status, run_at)` index, cheap
 * enough for every metrics scrape. A job waiting for a retry counts as queued, but its wait
 * starts only when its retry time comes.
 */
export async function readQueueStats(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<QueueStats[]> {
  const clock = databaseClock(dialect);
  const oldestRunnable = sql`min(case when status = 'QUEUED' and run_at <= ${clock.now} then run_at end)`;
  const rows = await db
    .selectFrom('jobs')
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .groupBy('type')
    .select([
      'type',
      sql<number>`count(case when status = 'QUEUED' then 1 end)`.as('queued'),
      sql<number>`count(case when status = 'RUNNING' then 1 end)`.as('running'),
      sql<number | null>`${clock.secondsSince(oldestRunnable)}`.as('waited'),
    ])
    .execute();
  return rows.map((row) => ({
    type: row.type,
    queued: Number(row.queued),
    running: Number(row.running),
    oldestQueuedAgeSeconds: row.waited === null ? 0 : Math.max(0, Number(row.waited)),
  }));
}
