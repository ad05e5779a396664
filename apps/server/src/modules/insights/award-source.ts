// How an insights rebuild reads an organization's awards into its builder, whichever database
// holds them. From the earnings years themselves (the consistency check's full reading): on SQLite
// year by year (./sqlite-award-reading.ts, decision record 029), elsewhere each award's years
// summed up by the database (./award-reading.ts). Or, as a rebuild by blocks reads, from each
// award's years packed together by the database's triggers (./packed-award-reading.ts, decision
// record 072). All count the same awards into the same cells (./award-source.test.ts). Runs
// through the driver alone, so that the rebuild's second thread loads no query builder.
import type SQLite from 'better-sqlite3';

import {
  type AwardReading,
  type BatchRead,
  readAwardBatches,
  type RunQuery,
} from './award-reading.ts';
import type { InsightsBuilder } from './insights-builder.ts';
import type { LaterAwards } from './later-awards.ts';
import { type PackedRow, readPackedAwards, type RunRows } from './packed-award-reading.ts';
import { readSqliteAwards } from './sqlite-award-reading.ts';

/** Which awards to read: after `afterId`, up to `toId`, at most `maxBatches` batches. */
export type AwardRange = AwardReading & { afterId?: number; maxBatches?: number };

/**
 * Reads the awards of `range` in batches by award id (so that memory does not grow with the
 * organization) and counts each into `builder` (those in `later` as a person's later award),
 * yielding after each batch.
 */
export type CountAwards = (
  range: AwardRange,
  builder: InsightsBuilder,
  later: LaterAwards,
) => AsyncGenerator<BatchRead>;

/**
 * The awards read from a SQLite database by its driver, one number per earnings year.
 *
 * @example for await (const batch of sqliteAwards(database)(range, builder, later)) heartbeat();
 */
export function sqliteAwards(database: SQLite.Database): CountAwards {
  return async function* (range, builder, later) {
    const add = builder.addRead;
    yield* readSqliteAwards(database, range, (award) => add(award, later.has(award.id)));
  };
}

/**
 * The awards read by `run` with their earnings years as the database's triggers packed them, one
 * row per award (./packed-award-reading.ts): how a rebuild by blocks reads.
 *
 * @example packedAwards(run, 'sqlite')(range, builder, later)
 */
export function packedAwards(run: RunRows, dialect: 'sqlite' | 'postgres'): CountAwards {
  return async function* (range, builder, later) {
    const add = builder.addRead;
    yield* readPackedAwards(run, dialect, range, (award) => add(award, later.has(award.id)));
  };
}

/**
 * The awards read from a SQLite database by its driver with their packed years, each statement
 * prepared once and its rows stepped one at a time as they are counted.
 *
 * @example for await (const batch of sqlitePackedAwards(database)(range, builder, later)) heartbeat();
 */
export function sqlitePackedAwards(database: SQLite.Database): CountAwards {
  const statements = new Map<string, SQLite.Statement<unknown[], PackedRow>>();
  return packedAwards((text, parameters) => {
    let statement = statements.get(text);
    if (!statement)
      statements.set(text, (statement = database.prepare<unknown[], PackedRow>(text).raw()));
    return statement.iterate(...parameters);
  }, 'sqlite');
}

/**
 * The awards read by `run`, one row per award with its years summed up by the database.
 *
 * @example summedAwards(run, 'postgres')(range, builder, later)
 */
export function summedAwards(run: RunQuery, dialect: 'sqlite' | 'postgres'): CountAwards {
  return async function* (range, builder, later) {
    for await (const batch of readAwardBatches(run, dialect, range)) {
      for (const award of batch) builder.add(award, later.has(award.id));
      yield {
        awards: batch.length,
        lastId: Number(batch[batch.length - 1]!.id),
        more: batch.length === range.batchSize,
      };
    }
  };
}
