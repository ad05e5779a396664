// How an insights rebuild reads an organization's awards: one row per award, its earnings years
// summed up by the database, in batches by award id. Plain SQL text with its parameters and no
// query builder, so that the rebuild's reading thread runs it with the database driver alone
// (a thread that loads the query builder holds some 20 MB more).
import {
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';

import type { AwardFacts } from './award-facts.ts';

/** Awards ascending by id, as the database returns them (millions: no copies). */
export type AwardBatch = Array<AwardFacts & { id: number }>;

export interface AwardReading {
  organizationId: number;
  batchSize: number;
  /** The latest complete year: later earnings years are left out. */
  asOfYear: number;
  /** Annual wages (nominal dollars) below this are not counted. */
  earningsFloor: number;
  /** Only the awards up to this id (threads that share the reading take a range each). */
  toId?: number;
}

/** One batch as counted: its awards, the last one's id, and whether more may follow. */
export interface BatchRead {
  awards: number;
  lastId: number;
  more: boolean;
}

/** Runs one query: SQL text and its parameters, rows as objects named by the SQL's aliases. */
export type RunQuery = (text: string, parameters: unknown[]) => Promise<AwardBatch>;

/**
 * The batch query of `reading` in one dialect: its text, and its parameters for the batch after
 * the award `afterId`.
 */
export function awardBatchQuery(
  dialect: 'sqlite' | 'postgres',
  reading: AwardReading,
): { text: string; parameters(afterId: number): unknown[] } {
  const postgres = dialect === 'postgres';
  const { asOfYear, earningsFloor, organizationId, batchSize } = reading;
  const values: Record<string, unknown> = {
    organizationId,
    batchSize,
    asOfYear,
    toId: reading.toId,
    // A counted wage is compared as JavaScript compares the double its text reads as: REAL with
    // a double on SQLite; on PostgreSQL, a numeric(12,2) with the floor's shortest text, which
    // agrees (two different numbers of at most 15 digits never read as the same double).
    floor: postgres ? String(earningsFloor) : earningsFloor,
  };
  const span = INSIGHTS_YEARS_AROUND_AWARD;
  // Relative year r as 0 … 10 (r + 5): the bit pair of a year, the letter of a counted wage.
  const offset = `(e.year - a.award_year + ${span})`;
  const atMeasure = `e.employed and e.year = a.award_year + ${INSIGHTS_MEASURE_YEAR}`;
  // Wages travel as text that reads back to the same double: numeric's own, a REAL's shortest.
  const d = postgres
    ? {
        bitSum: 'bit_or',
        int: '::int',
        chr: 'chr',
        concat: 'string_agg',
        wage: 'e.wage::text',
        floor: '@floor::numeric',
      }
    : {
        // Each relative year sets its own bits, so that summing them is or-ing them.
        bitSum: 'sum',
        int: '',
        chr: 'char',
        concat: 'group_concat',
        wage: 'e.wage',
        floor: '@floor',
      };
  const summary = `
    coalesce(${d.bitSum}(((e.wage is not null)${d.int} + 2 * e.employed${d.int}) << (2 * ${offset})), 0)
      as "yearFlags",
    ${d.concat}(${d.chr}(97 + ${offset}) || ${d.wage}, ',')
      filter (where e.employed and e.full_time and e.wage >= ${d.floor}) as "countedWages",
    max(e.industry) filter (where ${atMeasure}) as industry,
    max(e.job_role) filter (where ${atMeasure}) as "jobRole"`;
  const earnings = `e.award_id = a.id and a.match_status = 'MATCHED'
    and e.year >= a.award_year - ${span} and e.year <= a.award_year + ${span}
    and e.year <= @asOfYear`;
  const awards = `(
    select id, credential_id, award_year, match_status from awards
    where organization_id = @organizationId and id > @afterId
      ${reading.toId === undefined ? '' : 'and id <= @toId'}
    order by id limit @batchSize
  ) a`;
  const award = `a.id, a.credential_id as "credentialId", a.award_year as "awardYear",
    a.match_status as "matchStatus"`;
  // PostgreSQL sums each award's years in a lateral subquery (grouping the join would sort it);
  // SQLite groups the join in award order without sorting.
  const named = postgres
    ? `select ${award}, s.*
       from ${awards}
       left join lateral (select ${summary} from earnings_years e where ${earnings}) s on true
       order by a.id`
    : `select ${award}, ${summary}
       from ${awards}
       left join earnings_years e on ${earnings}
       group by a.id
       order by a.id`;
  // Named parameters become the dialect's positional ones, in the order they appear.
  const order: string[] = [];
  const text = named.replace(/@([a-zA-Z]+)/g, (_, name: string) => {
    order.push(name);
    return postgres ? `$${order.length}` : '?';
  });
  return {
    text,
    parameters: (afterId) => order.map((name) => (name === 'afterId' ? afterId : values[name])),
  };
}

/**
 * The batches of `reading` after the award `afterId` (at most `maxBatches` of them), each asked
 * for before the previous one is handed on, so that the database sums it up while the caller
 * counts the previous one.
 */
export async function* readAwardBatches(
  run: RunQuery,
  dialect: 'sqlite' | 'postgres',
  reading: AwardReading & { afterId?: number; maxBatches?: number },
): AsyncGenerator<AwardBatch> {
  const query = awardBatchQuery(dialect, reading);
  const read = (afterId: number) => run(query.text, query.parameters(afterId));
  let next: Promise<AwardBatch> | null = read(reading.afterId ?? 0);
  let left = reading.maxBatches ?? Infinity;
  try {
    while (next) {
      const rows: AwardBatch = await next;
      left -= 1;
      next =
        rows.length === reading.batchSize && left > 0
          ? read(Number(rows[rows.length - 1]!.id))
          : null;
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    // Stopped early: the batch asked for ahead is not wanted, but must not fail unheard.
    await next?.catch(() => undefined);
  }
}
