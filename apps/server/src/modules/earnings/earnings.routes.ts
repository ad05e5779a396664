import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  EARNINGS_IMPORT_MAX_BYTES,
  ZEarningsImport,
  ZEarningsImportList,
} from '@laurel/contract/earnings-imports';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import { incomingFile, intakeRefusal } from '../../lib/file-intake.ts';
import { EARNINGS_INTAKE, type EarningsService } from './earnings.service.ts';

export const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (
  app,
  { earnings },
) => {
  // Scoped to this plugin: files stream through; nothing is buffered in memory.
  await app.register(multipart, { limits: { fileSize: EARNINGS_IMPORT_MAX_BYTES } });

  const tags = ['insights'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  app.post(
    API_PATHS.organizationEarningsImports(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Import an earnings result file (platform admins)',
        description: `multipart/form-data with one file field \`file\`: a UTF-8 CSV with the columns award_external_id, credential_code, award_date, provider, year, annual_wage, employed, full_time, industry, job_role (docs/earnings-import.md), at most ${EARNINGS_IMPORT_MAX_BYTES / (1024 * 1024)} MB. A background job checks every row, then stores them; any row error refuses the whole file. Poll the import for progress and outcome.`,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 201: ZEarningsImport, 409: ZErrorResponse, 413: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Nobody's file is read before they are known to be allowed to import it.
      await earnings.authorizeImport(actor, request.params.id);
      const file = await incomingFile(request, EARNINGS_INTAKE);
      try {
        return reply.status(201).send(await earnings.importFile(actor, request.params.id, file));
      } catch (error) {
        throw intakeRefusal(error, file, EARNINGS_INTAKE.refusals);
      }
    },
  );

  app.get(
    API_PATHS.organizationEarningsImports(':id'),
    {
      schema: {
        tags,
        security,
        summary: "An organization's latest earnings imports, newest first (platform admins)",
        params: ZIdParams,
        response: { 200: ZEarningsImportList, ...errors },
      },
    },
    async (request) => ({ items: await earnings.latest(actorOf(request), request.params.id) }),
  );

  app.get(
    API_PATHS.earningsImport(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One earnings import with its progress and outcome (platform admins)',
        params: ZIdParams,
        response: { 200: ZEarningsImport, ...errors },
      },
    },
    async (request) => earnings.get(actorOf(request), request.params.id),
  );
};
