import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZAuditListQuery, ZAuditPage, ZLogEventBody } from '@laurel/contract/audits';
import { ZErrorResponse } from '@laurel/contract/errors';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import type { AuditsService } from './audits.service.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';

export const auditsRoutes: FastifyPluginAsyncZod<{ audits: AuditsService }> = async (
  app,
  { audits },
) => {
  const tags = ['audits'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse };

  registerListRoutes(app, {
    path: API_PATHS.audits,
    exportPath: API_PATHS.auditsExport,
    tags,
    noun: 'audit trail',
    query: ZAuditListQuery,
    page: ZAuditPage,
    list: audits.list,
    stream: audits.export,
    recordExport: audits.recordExport,
    columns: [
      ['time', (a) => a.occurredAt],
      ['actor', (a) => a.actorName],
      ['actor e-mail', (a) => a.actorEmail],
      ['organization', (a) => a.organizationName],
      ['impersonating', (a) => a.impersonating],
      ['type', (a) => a.typeName],
      ['resource', (a) => a.resourceType],
      ['resource id', (a) => a.resourceId],
      ['summary', (a) => a.summary],
      ['ip', (a) => a.ipAddress],
      ['request id', (a) => a.requestId],
    ],
  });

  app.post(
    API_PATHS.logHelper,
    {
      config: { rateLimit: RATE_LIMITS.clientEvents },
      schema: {
        tags,
        security,
        summary: 'Record a client-reported event',
        body: ZLogEventBody,
        response: { 204: z.null(), 429: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await audits.logClientEvent(actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
