import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { API_PATHS } from '@laurel/contract/paths';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZEarningsImportResult } from '@laurel/contract/insights';
import { ZIdParams } from '@laurel/contract/pagination';

import { requireAccess } from '../../lib/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { principalOf } from '../../plugins/auth.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { EarningsService } from './earnings.service.ts';

/** Largest earnings file accepted in one request (about 500,000 rows); split bigger ones. */
export const EARNINGS_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (
  app,
  { earnings },
) => {
  // Scoped to this plugin: the CSV body arrives as text.
  for (const type of ['text/csv', 'application/csv']) {
    if (!app.hasContentTypeParser(type)) {
      app.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: EARNINGS_IMPORT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
    }
  }

  app.post(
    API_PATHS.organizationEarningsImports(':id'),
    {
      bodyLimit: EARNINGS_IMPORT_MAX_BYTES,
      // The file (up to 64 MB) is read only for callers who may import one.
      onRequest: async (request) => requireAccess(principalOf(request), 'import:earnings'),
      schema: {
        tags: ['insights'],
        security: [{ bearer: [] }],
        summary: 'Import an earnings result file (CSV body, platform admins)',
        description:
          'Send the file as the request body with Content-Type text/csv. Columns: award_external_id, credential_code, award_date, provider, year, annual_wage, employed, full_time, industry, job_role (docs/earnings-import.md). Any row error refuses the whole file.',
        params: ZIdParams,
        body: z.string().meta({ description: 'The CSV file' }),
        response: {
          200: ZEarningsImportResult,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      const text =
        typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : null;
      if (text === null)
        throw badRequest('Send the earnings file as the body with Content-Type text/csv');
      return earnings.importFile(actorOf(request), request.params.id, text);
    },
  );
};
