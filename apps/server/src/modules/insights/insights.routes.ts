import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import {
  ZInsightsData,
  ZInsightsLookups,
  ZInsightsQuery,
  ZInsightsReportQuery,
} from '@laurel/contract/insights';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import { attachment } from '../../lib/csv.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { InsightsService } from './insights.service.ts';

export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (
  app,
  { insights },
) => {
  const tags = ['insights'];
  const security = [{ bearer: [] }];

  app.get(
    API_PATHS.insightsLookups,
    {
      config: { apiKeyScopes: ['insights:read'] },
      schema: {
        tags,
        security,
        summary: 'What the insights screens offer: groupings, award years, thresholds',
        response: { 200: ZInsightsLookups, 403: ZErrorResponse },
      },
    },
    async (request) => insights.lookups(actorOf(request)),
  );

  app.get(
    API_PATHS.insightsData,
    {
      config: { apiKeyScopes: ['insights:read'] },
      schema: {
        tags,
        security,
        summary: 'Earnings and employment insights of a cohort (precomputed)',
        description:
          'The organization defaults to the one the caller acts in. Award years are answered as all years or one fixed pool (`ranges` lists them; another range is answered by the pool that holds it, else by all years). People counts under 10 are given as `lessThan: 10`; figures whose release would let fewer than 10 people be worked out from other answers are withheld (n and lessThan null). See docs/insights-methodology.md.',
        querystring: ZInsightsQuery,
        response: {
          200: ZInsightsData,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => insights.data(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.insightsReport,
    {
      config: { apiKeyScopes: ['insights:read'], rateLimit: RATE_LIMITS.exports },
      schema: {
        tags,
        security,
        summary: 'The insights of a cohort as a tagged PDF report',
        description:
          "With `credentialId`: that credential's figures, the salary chart with its data, the cohort and the notes. Without: one row per credential of the organization (awards, matched share, median salary one year after, employment rate) and one for all credentials. The same figures and suppression marks as `GET /api/insights-data` for the same query. Audited as an export.",
        querystring: ZInsightsReportQuery,
        response: {
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { fileName, document } = await insights.report(actorOf(request), request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(fileName))
        // A stream of the PDF; the schemas above describe only the error answers.
        .send(document as never);
    },
  );
};
