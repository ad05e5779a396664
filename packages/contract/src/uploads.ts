import { z } from 'zod';

import { UPLOAD_STATUSES } from './constants.ts';
import {
  DEFAULT_PAGE_SIZE,
  listQuery,
  MAX_PAGE_SIZE,
  page,
  ZId,
  ZWholeNumber,
} from './pagination.ts';

/** Columns of an awards upload, in order. The header row must name them exactly. */
export const UPLOAD_COLUMNS = [
  'credential_code',
  'external_id',
  'first_name',
  'last_name',
  'email',
  'date_of_birth',
  'award_date',
] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
/** Largest accepted upload file, in bytes. */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

/** The most rows one JSON upload carries (`POST …/uploads` with `application/json`). */
export const UPLOAD_JSON_MAX_ROWS = 10_000;
/** Header that makes a retried upload return the first one rather than upload again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const ZCell = z.string().max(1000, 'Keep each value to 1,000 characters.');
/**
 * One award as a JSON row: the CSV file's columns by name. Values are checked as a file's cells
 * are (a refused row is reported, the others stored), so only their types are checked here.
 */
export const ZUploadRow = z.strictObject({
  credential_code: ZCell,
  external_id: ZCell,
  first_name: ZCell,
  last_name: ZCell,
  email: ZCell.nullable().optional(),
  date_of_birth: ZCell.nullable().optional(),
  award_date: ZCell,
});
export const ZUploadRowsBody = z
  .strictObject({
    /** Shown as the upload's file name; `api-upload.csv` when absent. */
    fileName: z.string().trim().min(1).max(200).optional(),
    rows: z
      .array(ZUploadRow)
      .min(1, 'Send at least one row.')
      .max(
        UPLOAD_JSON_MAX_ROWS,
        `Send at most ${UPLOAD_JSON_MAX_ROWS.toLocaleString('en-US')} rows at a time.`,
      ),
  })
  .meta({ id: 'UploadRows' });
export type TUploadRowsBody = z.infer<typeof ZUploadRowsBody>;

export const ZUpload = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    fileName: z.string(),
    fileSize: z.number().int(),
    status: z.enum(UPLOAD_STATUSES),
    rowsTotal: z.number().int(),
    rowsProcessed: z.number().int(),
    rowsOk: z.number().int(),
    rowsFailed: z.number().int(),
    errorMessage: z.string().nullable(),
    uploadedBy: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Upload' });
export type TUpload = z.infer<typeof ZUpload>;

export const UPLOAD_SORTS = ['createdAt', 'fileName', 'status'] as const;
/** Uploads of one organization; newest first unless asked otherwise. */
export const ZUploadListQuery = listQuery(UPLOAD_SORTS, 'createdAt').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(UPLOAD_STATUSES).optional(),
});
export type TUploadListQuery = z.infer<typeof ZUploadListQuery>;
/** Uploads across the organizations the caller may see (all of them for platform admins). */
export const ZAllUploadsListQuery = ZUploadListQuery.extend({ organizationId: ZId.optional() });
export type TAllUploadsListQuery = z.infer<typeof ZAllUploadsListQuery>;
export const ZUploadPage = page(ZUpload).meta({ id: 'UploadPage' });

/** Why a cell or row of an upload was refused. */
const UPLOAD_REFUSAL_REASONS = [
  'cell-count',
  'too-long',
  'missing',
  'unknown-credential',
  'archived-credential',
  'invalid-email',
  'invalid-date',
  'date-out-of-range',
  'repeated-row',
] as const;
export type UploadRefusalReason = (typeof UPLOAD_REFUSAL_REASONS)[number];
export const UPLOAD_REFUSAL_REASON_LABELS: Record<UploadRefusalReason, string> = {
  'cell-count': 'Wrong number of cells',
  'too-long': 'Too long',
  missing: 'Missing',
  'unknown-credential': 'Not one of the organization’s credential codes',
  'archived-credential': 'Archived credential',
  'invalid-email': 'Not a valid e-mail address',
  'invalid-date': 'Not a date written YYYY-MM-DD',
  'date-out-of-range': 'Date out of range',
  'repeated-row': 'Repeats an earlier row',
};
/** The column filter's value for a problem of the row as a whole (cell count, repeated row). */
export const UPLOAD_WHOLE_ROW = 'row';

/** One reason a row of an upload was refused: its row number, the column, and the cell. */
const ZUploadRefusal = z
  .object({
    /** As a spreadsheet shows it: the header is row 1. */
    rowNumber: z.number().int(),
    /** The column at fault; null for the row as a whole. */
    column: z.enum(UPLOAD_COLUMNS).nullable(),
    reason: z.enum(UPLOAD_REFUSAL_REASONS),
    message: z.string(),
    /** The cell as uploaded; null for the row as a whole. */
    value: z.string().nullable(),
  })
  .meta({ id: 'UploadRefusal' });
export type TUploadRefusal = z.infer<typeof ZUploadRefusal>;

export const ZUploadRefusalQuery = z.strictObject({
  column: z.enum([...UPLOAD_COLUMNS, UPLOAD_WHOLE_ROW]).optional(),
  reason: z.enum(UPLOAD_REFUSAL_REASONS).optional(),
  page: ZWholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
  pageSize: ZWholeNumber.pipe(
    z.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page`),
  ).default(DEFAULT_PAGE_SIZE),
});
export type TUploadRefusalQuery = z.infer<typeof ZUploadRefusalQuery>;

/** A page of an upload's refusals in file order, and how many there are by column and reason. */
export const ZUploadRefusalPage = page(ZUploadRefusal)
  .extend({
    columns: z.array(
      z.object({ column: z.enum([...UPLOAD_COLUMNS, UPLOAD_WHOLE_ROW]), count: z.number().int() }),
    ),
    reasons: z.array(z.object({ reason: z.enum(UPLOAD_REFUSAL_REASONS), count: z.number().int() })),
  })
  .meta({ id: 'UploadRefusalPage' });
export type TUploadRefusalPage = z.infer<typeof ZUploadRefusalPage>;

/** The credentials whose awards an upload added or changed (their insights changed with it). */
export const ZUploadCredentials = z
  .object({
    items: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  })
  .meta({ id: 'UploadCredentials' });
export type TUploadCredentials = z.infer<typeof ZUploadCredentials>;

/** `?organizationId=`: the template with that organization's own credential codes. */
export const ZUploadTemplateQuery = z.strictObject({ organizationId: ZId.optional() });
