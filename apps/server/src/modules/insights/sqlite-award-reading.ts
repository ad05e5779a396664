// How an insights rebuild reads an organization's awards on SQLite: in batches by award id, each
// batch two statements: its awards, then one number for each of their earnings years (a value
// "plucked", not a row object), which says the year, whether a wage is known, whether employed,
// and the counted wage in whole cents. SQLite evaluates each of the some ten rows of an award
// whatever it is asked; summing them up into text per award (as PostgreSQL does,
// ./award-reading.ts) cost more of its time than the numbers, and the text had to be parsed again
// (decision record 029). Runs through the driver alone, on the job's thread and on the rebuild's
// second thread.
import type SQLite from 'better-sqlite3';

import {
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';

import type { AwardReading, BatchRead } from './award-reading.ts';
import {
  clearYears,
  MAX_CENTS,
  newReadAward,
  type ReadAward,
  WAGE_AS_TEXT,
} from './award-facts.ts';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;

// One earnings year as one integer below 2^53 (exact as a double), from the high bits down:
// the award's id less the batch's first (15 bits), the relative year r + 5 (4 bits), the year's
// state (3 bits) and the counted wage's whole cents (31 bits).
const CENTS = 2 ** 31;
const STATE = 2 ** 31;
const RELATIVE = 2 ** 34;
const AWARD = 2 ** 38;
/** Awards of one batch lie within this many ids of its first (the 15 bits of the award). */
const ID_SPAN = 2 ** 15;
/** Awards whose years one statement reads (some 11 numbers each). */
const CHUNK = 250;
/** States: bit 1 a wage is known, bit 2 employed; 7 a counted wage in cents, 4 one as text. */
const COUNTED_CENTS = 7;
const COUNTED_TEXT = 4;

/**
 * The page cache of a connection while it reads a rebuild's awards (SQLite's `cache_size`: 2 MiB,
 * SQLite's default): every page is read once, so a larger cache holds only memory.
 */
export const SCAN_PAGE_CACHE = -2048;

/** The statuses the counting tells apart, by the number the awards' statement gives them. */
const STATUSES = ['', 'MATCHED', 'NOT_MATCHED'];

/**
 * Reads the awards of `reading` after the award `afterId` (at most `maxBatches` batches) and
 * hands each to `add`, as one `ReadAward` object reused from award to award; yields after each
 * batch.
 */
export function* readSqliteAwards(
  database: SQLite.Database,
  reading: AwardReading & { afterId?: number; maxBatches?: number },
  add: (award: ReadAward) => void,
): Generator<BatchRead> {
  const { organizationId, batchSize, asOfYear, earningsFloor, toId } = reading;
  const awards = database
    .prepare<unknown[], [number, number, number, number]>(
      `select id, credential_id, award_year,
         (match_status = 'MATCHED') + 2 * (match_status = 'NOT_MATCHED') from awards
       where organization_id = ? and id > ? ${toId === undefined ? '' : 'and id <= ?'}
       order by id limit ?`,
    )
    .raw(true);
  // The counted wage's cents when its number is exactly the double of whole cents (c / 100.0
  // equals it): then SQLite's text of it states those cents, so c / 100 is what reading its text
  // gave; any other counted wage is read as its text (`textOf`). A negative wage never passes (c
  // is rounded toward zero), and one above MAX_CENTS would not fit its 31 bits.
  const cents = 'cast(e.wage * 100 + 0.5 as integer)';
  const year = `(a.id - @first) * ${AWARD} + (e.year - a.award_year + ${SPAN}) * ${RELATIVE}`;
  const state = `iif(e.employed and e.full_time and e.wage >= @floor,
      iif(e.wage <= ${MAX_CENTS / 100} and ${cents} / 100.0 = e.wage,
        ${COUNTED_CENTS * STATE} + ${cents}, ${COUNTED_TEXT * STATE}),
      ((e.wage is not null) + 2 * e.employed) * ${STATE})`;
  // The measured year's industry and job role come with its number, as JSON (exact for any text).
  const years = database
    .prepare(
      `select iif(e.year = a.award_year + ${INSIGHTS_MEASURE_YEAR} and e.employed,
         json_array(${year} + ${state}, e.industry, e.job_role), ${year} + ${state})
       from awards a join earnings_years e on e.award_id = a.id
       where a.organization_id = @organizationId and a.id >= @first and a.id <= @last
         and a.match_status = 'MATCHED'
         and e.year >= a.award_year - ${SPAN} and e.year <= a.award_year + ${SPAN}
         and e.year <= @asOfYear
       order by a.id`,
    )
    .pluck(true);
  const textOf = database
    .prepare<[number, number], string>(
      'select cast(wage as text) from earnings_years where award_id = ? and year = ?',
    )
    .pluck(true);

  const award = newReadAward();
  let afterId = reading.afterId ?? 0;
  let left = reading.maxBatches ?? Infinity;
  while (left > 0) {
    left -= 1;
    const parameters: number[] = [organizationId, afterId];
    if (toId !== undefined) parameters.push(toId);
    parameters.push(batchSize);
    const rows = awards.all(...parameters);
    if (rows.length === 0) return;
    let next = 0;
    const hand = () => {
      const [id, credentialId, awardYear, matchStatus] = rows[next]!;
      award.id = id;
      award.credentialId = credentialId;
      award.awardYear = awardYear;
      award.matchStatus = STATUSES[matchStatus]!;
      add(award);
      clearYears(award);
      next += 1;
    };
    // The years of some hundreds of awards at a time: an array of numbers per statement that
    // stays small (a large one is allocated outside the young generation).
    while (next < rows.length) {
      const first = rows[next]![0];
      // The awards whose ids lie within ID_SPAN of the first (the 15 bits of the award).
      let end = Math.min(rows.length, next + CHUNK);
      while (rows[end - 1]![0] - first >= ID_SPAN) end -= 1;
      const values = years.all({
        organizationId,
        first,
        last: rows[end - 1]![0],
        floor: earningsFloor,
        asOfYear,
      }) as Array<number | string>;
      for (const value of values) {
        let p: number;
        let named: [number, string | null, string | null] | null = null;
        if (typeof value === 'number') p = value;
        else {
          named = JSON.parse(value) as [number, string | null, string | null];
          p = named[0];
        }
        const low = p % CENTS;
        const high = (p - low) / CENTS;
        const id = first + (high >> 7);
        // The awards before this year's have all their years read.
        while (rows[next]![0] !== id) hand();
        if (named !== null) {
          award.industry = named[1];
          award.jobRole = named[2];
        }
        const i = (high >> 3) & 15;
        const s = high & 7;
        if (s === COUNTED_CENTS || s === COUNTED_TEXT) {
          award.yearFlags |= 3 << (2 * i);
          award.wages += 1;
          if (s === COUNTED_CENTS) award.cents[i] = low;
          else {
            award.cents[i] = WAGE_AS_TEXT;
            award.texts[i] = textOf.get(id, rows[next]![2] + i - SPAN)!;
          }
        } else award.yearFlags |= s << (2 * i);
      }
      while (next < end) hand();
    }
    const last = rows[rows.length - 1]![0];
    afterId = last;
    const more = rows.length === batchSize;
    yield { awards: rows.length, lastId: last, more };
    if (!more) return;
  }
}
