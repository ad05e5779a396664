import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZAwardee } from '@laurel/contract/awardees';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import type { AwardeesService } from './awardees.service.ts';

/** Awardees: the people holding awards, each seen within one organization. */
export const awardeesRoutes: FastifyPluginAsyncZod<{ awardees: AwardeesService }> = async (
  app,
  { awardees },
) => {
  app.get(
    API_PATHS.awardAwardee(':id'),
    {
      config: { apiKeyScopes: ['awards:read'] },
      schema: {
        tags: ['awardees'],
        security: [{ bearer: [] }],
        summary: "The person holding an award, with their awards in the award's organization",
        params: ZIdParams,
        response: {
          200: ZAwardee,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => awardees.ofAward(actorOf(request), request.params.id),
  );
};
