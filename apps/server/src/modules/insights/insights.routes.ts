import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZInsightsData, ZInsightsLookups, ZInsightsQuery } from '@laurel/contract/insights';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
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
};
