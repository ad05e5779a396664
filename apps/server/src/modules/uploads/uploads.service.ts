import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import { accessFor } from '@laurel/contract/permissions';
import { UPLOAD_MAX_BYTES, type TUpload, type TUploadListQuery } from '@laurel/contract/uploads';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import { type Actor, type Auditor } from '../../lib/audit.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { looksBinary } from './upload-file.ts';
import type { ErrorRow, UploadsRepository } from './uploads.repository.ts';

/** Stored file chunk size: one row of upload_file_chunks. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const UPLOAD_REFUSALS = {
  notCsv:
    'Only CSV files can be uploaded. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.',
  empty: 'The file is empty (0 bytes). Choose the CSV file with the awards and upload it again.',
  tooLarge: `The file is larger than ${megabytes(UPLOAD_MAX_BYTES)}. Split it into smaller files and upload them one by one.`,
  noFile: 'Send the CSV file as multipart/form-data in a field named "file".',
  oneFile: 'Upload one file at a time.',
  malformed:
    'The request is not well-formed multipart/form-data. Send the CSV file in a field named "file".',
} as const;

/** A file arriving in a request, read once as a stream. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  /** True once the stream was cut at the size limit. */
  truncated(): boolean;
  /** Reads what follows the file in the request; refuses a second file. */
  finish(): Promise<void>;
}

/** The name as the browser sent it, without any folder (some send `C:\fakepath\…`). */
function baseName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base.slice(0, 255) || 'upload.csv';
}

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

  /**
   * Receives the file into a temporary file first (constant memory, size limit, type check), so
   * that the database sees the upload, its chunks and its job all at once, in one short
   * transaction, or nothing at all when the file is refused or the client goes away.
   */
  async function receive(file: IncomingFile, directory: string) {
    const path = join(directory, 'upload');
    let size = 0;
    let head = Buffer.alloc(0);
    await pipeline(
      file.stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (head.length < 8192) head = Buffer.concat([head, chunk.subarray(0, 8192)]);
          yield chunk;
        }
      },
      createWriteStream(path),
    );
    if (file.truncated() || size > UPLOAD_MAX_BYTES)
      throw new HttpError(413, UPLOAD_REFUSALS.tooLarge);
    if (size === 0) throw badRequest(UPLOAD_REFUSALS.empty);
    if (looksBinary(head)) throw badRequest(UPLOAD_REFUSALS.notCsv);
    return { path, size };
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
      const fileName = baseName(file.fileName);
      if (!/\.csv$/i.test(fileName)) throw badRequest(UPLOAD_REFUSALS.notCsv);

      const directory = await mkdtemp(join(tmpdir(), 'laurel-upload-'));
      try {
        const received = await receive(file, directory);
        await file.finish();
        const id = await db.transaction().execute(async (trx) => {
          const uploadId = await uploads.create(trx, {
            organizationId,
            userId: actor.principal.userId,
            fileName,
            fileSize: received.size,
          });
          let seq = 0;
          for await (const chunk of createReadStream(received.path, {
            highWaterMark: UPLOAD_CHUNK_BYTES,
          })) {
            await uploads.insertChunk(trx, uploadId, seq++, chunk as Buffer);
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
        });
        notifyJobs();
        return (await uploads.find(id))!;
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
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

    list(actor: Actor, query: TUploadListQuery & { organizationId?: number | undefined }) {
      requireAccess(actor.principal, 'read:upload');
      return uploads.list(
        accessFor(actor.principal.roleId, 'read:upload') === 'any'
          ? query
          : { ...query, scopeOrganizationId: actor.principal.organizationId },
      );
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
        summary: `Downloaded the ${upload.rowsFailed.toLocaleString('en-US')} refused rows of upload "${upload.fileName}"`,
      });
      return { upload, rows: uploads.errorRows(id) };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
