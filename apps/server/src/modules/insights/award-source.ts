// How an insights rebuild reads an organization's awards into its builder, whichever database
// holds them. From the earnings years themselves (the consistency check's full reading): on SQLite
// year by year (./sqlite-award-reading.ts, decision record 029), elsewhere each award's years
// summed up by the database (./award-reading.ts). Or, as a rebuild by blocks reads, from each
// award's years packed together by the database's triggers (./packed-award-reading.ts, decision
// record 072). All count the same awards into the same cells (./award-source.test.ts). Runs
// through the driver alone, so that the rebuild's second thread loads no query builder.
import type SQLite from 'better-sqlite3';
import pg from 'pg';

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
  return packedAwards((text, parameters, each) => {
    let statement = statements.get(text);
    if (!statement)
      statements.set(text, (statement = database.prepare<unknown[], PackedRow>(text).raw()));
    for (const row of statement.iterate(...parameters)) each(row);
  }, 'sqlite');
}

/**
 * The awards read from PostgreSQL with their packed years, each batch on a connection `connect`
 * lends (and takes back after it), its rows counted as they arrive.
 *
 * @example postgresPackedAwards(async () => ({ client, release: () => {} }))(range, builder, later)
 */
export function postgresPackedAwards(
  connect: () => Promise<{ client: pg.ClientBase; release: (failure?: Error) => void }>,
): CountAwards {
  return packedAwards(async (text, parameters, each) => {
    const { client, release } = await connect();
    try {
      await eachRow(client, text, parameters, each);
    } catch (error) {
      // Whatever failed, the connection is not lent again.
      release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    release();
  }, 'postgres');
}

/**
 * Runs `text` on `client` and hands each row, an array in the order of its columns, to `each` as
 * the driver parses it (none is kept). A failure of `each` stops the counting (the rest of the
 * rows are read and dropped) and is thrown when the statement ends.
 */
export function eachRow(
  client: pg.ClientBase,
  text: string,
  values: unknown[],
  each: (row: PackedRow) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const config: pg.QueryArrayConfig = { text, values, rowMode: 'array' };
    const query = new pg.Query(config);
    let failure: { error: unknown } | null = null;
    query.on('row', (row: PackedRow) => {
      if (failure) return;
      try {
        each(row);
      } catch (error) {
        failure = { error };
      }
    });
    query.on('error', reject);
    query.on('end', () => (failure ? reject(failure.error) : resolve()));
    client.query(query);
  });
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
