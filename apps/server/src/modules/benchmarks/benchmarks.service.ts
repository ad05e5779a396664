import type { Kysely } from 'kysely';

import { API_MESSAGES_EN } from '@laurel/contract/i18n/api.en';
import { formatMessage } from '@laurel/contract/i18n/messages';
import {
  BENCHMARK_GEOGRAPHIES,
  BENCHMARK_MAX_BYTES,
  BENCHMARK_MAX_ERRORS,
  benchmarkErrorKey,
  type BenchmarkMetric,
  type TBenchmarkComparison,
  type TBenchmarkComparisonQuery,
  type TBenchmarkDataSet,
  type TBenchmarkFileCheck,
  type TBenchmarkReference,
} from '@laurel/contract/benchmarks';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { FileProblem } from '../../lib/csv-records.ts';
import {
  csvFileName,
  type FileIntakeOptions,
  type IncomingFile,
  type ReceivedFile,
  receiveFile,
} from '../../lib/file-intake.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { latestCompleteYear } from '../earnings/earnings-provider.ts';
import { dollarsYearFor, realFactor } from '../insights/cpi-u.ts';
import { type BenchmarkCellError, type BenchmarkRow, readBenchmarkFile } from './benchmark-file.ts';
import {
  type BenchmarksRepository,
  restorableUntil,
  type StoredBenchmark,
} from './benchmarks.repository.ts';

export const NO_PREVIOUS_VERSION =
  'This data set has no previous version to restore: it was never replaced, or its previous version was kept for 30 days and has been deleted.';

/** How benchmark files are received (size limit, refusals). */
export const BENCHMARK_INTAKE: FileIntakeOptions = {
  maxBytes: BENCHMARK_MAX_BYTES,
  refusals: {
    notCsv: 'Only CSV files can be imported. Save the benchmark file as a UTF-8 CSV file.',
    empty: 'The file is empty (0 bytes). Choose the benchmark file and import it again.',
    tooLarge: `The file is larger than ${BENCHMARK_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller data sets.`,
    noFile: 'Send the benchmark file as multipart/form-data in a field named "file".',
    oneFile: 'Import one file at a time.',
    malformed:
      'The request is not well-formed multipart/form-data. Send the benchmark file in a field named "file".',
  },
};

const CIP = /^\d{2}(\.\d{2}(\d{2})?)?$/;
const SOC = /^\d{2}-\d{4}$/;
const GEOGRAPHIES = new Set<string>(BENCHMARK_GEOGRAPHIES);

async function* rowsOnly(
  items: AsyncIterable<{ row: BenchmarkRow } | { errors: BenchmarkCellError[] }>,
): AsyncGenerator<BenchmarkRow> {
  for await (const item of items) {
    // The file was checked whole before this read; it cannot have changed on disk since.
    if ('errors' in item) throw new Error('a checked benchmark file has an invalid row');
    yield item.row;
  }
}

/**
 * The benchmark that applies: the most specific code first (a six-digit CIP before its series,
 * the series before its family), then the state before the nation, then the latest year, then
 * the latest data set.
 */
function best(candidates: StoredBenchmark[], state: string | null): StoredBenchmark | null {
  const specificity = (row: StoredBenchmark) => (row.soc ?? row.cip ?? '').length;
  const sorted = [...candidates].sort(
    (a, b) =>
      specificity(b) - specificity(a) ||
      Number(b.geography === state) - Number(a.geography === state) ||
      b.year - a.year ||
      b.dataSetId - a.dataSetId,
  );
  return sorted[0] ?? null;
}

function reference(row: StoredBenchmark | null, dollarsOfYear: number): TBenchmarkReference | null {
  if (!row) return null;
  return {
    metric: row.metric,
    value: Math.round(row.value * realFactor(row.year, dollarsOfYear)),
    reportedValue: row.value,
    year: row.year,
    geography: row.geography,
    code: row.soc ?? row.cip,
    codeSystem: row.soc ? 'SOC' : row.cip ? 'CIP' : null,
    source: row.source,
    dataSetId: row.dataSetId,
    dataSetName: row.dataSetName,
  };
}

export function createBenchmarksService(deps: {
  db: Kysely<Database>;
  benchmarks: BenchmarksRepository;
  audit: Auditor;
  now?: () => Date;
}) {
  const { db, benchmarks, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Checks every row of a received file; refuses the file (400) naming each row and column at
   * fault when one fails. Returns the number of rows.
   */
  async function check(received: ReceivedFile): Promise<number> {
    const latestYear = now().getUTCFullYear();
    const errors: BenchmarkCellError[] = [];
    let errorCount = 0;
    let rowsWithErrors = 0;
    let rows = 0;
    try {
      for await (const item of readBenchmarkFile(received.chunks(), { latestYear })) {
        if (!('errors' in item)) {
          rows += 1;
          continue;
        }
        rowsWithErrors += 1;
        errorCount += item.errors.length;
        for (const error of item.errors)
          if (errors.length < BENCHMARK_MAX_ERRORS) errors.push(error);
      }
    } catch (error) {
      if (error instanceof FileProblem) throw badRequest(`${error.message} Nothing was imported.`);
      throw error;
    }
    if (errorCount > 0) {
      const fieldErrors: Record<string, string> = {};
      for (const error of errors) {
        const key = benchmarkErrorKey(error.line, error.column);
        fieldErrors[key] = fieldErrors[key]
          ? `${fieldErrors[key]}; ${error.message}`
          : error.message;
      }
      throw badRequest(
        formatMessage(API_MESSAGES_EN, 'en', 'benchmarks.rowsWithErrors', {
          rows: rowsWithErrors,
          errors: errorCount.toLocaleString('en-US'),
          shown: errorCount > errors.length ? errors.length : 'all',
        }),
        fieldErrors,
      );
    }
    return rows;
  }

  /**
   * Reads the received file twice from disk: first every row is checked (nothing is stored when
   * one fails, and the answer names each row and column at fault), then, in one transaction, the
   * rows are stored with the audit entry.
   */
  async function ingest(
    received: ReceivedFile,
    store: (trx: Kysely<Database>, rows: AsyncIterable<BenchmarkRow>) => Promise<number>,
  ): Promise<number> {
    await check(received);
    const latestYear = now().getUTCFullYear();
    return db
      .transaction()
      .execute((trx) => store(trx, rowsOnly(readBenchmarkFile(received.chunks(), { latestYear }))));
  }

  return {
    /** Whether the actor may manage benchmarks: asked before a request body is read. */
    authorize(actor: Actor): void {
      requireAccess(actor.principal, 'manage:benchmark');
    },

    async list(actor: Actor): Promise<TBenchmarkDataSet[]> {
      requireAccess(actor.principal, 'manage:benchmark');
      return benchmarks.list(now());
    },

    /** Checks a file as an import or a replacement would, and stores nothing. */
    async checkFile(actor: Actor, file: IncomingFile): Promise<TBenchmarkFileCheck> {
      requireAccess(actor.principal, 'manage:benchmark');
      const fileName = csvFileName(file.fileName, BENCHMARK_INTAKE.refusals);
      const rows = await receiveFile(file, BENCHMARK_INTAKE, check);
      return { fileName, rows };
    },

    /** Imports a benchmark file as a new data set. */
    async importFile(actor: Actor, file: IncomingFile): Promise<TBenchmarkDataSet> {
      requireAccess(actor.principal, 'manage:benchmark');
      const fileName = csvFileName(file.fileName, BENCHMARK_INTAKE.refusals);
      const id = await receiveFile(file, BENCHMARK_INTAKE, (received) =>
        ingest(received, async (trx, rows) => {
          const created = await benchmarks.create(trx, {
            fileName,
            userId: actor.principal.userId,
          });
          const count = await benchmarks.insertRows(trx, created, rows);
          await audit(trx, actor, {
            type: 'UPLOAD',
            resourceType: 'benchmark-data-set',
            resourceId: created,
            summary: `Imported benchmark file "${fileName}" (${count.toLocaleString('en-US')} rows)`,
          });
          return created;
        }),
      );
      return (await benchmarks.find(id, now()))!;
    },

    /**
     * Replaces a data set's rows with a new file's, all or nothing. The rows it had are kept as
     * its previous version, restorable for BENCHMARK_PREVIOUS_VERSION_DAYS.
     */
    async replaceFile(actor: Actor, id: number, file: IncomingFile): Promise<TBenchmarkDataSet> {
      requireAccess(actor.principal, 'manage:benchmark');
      const before = await benchmarks.exists(id);
      if (!before) throw notFound();
      const fileName = csvFileName(file.fileName, BENCHMARK_INTAKE.refusals);
      await receiveFile(file, BENCHMARK_INTAKE, (received) =>
        ingest(received, async (trx, rows) => {
          await benchmarks.keepPrevious(trx, id, {
            fileName,
            userId: actor.principal.userId,
            at: now(),
          });
          const count = await benchmarks.insertRows(trx, id, rows);
          await audit(trx, actor, {
            type: 'UPDATE',
            resourceType: 'benchmark-data-set',
            resourceId: id,
            summary: `Replaced benchmark data set "${before.fileName}" (${before.rows.toLocaleString('en-US')} rows) with "${fileName}" (${count.toLocaleString('en-US')} rows); the previous version can be restored for 30 days`,
          });
          return id;
        }),
      );
      return (await benchmarks.find(id, now()))!;
    },

    /** Puts a data set's previous version back; the rows it replaces become the previous version. */
    async restorePrevious(actor: Actor, id: number): Promise<TBenchmarkDataSet> {
      requireAccess(actor.principal, 'manage:benchmark');
      const current = await benchmarks.exists(id);
      if (!current) throw notFound();
      const previous = await benchmarks.previousOf(id);
      if (!previous || restorableUntil(previous.replacedAt) <= now())
        throw conflict(NO_PREVIOUS_VERSION);
      await db.transaction().execute(async (trx) => {
        await benchmarks.restorePrevious(trx, id, now());
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'benchmark-data-set',
          resourceId: id,
          summary: `Restored the previous version of benchmark data set "${current.fileName}" (${current.rows.toLocaleString('en-US')} rows): "${previous.fileName}" (${previous.rows.toLocaleString('en-US')} rows)`,
        });
      });
      return (await benchmarks.find(id, now()))!;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requireAccess(actor.principal, 'manage:benchmark');
      const before = await benchmarks.exists(id);
      if (!before) throw notFound();
      await db.transaction().execute(async (trx) => {
        await benchmarks.delete(trx, id);
        await audit(trx, actor, {
          type: 'DELETE',
          resourceType: 'benchmark-data-set',
          resourceId: id,
          summary: `Deleted benchmark data set "${before.fileName}"`,
        });
      });
    },

    /**
     * A credential's benchmarks: the median earnings for its program code (CIP, or SOC when the
     * code is an occupation) in its organization's state or else the nation, and the high-school
     * earnings threshold of that place; both in the insights' dollars.
     */
    async comparison(
      actor: Actor,
      query: TBenchmarkComparisonQuery,
    ): Promise<TBenchmarkComparison> {
      const place = await benchmarks.credentialPlace(query.credentialId);
      if (!place) throw notFound();
      requireAccess(actor.principal, 'read:insights', { organizationId: place.organizationId });
      const dollarsOfYear = query.dollarsOfYear ?? dollarsYearFor(latestCompleteYear(now()));
      const state = place.state?.trim().toUpperCase() ?? '';
      const geographies = GEOGRAPHIES.has(state) && state !== 'US' ? [state, 'US'] : ['US'];
      const code = place.programCode?.trim() ?? '';
      const cips = CIP.test(code)
        ? [...new Set([code.slice(0, 7), code.slice(0, 5), code.slice(0, 2)])].filter((c) =>
            CIP.test(c),
          )
        : [];
      const soc = SOC.test(code) ? code : null;
      const find = async (metric: BenchmarkMetric) =>
        best(await benchmarks.candidates({ metric, geographies, cips, soc }), state || null);
      return {
        credentialId: query.credentialId,
        dollarsOfYear,
        benchmark: reference(await find('median_earnings'), dollarsOfYear),
        threshold: reference(await find('hs_earnings_threshold'), dollarsOfYear),
      };
    },
  };
}
export type BenchmarksService = ReturnType<typeof createBenchmarksService>;
