import SQLite from 'better-sqlite3';

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
  `);
  return db;
}
