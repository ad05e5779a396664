import type SQLite from 'better-sqlite3';

import { createRandom } from '../../seed/random.ts';
import { awardTables, earningsYearWriter } from './test-award-tables.ts';

/** The industries and job roles of the worlds' earnings years. */
const NAMES = {
  industries: ['Health Care', 'Manufacturing', 'Retail Trade', 'Ünïcode ✓'],
  jobRoles: ['Nurses', 'Welders', 'Cashiers'],
};

/** Wages that are not whole cents, repeat, or lie far out, for the order statistics' edges. */
const ODD_WAGES = [
  40_000.125,
  21_474_836.47,
  21_474_836.48,
  30_000_000,
  0,
  -5,
  15_080,
  15_079.99,
  0.1 + 0.2,
  123_456.789,
  52_000,
  52_000,
  52_000,
];

export interface SeededWorld {
  db: SQLite.Database;
  /** The awards that are not their person's first. */
  later: Set<number>;
}

/**
 * One deterministic organization (id 1) of awards and earnings years for tests of the rebuild:
 * `seed` varies the number of awards and credentials, the share of odd wages (not whole cents,
 * ties, beyond an Int32Array of cents) and of later awards.
 */
export function seededWorld(seed: number): SeededWorld {
  const db = awardTables();
  const random = createRandom(seed);
  const awards = random.int(200, 4_000);
  const credentials = random.int(1, 12);
  const oddShare = random.next() < 0.5 ? 0 : random.next() * 0.2;
  const insertAward = db.prepare('insert into awards values (?, 1, ?, ?, ?)');
  const insertYear = earningsYearWriter(db, random, { employed: 0.9, fullTime: 0.8 }, NAMES);
  const later = new Set<number>();
  for (let id = 1; id <= awards; id += 1) {
    const awardYear = random.int(2004, 2025);
    const u = random.next();
    const status = u < 0.85 ? 'MATCHED' : u < 0.95 ? 'NOT_MATCHED' : 'PENDING';
    insertAward.run(id, random.int(1, credentials), awardYear, status);
    if (random.next() < 0.15) later.add(id);
    const base = 20_000 + random.next() * 40_000;
    for (let year = awardYear - 6; year <= awardYear + 6; year += 1) {
      if (random.next() < 0.1) continue;
      const wage =
        random.next() < 0.05
          ? null
          : random.next() < oddShare
            ? random.pick(ODD_WAGES)
            : Math.round(base * (1 + 0.04 * (year - awardYear)) * (0.2 + random.next()) * 100) /
              100;
      insertYear(id, year, wage);
    }
  }
  return { db, later };
}
