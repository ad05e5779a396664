// Receiving a CSV file sent as multipart/form-data without holding it in memory: the part named
// `file` streams to a temporary file (size limit and type checked as it arrives), then is stored
// in the database in chunks by the caller, in one transaction with its job. Used by award uploads
// and earnings imports (docs/uploads.md, docs/earnings-import.md).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import { looksBinary } from './csv-records.ts';
import { badRequest, HttpError } from './http-error.ts';

/** Stored file chunk size: one row of a file-chunks table. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** What a client is told when its file is refused, in the words of the feature receiving it. */
export interface FileRefusals {
  notCsv: string;
  empty: string;
  tooLarge: string;
  noFile: string;
  oneFile: string;
  malformed: string;
}

export interface FileIntakeOptions {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  refusals: FileRefusals;
}

/** A file arriving in a request, read once as a stream. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  /** True once the stream was cut at the size limit. */
  truncated(): boolean;
  /** Reads what follows the file in the request; refuses a second file. */
  finish(): Promise<void>;
  /** The request said what the file is (a `text/csv` body, JSON rows): its name is not checked. */
  typed?: boolean;
}

const MULTIPART_REFUSALS: Record<string, { status: number; refusal: keyof FileRefusals }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, refusal: 'tooLarge' },
  FST_FILES_LIMIT: { status: 400, refusal: 'oneFile' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, refusal: 'noFile' },
  FST_PARTS_LIMIT: { status: 400, refusal: 'noFile' },
  FST_FIELDS_LIMIT: { status: 400, refusal: 'noFile' },
  FST_PROTO_VIOLATION: { status: 400, refusal: 'noFile' },
};

/** Limits the multipart reader enforces, as the client should see them. */
function knownRefusal(error: unknown, refusals: FileRefusals): unknown {
  const code = (error as { code?: string })?.code;
  const known = code ? MULTIPART_REFUSALS[code] : undefined;
  return known ? new HttpError(known.status, refusals[known.refusal]) : error;
}

/**
 * Anything else the multipart reader throws means a body that is not well-formed multipart
 * (busboy's "Unexpected end of form", "Malformed part header"…): a 400, never a 500.
 */
function readRefusal(error: unknown, refusals: FileRefusals): unknown {
  const known = knownRefusal(error, refusals);
  return known instanceof HttpError ? known : badRequest(refusals.malformed);
}

/**
 * The error a client gets when storing an incoming file failed: a failure of the file's own
 * stream is a broken request body (400); others (a file that could not be written: those name a
 * system call) are the server's.
 */
export function intakeRefusal(error: unknown, file: IncomingFile, refusals: FileRefusals): unknown {
  const brokenBody =
    error instanceof Error &&
    file.stream.errored === error &&
    !('syscall' in error) &&
    !(error instanceof HttpError);
  return brokenBody ? readRefusal(error, refusals) : knownRefusal(error, refusals);
}

/**
 * A file that is not a multipart part: a request's whole body (`text/csv`), or text made on the
 * server (JSON rows written as CSV). Past `maxBytes` the rest is read and dropped, and the file is
 * truncated, as a multipart file at its limit is.
 */
export function bodyFile(
  source: AsyncIterable<Buffer | string>,
  fileName: string,
  maxBytes: number,
): IncomingFile {
  let size = 0;
  let truncated = false;
  const stream = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > maxBytes) truncated = true;
        if (!truncated) yield bytes;
      }
    })(),
  );
  return {
    fileName,
    stream,
    truncated: () => truncated,
    finish: async () => undefined,
    typed: true,
  };
}

/**
 * The multipart part named `file`, as a stream that is read while it arrives. Call it only once
 * the caller is known to be allowed to send the file: nobody's file is read before that.
 */
export async function incomingFile(
  request: FastifyRequest,
  { maxBytes, refusals }: FileIntakeOptions,
): Promise<IncomingFile> {
  let parts: AsyncIterator<Multipart>;
  try {
    const all = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 },
    });
    parts = all[Symbol.asyncIterator]();
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw badRequest(refusals.noFile);
      const stream = part.file;
      return {
        fileName: part.filename,
        stream,
        truncated: () => stream.truncated,
        async finish() {
          try {
            for (let rest = await parts.next(); !rest.done; rest = await parts.next()) {
              if (rest.value.type === 'file') throw badRequest(refusals.oneFile);
            }
          } catch (error) {
            throw readRefusal(error, refusals);
          }
        },
      };
    }
  } catch (error) {
    throw readRefusal(error, refusals);
  }
  throw badRequest(refusals.noFile);
}

/**
 * The name as the browser sent it, without any folder (some send `C:\fakepath\…`); refused unless
 * it ends in `.csv`.
 */
export function csvFileName(
  name: string,
  refusals: FileRefusals,
  options: { typed?: boolean | undefined } = {},
): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  const fileName = base.slice(0, 255) || 'upload.csv';
  if (!options.typed && !/\.csv$/i.test(fileName)) throw badRequest(refusals.notCsv);
  return fileName;
}

/** A file received to disk; `chunks()` reads it back in stored-chunk sizes. */
export interface ReceivedFile {
  size: number;
  chunks(): AsyncIterable<Buffer>;
}

/**
 * Streams the incoming file into a temporary file (constant memory, size limit, type check), reads
 * the rest of the request, then hands the file to `store` (which writes it to the database in one
 * transaction with its job) and removes the temporary file, whatever happens.
 */
export async function receiveFile<T>(
  file: IncomingFile,
  { maxBytes, refusals }: FileIntakeOptions,
  store: (received: ReceivedFile) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'laurel-file-'));
  try {
    const path = join(directory, 'file');
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
    if (file.truncated() || size > maxBytes) throw new HttpError(413, refusals.tooLarge);
    if (size === 0) throw badRequest(refusals.empty);
    if (looksBinary(head)) throw badRequest(refusals.notCsv);
    await file.finish();
    return await store({
      size,
      chunks: () =>
        createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }) as AsyncIterable<Buffer>,
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
