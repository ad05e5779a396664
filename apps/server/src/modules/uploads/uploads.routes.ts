import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { UPLOAD_STATUS_LABELS } from '@laurel/contract/constants';
import { toCsv } from '@laurel/contract/csv';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  IDEMPOTENCY_KEY_HEADER,
  UPLOAD_COLUMNS,
  UPLOAD_JSON_MAX_ROWS,
  UPLOAD_MAX_BYTES,
  ZAllUploadsListQuery,
  ZUpload,
  ZUploadCredentials,
  ZUploadListQuery,
  ZUploadPage,
  ZUploadRefusalPage,
  ZUploadRefusalQuery,
  ZUploadRowsBody,
  ZUploadTemplateQuery,
  type TUploadRowsBody,
} from '@laurel/contract/uploads';
import { z } from 'zod';

import { actorOf } from '../../lib/actor.ts';
import { attachment, csvStream } from '../../lib/csv.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { bodyFile, type IncomingFile, incomingFile, intakeRefusal } from '../../lib/file-intake.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../lib/http-error.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import { UPLOAD_INTAKE, UPLOAD_REFUSALS, type UploadsService } from './uploads.service.ts';

/** JSON rows are read whole: 10,000 rows of long values fit, a file never does. */
const JSON_BODY_MAX_BYTES = 16 * 1024 * 1024;

const ZUploadHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'Give an Idempotency-Key of 1 to 200 printable characters.')
    .optional(),
});

/** A CSV cell as the upload reads it back: quoted when it must be, never otherwise changed. */
const cell = (value: string | null | undefined) =>
  value === null || value === undefined
    ? ''
    : /[",\r\n]/.test(value)
      ? `"${value.replaceAll('"', '""')}"`
      : value;

/** JSON rows as the CSV file they stand for, the header first. */
async function* rowsAsCsv(rows: TUploadRowsBody['rows']): AsyncIterable<string> {
  yield `${UPLOAD_COLUMNS.join(',')}\r\n`;
  for (const row of rows)
    yield `${UPLOAD_COLUMNS.map((column) => cell(row[column])).join(',')}\r\n`;
}

/** A JSON body that is not rows, answered as the schema checks of every route are. */
function rowsRefusal(error: z.ZodError) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) fieldErrors[[...path, key].join('.')] = 'Unknown field';
    else fieldErrors[path.join('.') || 'body'] ??= issue.message;
  }
  return badRequest('Invalid body', fieldErrors);
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  // Scoped to this plugin: files stream through; nothing is buffered in memory.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES } });

  const tags = ['uploads'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  // A CSV file may also come as the whole body: it streams through like a multipart file.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    API_PATHS.organizationUploads(':id'),
    {
      config: { apiKeyScopes: ['awards:write'] },
      // Only a JSON body is read whole; a file streams through (multipart, text/csv).
      bodyLimit: JSON_BODY_MAX_BYTES,
      schema: {
        tags,
        security,
        summary: 'Upload awards: a CSV file, or JSON rows',
        description: [
          `Three ways, each checked and stored by a background job (poll the upload for progress):`,
          `\`multipart/form-data\` with one file field \`file\`, or the file itself as a \`text/csv\` body: a UTF-8 CSV whose header is ${UPLOAD_COLUMNS.join(',')}, at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB;`,
          `\`application/json\` \`{ "rows": [{ "credential_code": …, "external_id": …, … }], "fileName"?: … }\`, at most ${UPLOAD_JSON_MAX_ROWS.toLocaleString('en-US')} rows.`,
          `With an \`Idempotency-Key\` header (at most 200 printable characters), a request sent again with the same key answers the first upload (200, \`Idempotent-Replayed: true\`) instead of uploading again.`,
        ].join('\n\n'),
        consumes: ['multipart/form-data', 'text/csv', 'application/json'],
        params: ZIdParams,
        headers: ZUploadHeaders,
        response: { 200: ZUpload, 201: ZUpload, 413: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const organizationId = request.params.id;
      // Nobody's file is read before they are known to be allowed to upload it.
      await uploads.authorizeCreate(actor, organizationId);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const replay = async () => {
        const first = await uploads.replayed(actor, organizationId, key);
        return first && reply.status(200).header('idempotent-replayed', 'true').send(first);
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const type = request.headers['content-type'] ?? '';
      let file: IncomingFile;
      if (/^application\/json\b/i.test(type)) {
        if (typeof request.body !== 'object' || request.body === null || !('rows' in request.body))
          throw badRequest(UPLOAD_REFUSALS.noFile);
        const parsed = ZUploadRowsBody.safeParse(request.body);
        if (!parsed.success) throw rowsRefusal(parsed.error);
        file = bodyFile(
          rowsAsCsv(parsed.data.rows),
          parsed.data.fileName ?? 'api-upload.csv',
          UPLOAD_MAX_BYTES,
        );
      } else if (/^text\/csv\b/i.test(type)) {
        file = bodyFile(request.body as AsyncIterable<Buffer>, 'upload.csv', UPLOAD_MAX_BYTES);
      } else file = await incomingFile(request, UPLOAD_INTAKE);
      try {
        return reply.status(201).send(await uploads.create(actor, organizationId, file, key));
      } catch (error) {
        // The same key sent twice at once: the first one stored wins, the other answers it.
        if (key !== undefined && isUniqueViolation(error)) {
          const first = await replay();
          if (first) return first;
        }
        throw intakeRefusal(error, file, UPLOAD_REFUSALS);
      }
    },
  );

  app.get(
    API_PATHS.organizationUploads(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: "An organization's uploads, newest first",
        params: ZIdParams,
        querystring: ZUploadListQuery,
        response: { 200: ZUploadPage, ...errors },
      },
    },
    async (request) =>
      uploads.listForOrganization(actorOf(request), request.params.id, request.query),
  );

  // Every organization's uploads the caller may see (platform admins: all), newest first.
  registerListRoutes(app, {
    path: API_PATHS.uploads,
    exportPath: API_PATHS.uploadsExport,
    tags,
    noun: 'uploads',
    query: ZAllUploadsListQuery,
    page: ZUploadPage,
    list: uploads.list,
    stream: uploads.stream,
    recordExport: uploads.recordExport,
    columns: [
      ['id', (u) => u.id],
      ['organization', (u) => u.organizationName],
      ['file', (u) => u.fileName],
      ['size (bytes)', (u) => u.fileSize],
      ['status', (u) => UPLOAD_STATUS_LABELS[u.status]],
      ['rows', (u) => u.rowsTotal],
      ['rows kept', (u) => u.rowsOk],
      ['rows refused', (u) => u.rowsFailed],
      ['problem', (u) => u.errorMessage],
      ['uploaded by', (u) => u.uploadedBy],
      ['uploaded', (u) => u.createdAt],
      ['finished', (u) => u.finishedAt],
    ],
  });

  app.get(
    API_PATHS.uploadTemplate,
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: 'A CSV template for uploads: the header and two example rows',
        description:
          "With `organizationId`, the examples use that organization's own credential codes (its organization admins and platform admins).",
        querystring: ZUploadTemplateQuery,
      },
    },
    async (request, reply) => {
      const rows = await uploads.templateRows(actorOf(request), request.query.organizationId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('awards-upload-template.csv'))
        .send(toCsv(rows));
    },
  );

  app.get(
    API_PATHS.uploadRefusals(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: "A page of an upload's refused rows: one line per reason, in file order",
        description:
          'Each line names the row (the header is row 1), the column at fault (null for the row as a whole), the reason and the cell as uploaded. Filter by `column` (`row` for the row as a whole) and `reason`; `columns` and `reasons` count every refusal of the upload.',
        params: ZIdParams,
        querystring: ZUploadRefusalQuery,
        response: { 200: ZUploadRefusalPage, ...errors },
      },
    },
    async (request) => uploads.refusals(actorOf(request), request.params.id, request.query),
  );

  app.get(
    API_PATHS.uploadCredentials(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: 'The credentials whose awards came from an upload (the insights it changed)',
        params: ZIdParams,
        response: { 200: ZUploadCredentials, ...errors },
      },
    },
    async (request) => uploads.credentials(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.upload(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: 'One upload with its progress',
        params: ZIdParams,
        response: { 200: ZUpload, ...errors },
      },
    },
    async (request) => uploads.get(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.uploadErrors(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'], rateLimit: RATE_LIMITS.exports },
      schema: {
        tags,
        security,
        summary: 'The refused rows of an upload, with their row number and reason, as CSV',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const { upload, rows } = await uploads.errors(actorOf(request), request.params.id);
      const fileBase = upload.fileName.replace(/\.csv$/i, '');
      const body = await csvStream(['row', 'error', ...UPLOAD_COLUMNS], rows, (row) => [
        row.rowNumber,
        row.error,
        ...row.raw,
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${fileBase}-errors.csv`))
        .send(body);
    },
  );
};
