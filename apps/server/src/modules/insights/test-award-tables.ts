import SQLite from 'better-sqlite3';

import { packEarnings } from '../../db/migrations/20261215T1000-earnings-by-award.ts';
import type { createRandom } from '../../seed/random.ts';

/**
 * An in-memory database with the tables an insights rebuild reads, with the columns it reads (as
 * the migrations make them), for tests of the readings and the builder.
 */
export function awardTables(): SQLite.Database {
  const db = new SQLite(':memory:');
  db.exec(`
    create table awards (id integer primary key, organization_id integer not null,
      credential_id integer not null, award_year integer not null, match_status text not null);
    create index awards_organization_match_idx on awards (organization_id, match_status);
    create table earnings_years (award_id integer not null, year integer not null, wage real,
      employed boolean not null, full_time boolean not null, industry text, job_role text,
      primary key (award_id, year));
    create table earnings_by_award (award_id integer primary key, years text not null,
      industry_year integer not null, industry text, job_role text);
  `);
  return db;
}

/** Packs every award's earnings years into `earnings_by_award`, as the migration's triggers do. */
export function packAwardEarnings(db: SQLite.Database): void {
  db.exec('delete from earnings_by_award');
  db.exec(packEarnings(false, 'true'));
}

/**
 * Writes earnings years into `db`, each with a wage it is given; whether employed and full time
 * (by the odds given) and the industry and job role (one of the names, or none one time in ten)
 * drawn from `random`, in that order.
 */
export function earningsYearWriter(
  db: SQLite.Database,
  random: ReturnType<typeof createRandom>,
  odds: { employed: number; fullTime: number },
  names: { industries: readonly string[]; jobRoles: readonly string[] },
): (awardId: number, year: number, wage: number | null) => void {
  const insert = db.prepare('insert into earnings_years values (?, ?, ?, ?, ?, ?, ?)');
  return (awardId, year, wage) => {
    insert.run(
      awardId,
      year,
      wage,
      random.next() < odds.employed ? 1 : 0,
      random.next() < odds.fullTime ? 1 : 0,
      random.next() < 0.1 ? null : random.pick(names.industries),
      random.next() < 0.1 ? null : random.pick(names.jobRoles),
    );
  };
}
