import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { UPLOAD_STATUS_LABELS } from '@laurel/contract/constants';
import { toCsv } from '@laurel/contract/csv';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  UPLOAD_COLUMNS,
  UPLOAD_MAX_BYTES,
  ZAllUploadsListQuery,
  ZUpload,
  ZUploadCredentials,
  ZUploadListQuery,
  ZUploadPage,
  ZUploadRefusalPage,
  ZUploadRefusalQuery,
  ZUploadTemplateQuery,
} from '@laurel/contract/uploads';

import { actorOf } from '../../lib/audit.ts';
import { attachment, csvStream } from '../../lib/csv.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { incomingFile, intakeRefusal } from '../../lib/file-intake.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import { UPLOAD_INTAKE, UPLOAD_REFUSALS, type UploadsService } from './uploads.service.ts';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  // Scoped to this plugin: files stream through; nothing is buffered in memory.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES } });

  const tags = ['uploads'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  app.post(
    API_PATHS.organizationUploads(':id'),
    {
      config: { apiKeyScopes: ['awards:write'] },
      schema: {
        tags,
        security,
        summary: 'Upload a CSV file of awards',
        description: `multipart/form-data with one file field \`file\`: a UTF-8 CSV whose header is ${UPLOAD_COLUMNS.join(',')}, at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB. The file is checked and stored by a background job; poll the upload for progress.`,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 201: ZUpload, 413: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Nobody's file is read before they are known to be allowed to upload it.
      await uploads.authorizeCreate(actor, request.params.id);
      const file = await incomingFile(request, UPLOAD_INTAKE);
      try {
        return reply.status(201).send(await uploads.create(actor, request.params.id, file));
      } catch (error) {
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
