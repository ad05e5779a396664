import type { Insertable, Kysely } from 'kysely';

import type { BenchmarkMetric, TBenchmarkDataSet } from '@laurel/contract/benchmarks';

import type { BenchmarkValueTable, Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import type { BenchmarkRow } from './benchmark-file.ts';

/** Rows inserted per statement (PostgreSQL allows 65,535 parameters; SQLite 32,766). */
const INSERT_BATCH = 500;
const SOURCES_LISTED = 5;

/** A stored benchmark figure, as the comparison reads it. */
export interface StoredBenchmark extends Omit<BenchmarkRow, 'line'> {
  dataSetId: number;
}

/** Benchmark data sets and their rows. */
export function createBenchmarksRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<TBenchmarkDataSet[]> {
      const sets = await db
        .selectFrom('benchmarkDataSets as d')
        .leftJoin('users as u', 'u.id', 'd.importedByUserId')
        .select(['d.id', 'd.fileName', 'd.createdAt', 'd.updatedAt', 'u.firstName', 'u.lastName'])
        .orderBy('d.updatedAt', 'desc')
        .orderBy('d.id', 'desc')
        .execute();
      if (sets.length === 0) return [];
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
      return sets.map((set) => {
        const summary = summaries.find((s) => s.dataSetId === set.id);
        return {
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

    async find(id: number): Promise<TBenchmarkDataSet | undefined> {
      return (await this.list()).find((set) => set.id === id);
    },

    async exists(id: number): Promise<{ fileName: string } | undefined> {
      return db
        .selectFrom('benchmarkDataSets')
        .where('id', '=', id)
        .select('fileName')
        .executeTakeFirst();
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

    /** Empties a data set that is about to get new rows, and notes who replaced it. */
    async clear(
      executor: Kysely<Database>,
      id: number,
      input: { fileName: string; userId: number | null },
    ): Promise<void> {
      await executor.deleteFrom('benchmarkValues').where('dataSetId', '=', id).execute();
      await executor
        .updateTable('benchmarkDataSets')
        .set({
          fileName: input.fileName,
          importedByUserId: input.userId,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
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
        .where('metric', '=', query.metric)
        .where('geography', 'in', query.geographies)
        .select(['dataSetId', 'geography', 'cip', 'soc', 'metric', 'year', 'value', 'source']);
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
