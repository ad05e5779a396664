import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

import type { Database } from './schema.ts';

/**
 * A calendar-date column (ISO `YYYY-MM-DD` text, such as a contract's start) as the UTC instant
 * its day starts, to compare with a timestamp column: text on SQLite (ISO timestamps sort as
 * text, and `2026-03-01` sorts before `2026-03-01T…`), `timestamptz` on PostgreSQL.
 * @example where(sql`e.occurred_at`, '>=', dayStart(db, 'c.start_date'))
 */
export function dayStart(db: Kysely<Database>, dateColumn: string): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`(${sql.ref(dateColumn)} || 'T00:00:00Z')::timestamptz`
    : sql<string>`${sql.ref(dateColumn)}`;
}

/** The UTC instant the day after a calendar-date column starts: the end of a period that includes that day. */
export function dayAfter(db: Kysely<Database>, dateColumn: string): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`(${sql.ref(dateColumn)} || 'T00:00:00Z')::timestamptz + interval '1 day'`
    : sql<string>`date(${sql.ref(dateColumn)}, '+1 day')`;
}

/** Today's calendar date in UTC, as contracts store dates. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (UTC), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return utcDate(at);
}
