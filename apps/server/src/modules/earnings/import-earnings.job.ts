import type { Insertable } from 'kysely';

import { EARNINGS_IMPORT_MAX_ERRORS } from '@laurel/contract/earnings-imports';

import type { EarningsYearTable } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
} from '../../jobs/types.ts';
import { FileProblem, readCsvRecords } from '../../lib/csv-records.ts';
import {
  checkEarningsRow,
  type EarningsFileRow,
  FileError,
  isBlankRecord,
  readEarningsHeader,
  type RowError,
} from './earnings-file.ts';
import {
  EARNINGS_PROVIDER_CODES,
  EARNINGS_PROVIDERS,
  type EarningsProviderCode,
  latestCompleteYear,
} from './earnings-provider.ts';
import type { EarningsImportsRepository } from './earnings-imports.repository.ts';
import { awardKeyText, type EarningsRepository } from './earnings.repository.ts';
import { MATCH_BATCH_SIZE, rebuildInsightsDedupeKey } from './match-awards.job.ts';
import { recordWebhookEvent } from '../webhooks/webhook-outbox.ts';

/** Rows checked or stored per batch (one award lookup, one transaction, one progress update). */
export const DEFAULT_EARNINGS_BATCH_ROWS = 5000;

export const EARNINGS_IMPORT_STOPPED =
  'Processing stopped unexpectedly. Import the file again: rows already stored are replaced, not duplicated, and no match is billed twice.';

/** An organization without the earnings entitlement is neither matched nor billed (DESIGN §4). */
export const EARNINGS_IMPORT_NOT_ENTITLED =
  'This organization has no earnings entitlement, so its awards are neither matched nor billed. Switch on its insights entitlement first, then import the file.';

const UNKNOWN_AWARD =
  'No award of this organization has this award_external_id, credential_code and award_date';

export interface ImportEarningsOptions {
  batchRows?: number;
  now?: () => Date;
  /** Runs after each stored batch, once its progress is recorded. */
  afterBatch?: (progress: { importId: number; rowsProcessed: number }) => Promise<void> | void;
}

function importIdOf(context: JobContext): number {
  const id = Number(context.job.payload.importId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('import-earnings needs an importId');
  return id;
}

/** An award's year as one number, so that a million of them stay a compact set. */
const awardYearKey = (awardId: number, year: number) => awardId * 4096 + (year - 1900);

/**
 * The `import-earnings` job (docs/earnings-import.md): reads the stored file twice, streaming.
 * The first pass checks every row (its cells, its award, no year twice, one provider per award);
 * any error fails the import and nothing is stored. The second pass stores the rows in batches,
 * each batch in one transaction with its awards marked MATCHED and billed, then the import is
 * completed and the organization's insights rebuild queued. Memory holds one batch of rows and a
 * compact set of (award, year) keys, never the file.
 */
export function createImportEarningsHandler(
  deps: { earnings: EarningsRepository; imports: EarningsImportsRepository },
  options: ImportEarningsOptions = {},
): JobHandler {
  const { earnings, imports } = deps;
  const batchRows = options.batchRows ?? DEFAULT_EARNINGS_BATCH_ROWS;
  const now = options.now ?? (() => new Date());

  /**
   * Good rows of the file, in batches; row errors go to `onError`. Throws FileError or FileProblem
   * for a file that cannot be read as a whole.
   */
  async function* batches(
    importId: number,
    latestYear: number,
    onError: (error: RowError) => void,
  ): AsyncGenerator<EarningsFileRow[]> {
    let line = 0;
    let header: ReturnType<typeof readEarningsHeader> | undefined;
    let batch: EarningsFileRow[] = [];
    let rows = 0;
    for await (const record of readCsvRecords(imports.chunks(importId))) {
      line++;
      if (isBlankRecord(record)) continue;
      if (!header) {
        header = readEarningsHeader(record);
        continue;
      }
      rows++;
      const checked = checkEarningsRow(record, line, header, { latestYear });
      if ('error' in checked) onError(checked.error);
      else batch.push(checked.row);
      if (batch.length >= batchRows) {
        yield batch;
        batch = [];
      }
    }
    if (!header) throw new FileError('The file is empty');
    if (rows === 0) throw new FileError('The file has a header but no rows');
    if (batch.length > 0) yield batch;
  }

  async function run(context: JobContext): Promise<void> {
    const importId = importIdOf(context);
    const state = await imports.state(importId);
    if (!state) {
      context.log.warn({ importId }, 'the earnings import no longer exists');
      return;
    }
    if (state.status === 'COMPLETED' || state.status === 'FAILED') return;
    const { organizationId } = state;
    if (!(await earnings.insightsEntitled(organizationId))) {
      // Switched off since the file was accepted: nothing is matched or billed.
      await imports.fail(importId, { message: EARNINGS_IMPORT_NOT_ENTITLED });
      context.log.info({ importId, organizationId }, 'earnings import refused: no entitlement');
      return;
    }
    await imports.begin(importId);
    const latestYear = latestCompleteYear(now());

    // Pass 1: check every row.
    let errors: RowError[] = [];
    let rowsFailed = 0;
    let rowsChecked = 0;
    const addError = (error: RowError) => {
      rowsFailed++;
      errors.push(error);
    };
    const seenYears = new Set<number>();
    const providerOf = new Map<number, number>();
    try {
      for await (const batch of batches(importId, latestYear, (error) => {
        rowsChecked++;
        addError(error);
      })) {
        rowsChecked += batch.length;
        const awardIds = await earnings.findAwards(organizationId, batch);
        for (const row of batch) {
          const awardId = awardIds.get(awardKeyText(row));
          if (awardId === undefined) {
            addError({ line: row.line, message: UNKNOWN_AWARD });
            continue;
          }
          const key = awardYearKey(awardId, row.year);
          if (seenYears.has(key)) {
            addError({ line: row.line, message: `Year ${row.year} of this award appears twice` });
            continue;
          }
          seenYears.add(key);
          const provider = EARNINGS_PROVIDER_CODES.indexOf(row.provider);
          if ((providerOf.get(awardId) ?? provider) !== provider) {
            addError({
              line: row.line,
              message: 'All rows of one award must name the same provider',
            });
            continue;
          }
          providerOf.set(awardId, provider);
        }
        // The first errors by line: those of the cells were found before those of the awards.
        errors = errors.sort((a, b) => a.line - b.line).slice(0, EARNINGS_IMPORT_MAX_ERRORS);
        await imports.checked(importId, rowsChecked);
        await context.heartbeat();
        if (context.stopping) throw new JobInterruptedError();
      }
    } catch (error) {
      if (error instanceof FileError || error instanceof FileProblem) {
        await imports.fail(importId, { message: error.message });
        context.log.info({ importId, problem: error.message }, 'earnings import refused');
        return;
      }
      throw error;
    }
    const awards = providerOf.size;
    const rowsTotal = rowsChecked;
    seenYears.clear();
    providerOf.clear();
    if (rowsFailed > 0) {
      await imports.fail(importId, {
        message: `${rowsFailed} row(s) of the earnings file have errors; nothing was imported`,
        rowsChecked: rowsTotal,
        rowsFailed,
        rowErrors: errors.slice(0, EARNINGS_IMPORT_MAX_ERRORS),
      });
      context.log.info({ importId, rowsFailed }, 'earnings import refused');
      return;
    }
    await imports.counted(importId, { rowsTotal, awards });

    // Pass 2: store the rows, batch by batch.
    let rowsProcessed = 0;
    const at = now();
    for await (const batch of batches(importId, latestYear, () => {
      throw new Error(`The earnings file of import ${importId} changed between two readings`);
    })) {
      const awardIds = await earnings.findAwards(organizationId, batch);
      const years: Array<Insertable<EarningsYearTable>> = [];
      const byProvider = new Map<EarningsProviderCode, Set<number>>();
      for (const row of batch) {
        const awardId = awardIds.get(awardKeyText(row));
        if (awardId === undefined)
          throw new Error(`An award of earnings import ${importId} disappeared while importing`);
        years.push({
          awardId,
          year: row.year,
          wage: row.wage,
          employed: row.employed,
          fullTime: row.fullTime,
          industry: row.industry,
          jobRole: row.jobRole,
          source: row.provider,
        });
        const ids = byProvider.get(row.provider) ?? new Set<number>();
        ids.add(awardId);
        byProvider.set(row.provider, ids);
      }
      rowsProcessed += batch.length;
      await context.db.transaction().execute(async (trx) => {
        await earnings.upsertEarningsYears(trx, years);
        const newlyMatched: number[] = [];
        for (const [provider, ids] of byProvider) {
          newlyMatched.push(
            ...(await earnings.markMatched(trx, {
              organizationId,
              awardIds: [...ids],
              provider,
              billingCode: EARNINGS_PROVIDERS[provider].billingCode,
              at,
            })),
          );
        }
        await imports.stored(trx, importId, { rowsProcessed, newlyMatched: newlyMatched.length });
        // As when a provider matches them: the awards this batch matched for the first time, in
        // events of at most a matching batch's size.
        for (let start = 0; start < newlyMatched.length; start += MATCH_BATCH_SIZE)
          await recordWebhookEvent(trx, organizationId, 'award.matched', {
            awardIds: newlyMatched.slice(start, start + MATCH_BATCH_SIZE),
          });
      });
      await context.heartbeat();
      await options.afterBatch?.({ importId, rowsProcessed });
      if (context.stopping) throw new JobInterruptedError();
    }
    if (rowsProcessed !== rowsTotal)
      throw new Error(`Stored ${rowsProcessed} rows of import ${importId}, checked ${rowsTotal}`);

    await context.db.transaction().execute(async (trx) => {
      await imports.complete(trx, importId);
      await enqueueJob(trx, {
        type: JOB_TYPES.rebuildInsights,
        organizationId,
        dedupeKey: rebuildInsightsDedupeKey(organizationId),
      });
    });
    context.log.info({ importId, rowsTotal, awards }, 'earnings imported');
  }

  return {
    run,
    async onFailed(context) {
      await imports.fail(importIdOf(context), { message: EARNINGS_IMPORT_STOPPED });
    },
  };
}
