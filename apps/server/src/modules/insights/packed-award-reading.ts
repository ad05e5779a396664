// How a rebuild by blocks reads an organization's awards: one row an award, with its earnings
// years packed together in `earnings_by_award` by the database's triggers (decision record 072),
// rather than the some ten rows of `earnings_years` each (./sqlite-award-reading.ts,
// ./award-reading.ts, which the consistency check still reads). Each award's years are unpacked
// here into the `ReadAward` the builder counts, with the same rules: the years within ±5 of the
// award year up to the latest complete year, a wage counted when employed full time at or above
// the floor, read as the double its text gives. Plain SQL through the driver alone, so that the
// block reader's thread loads no query builder.
import {
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';

import type { AwardReading, BatchRead } from './award-reading.ts';
import {
  centsOf,
  clearYears,
  LETTER_A,
  newReadAward,
  parseAmount,
  type ReadAward,
  WAGE_AS_TEXT,
} from './award-facts.ts';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
/** The letter of a year's piece: 'a' + 1 when a wage is known + 2 employed + 4 full time. */
const WAGE_KNOWN = 1;
const EMPLOYED = 2;
const COUNTABLE = 7;
const COMMA = 44;

/**
 * An award and its packed years, as the statement gives them: id, credential, award year, match
 * status, years (null: none, or not matched), the year of the industry and job role, and those.
 */
export type PackedRow = [
  id: number,
  credentialId: number,
  awardYear: number,
  matchStatus: string,
  years: string | null,
  industryYear: number | null,
  industry: string | null,
  jobRole: string | null,
];

/**
 * Runs the batch statement and hands each of its rows, as an array in the order of its columns, to
 * `each` as the driver reads it: SQLite's steps them at once (and returns nothing), PostgreSQL's
 * as they arrive (and resolves when the last is handed). No batch is held whole: the garbage
 * collector of a reading thread with a small young generation has a row or a network read's rows
 * to keep alive, not thousands (decision record 076).
 */
export type RunRows = (
  text: string,
  parameters: unknown[],
  each: (row: PackedRow) => void,
) => void | Promise<void>;

/** The statement of one batch, in a dialect, and its parameters after the award `afterId`. */
export function packedBatchQuery(
  dialect: 'sqlite' | 'postgres',
  reading: AwardReading,
): { text: string; parameters(afterId: number): unknown[] } {
  const bounded = reading.toId !== undefined;
  const p = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
  // The packed rows' own id range: PostgreSQL may join the two tables by merging them, and
  // without it reads the packed rows from the first award on for every batch (seen at a million
  // awards: 906,119 rows read for a batch of 5,000 late in the organization; with it, 5,000).
  // SQLite looks each award's row up by its key.
  const packedRange =
    dialect === 'postgres' ? `and p.award_id > $2 ${bounded ? 'and p.award_id <= $3' : ''}` : '';
  const text = `
    select a.id, a.credential_id, a.award_year, a.match_status,
      p.years, p.industry_year, p.industry, p.job_role
    from awards a
    left join earnings_by_award p on p.award_id = a.id and a.match_status = 'MATCHED' ${packedRange}
    where a.organization_id = ${p(1)} and a.id > ${p(2)} ${bounded ? `and a.id <= ${p(3)}` : ''}
    order by a.id limit ${p(bounded ? 4 : 3)}`;
  return {
    text,
    parameters: (afterId) =>
      bounded
        ? [reading.organizationId, afterId, reading.toId, reading.batchSize]
        : [reading.organizationId, afterId, reading.batchSize],
  };
}

/**
 * Reads the awards of `reading` after the award `afterId` (at most `maxBatches` batches) and hands
 * each award to `add` as one `ReadAward` reused from award to award, as the driver reads its row;
 * yields after each batch.
 */
export async function* readPackedAwards(
  run: RunRows,
  dialect: 'sqlite' | 'postgres',
  reading: AwardReading & { afterId?: number; maxBatches?: number },
  add: (award: ReadAward) => void,
): AsyncGenerator<BatchRead> {
  const query = packedBatchQuery(dialect, reading);
  const award = newReadAward();
  let awards = 0;
  const count = (row: PackedRow): void => {
    awards += 1;
    award.id = Number(row[0]);
    award.credentialId = Number(row[1]);
    award.awardYear = row[2];
    award.matchStatus = row[3];
    const years = row[4];
    if (years !== null) {
      unpackYears(award, years, reading.asOfYear, reading.earningsFloor);
      const industryYear = row[5];
      if (
        industryYear === award.awardYear + INSIGHTS_MEASURE_YEAR &&
        industryYear <= reading.asOfYear
      ) {
        award.industry = row[6];
        award.jobRole = row[7];
      }
    }
    add(award);
    clearYears(award);
  };
  let lastId = reading.afterId ?? 0;
  let left = reading.maxBatches ?? Infinity;
  for (;;) {
    awards = 0;
    const reads = run(query.text, query.parameters(lastId), count);
    if (reads) await reads;
    left -= 1;
    if (awards === 0) return;
    lastId = award.id;
    const more = awards === reading.batchSize;
    yield { awards, lastId, more };
    if (!more || left <= 0) return;
  }
}

/**
 * Sets `award`'s year flags and counted wages from its packed years ("2015h45123.45,2016a,…"),
 * those within ±5 years of its award year and up to `asOfYear`.
 */
export function unpackYears(
  award: ReadAward,
  years: string,
  asOfYear: number,
  earningsFloor: number,
): void {
  const first = award.awardYear - SPAN;
  const last = Math.min(award.awardYear + SPAN, asOfYear);
  const length = years.length;
  let at = 0;
  while (at < length) {
    let year = 0;
    let c = years.charCodeAt(at);
    while (c >= 48 && c <= 57) {
      year = year * 10 + (c - 48);
      c = years.charCodeAt(++at);
    }
    const known = c - LETTER_A;
    const from = at + 1;
    let to = from;
    while (to < length && years.charCodeAt(to) !== COMMA) to += 1;
    at = to + 1;
    if (year < first || year > last) continue;
    const i = year - first;
    if (known === COUNTABLE) {
      // Employed full time with a wage: counted when at or above the floor.
      const cents = centsOf(years, from, to);
      const wage = cents >= 0 ? cents / 100 : parseAmount(years, from, to);
      if (wage >= earningsFloor) {
        award.yearFlags |= 3 << (2 * i);
        award.wages += 1;
        if (cents >= 0) award.cents[i] = cents;
        else {
          award.cents[i] = WAGE_AS_TEXT;
          award.texts[i] = years.slice(from, to);
        }
        continue;
      }
    }
    award.yearFlags |= (known & (WAGE_KNOWN | EMPLOYED)) << (2 * i);
  }
}
