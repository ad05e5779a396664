import { enqueueJob } from '../../jobs/queue.ts';
import {
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
} from '../../jobs/types.ts';
import { FileProblem, readCsvRecords } from '../../lib/csv-records.ts';
import { recordWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { FILE_PROBLEMS } from './upload-file.ts';
import { checkRow, headerProblem, isBlankRecord } from './upload-rows.ts';
import type { StagedRow, UploadsRepository } from './uploads.repository.ts';

export const PROCESSING_STOPPED = 'Processing stopped unexpectedly. Please upload the file again.';

/** Rows staged per insert (and per progress update). */
export const DEFAULT_UPLOAD_BATCH_SIZE = 1000;
/** Records read between two heartbeats and stop checks while counting. */
const COUNT_CHECK_EVERY = 5_000;

export interface ProcessUploadOptions {
  batchSize?: number;
  /** Runs after each staged batch, once its progress is recorded. */
  afterBatch?: (progress: {
    uploadId: number;
    rowsProcessed: number;
    attempt: number;
  }) => Promise<void> | void;
}

const FINISHED = new Set(['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED']);

/** The upload failed as a whole, with `upload.failed` sent to the organization's webhooks. */
const failUpload = (uploads: UploadsRepository, uploadId: number, message: string) =>
  uploads.fail(uploadId, message, (trx, organizationId) =>
    recordWebhookEvent(trx, organizationId, 'upload.failed', { uploadId, message }),
  );

function uploadIdOf(context: JobContext): number {
  const id = Number(context.job.payload.uploadId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('process-upload needs an uploadId');
  return id;
}

/**
 * The `process-upload` job: reads the stored file twice, streaming (first to check encoding,
 * CSV syntax and header and to count rows; then to check and stage every row in batches), then
 * turns the good rows into awards in one transaction that also finishes the upload and queues
 * matching. A run after a crash starts over: it throws away what the crashed run staged.
 */
export function createProcessUploadHandler(
  deps: { uploads: UploadsRepository },
  options: ProcessUploadOptions = {},
): JobHandler {
  const { uploads } = deps;
  const batchSize = options.batchSize ?? DEFAULT_UPLOAD_BATCH_SIZE;

  /** Row numbers as a spreadsheet shows them: the header is row 1. */
  async function* numberedRecords(uploadId: number) {
    let rowNumber = 0;
    for await (const cells of readCsvRecords(uploads.chunks(uploadId))) {
      rowNumber++;
      yield { rowNumber, cells };
    }
  }

  async function count(context: JobContext, uploadId: number): Promise<number> {
    let header = true;
    let rows = 0;
    let read = 0;
    for await (const { cells } of numberedRecords(uploadId)) {
      if (++read % COUNT_CHECK_EVERY === 0) {
        if (context.stopping) throw new JobInterruptedError();
        await context.heartbeat();
      }
      if (header) {
        const problem = headerProblem(cells);
        if (problem) throw new FileProblem(isBlankRecord(cells) ? FILE_PROBLEMS.empty : problem);
        header = false;
      } else if (!isBlankRecord(cells)) rows++;
    }
    if (header) throw new FileProblem(FILE_PROBLEMS.empty);
    if (rows === 0) throw new FileProblem(FILE_PROBLEMS.noRows);
    return rows;
  }

  async function run(context: JobContext): Promise<void> {
    const uploadId = uploadIdOf(context);
    const upload = await uploads.state(uploadId);
    if (!upload) {
      context.log.warn({ uploadId }, 'the upload no longer exists');
      return;
    }
    if (FINISHED.has(upload.status)) return;
    await uploads.begin(uploadId);

    let rowsTotal: number;
    try {
      rowsTotal = await count(context, uploadId);
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      await failUpload(uploads, uploadId, error.message);
      context.log.info({ uploadId, problem: error.message }, 'upload refused');
      return;
    }
    await uploads.counted(uploadId, rowsTotal);

    const credentials = await uploads.credentialsOf(upload.organizationId);
    const today = new Date().toISOString().slice(0, 10);
    const earlier = new Map<string, number>();
    let batch: StagedRow[] = [];
    let processed = 0;
    let failed = 0;

    const flush = async () => {
      if (batch.length === 0) return;
      await uploads.stage(uploadId, batch);
      processed += batch.length;
      batch = [];
      await uploads.progress(uploadId, processed, failed);
      await context.heartbeat();
      await options.afterBatch?.({
        uploadId,
        rowsProcessed: processed,
        attempt: context.job.attempt,
      });
      if (context.stopping) throw new JobInterruptedError();
    };

    let header = true;
    for await (const { rowNumber, cells } of numberedRecords(uploadId)) {
      if (header) {
        header = false;
        continue;
      }
      if (isBlankRecord(cells)) continue;
      const checked = checkRow(cells, rowNumber, { credentials, today, earlier });
      if (checked.ok) batch.push({ rowNumber, raw: cells, error: null, ...checked.values });
      else {
        failed++;
        batch.push({
          rowNumber,
          raw: cells,
          error: checked.error,
          problems: checked.problems,
          ...checked.partial,
        });
      }
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    if (processed !== rowsTotal)
      throw new Error(`Read ${processed} rows of upload ${uploadId}, counted ${rowsTotal} before`);

    const rowsOk = processed - failed;
    await context.db.transaction().execute(async (trx) => {
      if (rowsOk > 0) await uploads.merge(trx, uploadId, upload.organizationId);
      await uploads.finish(trx, uploadId, { rowsTotal, rowsOk, rowsFailed: failed });
      await recordWebhookEvent(trx, upload.organizationId, 'upload.completed', {
        uploadId,
        status: failed > 0 ? 'COMPLETED_WITH_ERRORS' : 'COMPLETED',
        rowsTotal,
        rowsOk,
        rowsRefused: failed,
      });
      if (rowsOk > 0) {
        await enqueueJob(trx, {
          type: JOB_TYPES.matchAwards,
          organizationId: upload.organizationId,
          dedupeKey: `${JOB_TYPES.matchAwards}:${upload.organizationId}`,
        });
      }
    });
    context.log.info({ uploadId, rowsTotal, rowsOk, rowsFailed: failed }, 'upload processed');
  }

  return {
    run,
    async onFailed(context) {
      await failUpload(uploads, uploadIdOf(context), PROCESSING_STOPPED);
    },
  };
}
