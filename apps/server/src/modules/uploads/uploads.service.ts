import type { Kysely } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import { accessFor } from '@laurel/contract/permissions';
import {
  type TAllUploadsListQuery,
  type TUpload,
  type TUploadListQuery,
  UPLOAD_MAX_BYTES,
} from '@laurel/contract/uploads';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import { type Actor, type Auditor, exportRecorder } from '../../lib/audit.ts';
import {
  csvFileName,
  type FileRefusals,
  type IncomingFile,
  receiveFile,
} from '../../lib/file-intake.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ErrorRow, UploadFilter, UploadsRepository } from './uploads.repository.ts';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const UPLOAD_REFUSALS: FileRefusals = {
  notCsv:
    'Only CSV files can be uploaded. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.',
  empty: 'The file is empty (0 bytes). Choose the CSV file with the awards and upload it again.',
  tooLarge: `The file is larger than ${megabytes(UPLOAD_MAX_BYTES)}. Split it into smaller files and upload them one by one.`,
  noFile: 'Send the CSV file as multipart/form-data in a field named "file".',
  oneFile: 'Upload one file at a time.',
  malformed:
    'The request is not well-formed multipart/form-data. Send the CSV file in a field named "file".',
};

/** How upload files are received (size limit, refusals). */
export const UPLOAD_INTAKE = { maxBytes: UPLOAD_MAX_BYTES, refusals: UPLOAD_REFUSALS };

export function createUploadsService(deps: {
  db: Kysely<Database>;
  uploads: UploadsRepository;
  audit: Auditor;
  /** Wakes the job worker once a queued job is committed. */
  notifyJobs: () => void;
}) {
  const { db, uploads, audit, notifyJobs } = deps;

  async function load(actor: Actor, id: number): Promise<TUpload> {
    const upload = await uploads.find(id);
    if (!upload) throw notFound();
    requireAccess(actor.principal, 'read:upload', { organizationId: upload.organizationId });
    return upload;
  }

  /** Platform admins see every organization's uploads; organization admins their own. */
  function scope(actor: Actor, query: TAllUploadsListQuery): UploadFilter {
    return accessFor(actor.principal.roleId, 'read:upload') === 'any'
      ? query
      : { ...query, scopeOrganizationId: actor.principal.organizationId };
  }

  return {
    /** Whether the actor may upload to the organization: asked before the request body is read. */
    async authorizeCreate(actor: Actor, organizationId: number): Promise<void> {
      requireAccess(actor.principal, 'create:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
    },

    async create(actor: Actor, organizationId: number, file: IncomingFile): Promise<TUpload> {
      requireAccess(actor.principal, 'create:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
      const fileName = csvFileName(file.fileName, UPLOAD_REFUSALS);

      // The file goes to a temporary file first (constant memory, size limit, type check), so
      // that the database sees the upload, its chunks and its job all at once, in one short
      // transaction, or nothing at all when the file is refused or the client goes away.
      const id = await receiveFile(file, UPLOAD_INTAKE, (received) =>
        db.transaction().execute(async (trx) => {
          const uploadId = await uploads.create(trx, {
            organizationId,
            userId: actor.principal.userId,
            fileName,
            fileSize: received.size,
          });
          let seq = 0;
          for await (const chunk of received.chunks()) {
            await uploads.insertChunk(trx, uploadId, seq++, chunk);
          }
          await enqueueJob(trx, {
            type: JOB_TYPES.processUpload,
            organizationId,
            payload: { uploadId },
          });
          await audit(trx, actor, {
            type: 'UPLOAD',
            resourceType: 'upload',
            resourceId: uploadId,
            organizationId,
            summary: `Uploaded awards file "${fileName}" (${received.size.toLocaleString('en-US')} bytes)`,
          });
          return uploadId;
        }),
      );
      notifyJobs();
      return (await uploads.find(id))!;
    },

    async listForOrganization(
      actor: Actor,
      organizationId: number,
      query: TUploadListQuery,
    ): Promise<TPage<TUpload>> {
      requireAccess(actor.principal, 'read:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
      return uploads.list({ ...query, organizationId });
    },

    list(actor: Actor, query: TAllUploadsListQuery) {
      requireAccess(actor.principal, 'read:upload');
      return uploads.list(scope(actor, query));
    },

    recordExport: exportRecorder(db, audit, {
      resourceType: 'upload',
      one: 'upload',
      many: 'uploads',
    }),

    /** What the list with the same query selects, every page of it (the CSV export). */
    stream(actor: Actor, query: TAllUploadsListQuery) {
      requireAccess(actor.principal, 'read:upload');
      return uploads.stream(scope(actor, query));
    },

    get: load,

    /** The refused rows of an upload for download; the download is audited. */
    async errors(
      actor: Actor,
      id: number,
    ): Promise<{ upload: TUpload; rows: AsyncIterable<ErrorRow[]> }> {
      const upload = await load(actor, id);
      await audit(db, actor, {
        type: 'EXPORT',
        resourceType: 'upload',
        resourceId: id,
        organizationId: upload.organizationId,
        summary: `Downloaded the ${upload.rowsFailed.toLocaleString('en-US')} refused ${upload.rowsFailed === 1 ? 'row' : 'rows'} of upload "${upload.fileName}" as CSV`,
      });
      return { upload, rows: uploads.errorRows(id) };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
