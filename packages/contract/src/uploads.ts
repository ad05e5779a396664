import { z } from 'zod';

import { UPLOAD_STATUSES } from './constants.ts';
import { listQuery, page, ZId } from './pagination.ts';

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
/** Largest accepted upload file, in bytes. */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

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
