import type { Insertable, Kysely } from 'kysely';

import {
  BENCHMARK_PREVIOUS_VERSION_DAYS,
  type BenchmarkMetric,
  type TBenchmarkDataSet,
} from '@laurel/contract/benchmarks';

import type { BenchmarkValueTable, Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import type { BenchmarkRow } from './benchmark-file.ts';

/** Rows inserted per statement (PostgreSQL allows 65,535 parameters; SQLite 32,766). */
const INSERT_BATCH = 500;
const SOURCES_LISTED = 5;

/** A stored benchmark figure, as the comparison reads it. */
export interface StoredBenchmark extends Omit<BenchmarkRow, 'line'> {
  dataSetId: number;
  dataSetName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a previous version replaced at `replacedAt` can be restored. */
export const restorableUntil = (replacedAt: Date) =>
  new Date(replacedAt.getTime() + BENCHMARK_PREVIOUS_VERSION_DAYS * DAY_MS);

/** Previous versions replaced before this can no longer be restored (the hourly purge). */
export const previousVersionsBefore = (now: Date) =>
  new Date(now.getTime() - BENCHMARK_PREVIOUS_VERSION_DAYS * DAY_MS);

/** Benchmark data sets and their rows. */
export function createBenchmarksRepository(db: Kysely<Database>) {
  /** Moves every row of one data set to another. */
  const moveValues = (executor: Kysely<Database>, from: number, to: number) =>
    executor
      .updateTable('benchmarkValues')
      .set({ dataSetId: to })
      .where('dataSetId', '=', from)
      .execute();

  async function deletePrevious(executor: Kysely<Database>, id: number): Promise<void> {
    const previous = executor
      .selectFrom('benchmarkDataSets')
      .select('id')
      .where('previousOfId', '=', id);
    await executor.deleteFrom('benchmarkValues').where('dataSetId', 'in', previous).execute();
    await executor.deleteFrom('benchmarkDataSets').where('previousOfId', '=', id).execute();
  }

  return {
    /**
     * The data sets in the order a comparison prefers them for overlapping rows: the latest
     * imported first (a replacement keeps its place). `now` decides which previous versions can
     * still be restored.
     */
    async list(now: Date = new Date()): Promise<TBenchmarkDataSet[]> {
      const sets = await db
        .selectFrom('benchmarkDataSets as d')
        .leftJoin('users as u', 'u.id', 'd.importedByUserId')
        .where('d.previousOfId', 'is', null)
        .select(['d.id', 'd.fileName', 'd.createdAt', 'd.updatedAt', 'u.firstName', 'u.lastName'])
        .orderBy('d.id', 'desc')
        .execute();
      if (sets.length === 0) return [];
      const previous = await db
        .selectFrom('benchmarkDataSets as p')
        .where(
          'p.previousOfId',
          'in',
          sets.map((set) => set.id),
        )
        .select((eb) => [
          'p.id',
          'p.previousOfId',
          'p.fileName',
          'p.replacedAt',
          eb
            .selectFrom('benchmarkValues as v')
            .whereRef('v.dataSetId', '=', 'p.id')
            .select(eb.fn.countAll<number>().as('rows'))
            .as('rows'),
        ])
        .execute();
      const ids = sets.map((set) => set.id);
      const summaries = await db
        .selectFrom('benchmarkValues')
        .where('dataSetId', 'in', ids)
        .select((eb) => [
          'dataSetId',
          eb.fn.countAll<number>().as('rows'),
          eb.fn.count<number>('geography').distinct().as('geographies'),
          eb.fn.min<number>('year').as('yearFrom'),
          eb.fn.max<number>('year').as('yearTo'),
        ])
        .groupBy('dataSetId')
        .execute();
      const metrics = await db
        .selectFrom('benchmarkValues')
        .where('dataSetId', 'in', ids)
        .select(['dataSetId', 'metric'])
        .distinct()
        .orderBy('metric')
        .execute();
      const sources = await db
        .selectFrom('benchmarkValues')
        .where('dataSetId', 'in', ids)
        .select(['dataSetId', 'source'])
        .distinct()
        .orderBy('source')
        .execute();
      return sets.map((set, index) => {
        const summary = summaries.find((s) => s.dataSetId === set.id);
        const before = previous.find((p) => Number(p.previousOfId) === set.id);
        const replacedAt = before?.replacedAt ? new Date(toIso(before.replacedAt)) : null;
        const until = replacedAt ? restorableUntil(replacedAt) : null;
        return {
          precedence: index + 1,
          previousVersion:
            before && replacedAt && until && until > now
              ? {
                  fileName: before.fileName,
                  rows: Number(before.rows ?? 0),
                  replacedAt: replacedAt.toISOString(),
                  restorableUntil: until.toISOString(),
                }
              : null,
          id: set.id,
          fileName: set.fileName,
          rows: Number(summary?.rows ?? 0),
          metrics: metrics
            .filter((m) => m.dataSetId === set.id)
            .map((m) => m.metric as BenchmarkMetric),
          geographies: Number(summary?.geographies ?? 0),
          yearFrom: summary?.yearFrom == null ? null : Number(summary.yearFrom),
          yearTo: summary?.yearTo == null ? null : Number(summary.yearTo),
          sources: sources
            .filter((s) => s.dataSetId === set.id)
            .slice(0, SOURCES_LISTED)
            .map((s) => s.source),
          importedBy:
            set.firstName === null ? null : `${set.firstName} ${set.lastName ?? ''}`.trim(),
          createdAt: toIso(set.createdAt),
          updatedAt: toIso(set.updatedAt),
        };
      });
    },

    async find(id: number, now?: Date): Promise<TBenchmarkDataSet | undefined> {
      return (await this.list(now)).find((set) => set.id === id);
    },

    /** A data set in use (not a previous version), with its row count. */
    async exists(id: number): Promise<{ fileName: string; rows: number } | undefined> {
      const row = await db
        .selectFrom('benchmarkDataSets as d')
        .where('d.id', '=', id)
        .where('d.previousOfId', 'is', null)
        .select((eb) => [
          'd.fileName',
          eb
            .selectFrom('benchmarkValues as v')
            .whereRef('v.dataSetId', '=', 'd.id')
            .select(eb.fn.countAll<number>().as('rows'))
            .as('rows'),
        ])
        .executeTakeFirst();
      return row && { fileName: row.fileName, rows: Number(row.rows ?? 0) };
    },

    /** A data set's previous version, if it has one. */
    async previousOf(
      id: number,
    ): Promise<{ id: number; fileName: string; replacedAt: Date; rows: number } | undefined> {
      const row = await db
        .selectFrom('benchmarkDataSets as p')
        .where('p.previousOfId', '=', id)
        .select((eb) => [
          'p.id',
          'p.fileName',
          'p.replacedAt',
          eb
            .selectFrom('benchmarkValues as v')
            .whereRef('v.dataSetId', '=', 'p.id')
            .select(eb.fn.countAll<number>().as('rows'))
            .as('rows'),
        ])
        .executeTakeFirst();
      if (!row || !row.replacedAt) return undefined;
      return {
        id: Number(row.id),
        fileName: row.fileName,
        replacedAt: new Date(toIso(row.replacedAt)),
        rows: Number(row.rows ?? 0),
      };
    },

    /**
     * Keeps a data set's rows and file name as its previous version (replacing an older one) and
     * leaves the data set empty, noting who replaced it. The previous version is a data set of
     * its own that no comparison reads.
     */
    async keepPrevious(
      executor: Kysely<Database>,
      id: number,
      input: { fileName: string; userId: number | null; at: Date },
    ): Promise<void> {
      await deletePrevious(executor, id);
      const current = await executor
        .selectFrom('benchmarkDataSets')
        .select(['fileName', 'importedByUserId', 'createdAt', 'updatedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { id: previousId } = await executor
        .insertInto('benchmarkDataSets')
        .values({ ...current, previousOfId: id, replacedAt: input.at.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveValues(executor, id, previousId);
      await executor
        .updateTable('benchmarkDataSets')
        .set({
          fileName: input.fileName,
          importedByUserId: input.userId,
          updatedAt: input.at.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Swaps a data set's rows and file with its previous version's: restoring again undoes the
     * restore. The data set keeps its id, and so its precedence.
     */
    async restorePrevious(executor: Kysely<Database>, id: number, at: Date): Promise<void> {
      const previous = await executor
        .selectFrom('benchmarkDataSets')
        .select(['id', 'fileName', 'importedByUserId', 'createdAt', 'updatedAt'])
        .where('previousOfId', '=', id)
        .executeTakeFirstOrThrow();
      const current = await executor
        .selectFrom('benchmarkDataSets')
        .select(['fileName', 'importedByUserId', 'createdAt', 'updatedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // The current rows wait in a new previous version while the old one's come back.
      await executor
        .updateTable('benchmarkDataSets')
        .set({ previousOfId: null })
        .where('id', '=', previous.id)
        .execute();
      const { id: keptId } = await executor
        .insertInto('benchmarkDataSets')
        .values({ ...current, previousOfId: id, replacedAt: at.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveValues(executor, id, keptId);
      await moveValues(executor, previous.id, id);
      await executor.deleteFrom('benchmarkDataSets').where('id', '=', previous.id).execute();
      await executor
        .updateTable('benchmarkDataSets')
        .set({
          fileName: previous.fileName,
          importedByUserId: previous.importedByUserId,
          createdAt: previous.createdAt,
          updatedAt: at.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the previous versions replaced before `before`, with their rows. */
    async purgePrevious(before: Date): Promise<void> {
      const expired = db
        .selectFrom('benchmarkDataSets')
        .select('id')
        .where('previousOfId', 'is not', null)
        .where('replacedAt', '<', before.toISOString());
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('benchmarkValues').where('dataSetId', 'in', expired).execute();
        await trx
          .deleteFrom('benchmarkDataSets')
          .where('previousOfId', 'is not', null)
          .where('replacedAt', '<', before.toISOString())
          .execute();
      });
    },

    /** A new, empty data set. */
    async create(
      executor: Kysely<Database>,
      input: { fileName: string; userId: number | null },
    ): Promise<number> {
      const at = new Date().toISOString();
      const { id } = await executor
        .insertInto('benchmarkDataSets')
        .values({
          fileName: input.fileName,
          importedByUserId: input.userId,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Stores rows as they come, a batch at a time; returns how many. */
    async insertRows(
      executor: Kysely<Database>,
      dataSetId: number,
      rows: AsyncIterable<BenchmarkRow>,
    ): Promise<number> {
      let batch: Array<Insertable<BenchmarkValueTable>> = [];
      let count = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await executor.insertInto('benchmarkValues').values(batch).execute();
        count += batch.length;
        batch = [];
      };
      for await (const row of rows) {
        batch.push({
          dataSetId,
          geography: row.geography,
          cip: row.cip,
          soc: row.soc,
          metric: row.metric,
          year: row.year,
          value: row.value,
          source: row.source,
        });
        if (batch.length === INSERT_BATCH) await flush();
      }
      await flush();
      return count;
    },

    async delete(executor: Kysely<Database>, id: number): Promise<void> {
      await deletePrevious(executor, id);
      await executor.deleteFrom('benchmarkValues').where('dataSetId', '=', id).execute();
      await executor.deleteFrom('benchmarkDataSets').where('id', '=', id).execute();
    },

    /** A credential's program code and its organization's state. */
    async credentialPlace(credentialId: number): Promise<
      | {
          organizationId: number;
          programCode: string | null;
          state: string | null;
        }
      | undefined
    > {
      return db
        .selectFrom('credentials as c')
        .innerJoin('organizations as o', 'o.id', 'c.organizationId')
        .where('c.id', '=', credentialId)
        .select(['c.organizationId', 'c.programCode', 'o.state'])
        .executeTakeFirst();
    },

    /** The candidate figures of a metric for some places and codes (a handful of rows). */
    async candidates(query: {
      metric: BenchmarkMetric;
      geographies: string[];
      cips?: string[];
      soc?: string | null;
    }): Promise<StoredBenchmark[]> {
      let select = db
        .selectFrom('benchmarkValues')
        .innerJoin('benchmarkDataSets as d', 'd.id', 'benchmarkValues.dataSetId')
        .where('d.previousOfId', 'is', null)
        .where('metric', '=', query.metric)
        .where('geography', 'in', query.geographies)
        .select([
          'dataSetId',
          'd.fileName as dataSetName',
          'geography',
          'cip',
          'soc',
          'metric',
          'year',
          'value',
          'source',
        ]);
      if (query.metric === 'hs_earnings_threshold') {
        select = select.where('cip', 'is', null).where('soc', 'is', null);
      } else {
        const cips = query.cips ?? [];
        const soc = query.soc ?? null;
        if (cips.length === 0 && soc === null) return [];
        select = select.where((eb) =>
          eb.or([
            ...(cips.length > 0 ? [eb('cip', 'in', cips)] : []),
            ...(soc !== null ? [eb('soc', '=', soc)] : []),
          ]),
        );
      }
      const rows = await select.execute();
      return rows.map((row) => ({
        ...row,
        metric: row.metric as BenchmarkMetric,
        year: Number(row.year),
        value: Number(row.value),
        dataSetId: Number(row.dataSetId),
      }));
    },
  };
}
export type BenchmarksRepository = ReturnType<typeof createBenchmarksRepository>;
