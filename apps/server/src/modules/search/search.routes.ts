import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { API_PATHS } from '@laurel/contract/paths';
import { accessFor } from '@laurel/contract/permissions';
import { ZSearchQuery, ZSearchResponse } from '@laurel/contract/search';

import { actorOf } from '../../lib/actor.ts';
import type { SearchRepository } from './search.repository.ts';

/** Global search (Ctrl/Cmd+K) across what the caller may see. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchRepository }> = async (
  app,
  { search },
) => {
  app.get(
    API_PATHS.search,
    {
      schema: {
        tags: ['search'],
        security: [{ bearer: [] }],
        summary: 'Organizations, credentials, contracts, users and awardees matching the text',
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse },
      },
    },
    async (request) => {
      const { principal } = actorOf(request);
      const seesAll = accessFor(principal.roleId, 'read:organization') === 'any';
      // Awardees are personal data, scoped as the awards lists are: a platform admin's search
      // finds every organization's, or only the acting organization's while acting within one.
      const seesEveryAwardee =
        accessFor(principal.roleId, 'read:award') === 'any' && !principal.impersonating;
      return {
        results: await search.search(
          request.query.q,
          seesAll ? undefined : principal.organizationId,
          5,
          seesEveryAwardee ? undefined : principal.actingOrganizationId,
        ),
      };
    },
  );
};
