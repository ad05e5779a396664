import type { Kysely } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import {
  type TUpload,
  type TUploadCredentials,
  type TUploadListQuery,
  type TUploadRefusalPage,
  type TUploadRefusalQuery,
  UPLOAD_COLUMNS,
  UPLOAD_MAX_BYTES,
} from '@laurel/contract/uploads';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { readsOfList, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import {
  csvFileName,
  type FileRefusals,
  type IncomingFile,
  receiveFile,
} from '../../lib/file-intake.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ErrorRow, UploadsRepository } from './uploads.repository.ts';

/** The template: the header and two made-up awards showing the formats. */
export const UPLOAD_TEMPLATE_ROWS: ReadonlyArray<readonly string[]> = [
  UPLOAD_COLUMNS,
  ['WELD-101', 'S-000123', 'Maria', 'Lopez', 'maria.lopez@example.com', '1998-04-17', '2024-05-20'],
  ['RN-ASSOC', 'S-000124', 'James', "O'Neil", '', '', '2023-12-15'],
];

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const UPLOAD_REFUSALS: FileRefusals = {
  notCsv:
    'Only CSV files can be uploaded. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.',
  empty: 'The file is empty (0 bytes). Choose the CSV file with the awards and upload it again.',
  tooLarge: `The file is larger than ${megabytes(UPLOAD_MAX_BYTES)}. Split it into smaller files and upload them one by one.`,
  noFile:
    'Send the CSV file as multipart/form-data in a field named "file" or as a text/csv body, or the awards as JSON: { "rows": [ … ] }.',
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

  return {
    /** Whether the actor may upload to the organization: asked before the request body is read. */
    async authorizeCreate(actor: Actor, organizationId: number): Promise<void> {
      requireAccess(actor.principal, 'create:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
    },

    /**
     * The upload sent before with this `Idempotency-Key`, if any: a retried request gets it back,
     * and the awards are not uploaded twice.
     */
    async replayed(
      actor: Actor,
      organizationId: number,
      idempotencyKey: string | undefined,
    ): Promise<TUpload | undefined> {
      if (idempotencyKey === undefined) return undefined;
      requireAccess(actor.principal, 'create:upload', { organizationId });
      const id = await uploads.idByIdempotencyKey(organizationId, idempotencyKey);
      return id === undefined ? undefined : uploads.find(id);
    },

    async create(
      actor: Actor,
      organizationId: number,
      file: IncomingFile,
      idempotencyKey?: string,
    ): Promise<TUpload> {
      requireAccess(actor.principal, 'create:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
      const fileName = csvFileName(file.fileName, UPLOAD_REFUSALS, { typed: file.typed });

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
            idempotencyKey: idempotencyKey ?? null,
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

    // Platform admins read every organization's uploads; organization admins their own.
    ...readsOfList('read:upload', uploads),

    recordExport: exportRecorder(db, audit, {
      resourceType: 'upload',
      one: 'upload',
      many: 'uploads',
    }),

    get: load,

    /** A page of an upload's refused rows, one line per reason, as the app shows them. */
    async refusals(
      actor: Actor,
      id: number,
      query: TUploadRefusalQuery,
    ): Promise<TUploadRefusalPage> {
      await load(actor, id);
      return uploads.refusals(id, query);
    },

    /** The credentials whose awards last came from the upload: the insights it changed. */
    async credentials(actor: Actor, id: number): Promise<TUploadCredentials> {
      await load(actor, id);
      return { items: await uploads.touchedCredentials(id) };
    },

    /**
     * The template's rows. Offered to an organization, its examples use that organization's own
     * credential codes, so that a file made from it is accepted as it is.
     */
    async templateRows(
      actor: Actor,
      organizationId: number | undefined,
    ): Promise<ReadonlyArray<readonly string[]>> {
      if (organizationId === undefined) return UPLOAD_TEMPLATE_ROWS;
      requireAccess(actor.principal, 'create:upload', { organizationId });
      if (!(await uploads.organizationExists(organizationId))) throw notFound();
      const codes = await uploads.templateCodes(organizationId);
      if (codes.length === 0) return UPLOAD_TEMPLATE_ROWS;
      return UPLOAD_TEMPLATE_ROWS.map((row, index) =>
        index === 0 ? row : [codes[(index - 1) % codes.length]!, ...row.slice(1)],
      );
    },

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
