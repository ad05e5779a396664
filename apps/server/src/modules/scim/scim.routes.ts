import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZId } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  ZScimSettings,
  ZScimToken,
  ZScimTokenCreateBody,
  ZScimTokenCreated,
} from '@laurel/contract/scim';

import { actorOf } from '../../lib/actor.ts';
import type { ScimService } from './scim.service.ts';

const ZOrganizationParams = z.strictObject({ id: ZId });
const ZTokenParams = z.strictObject({ id: ZId, tokenId: ZId });

/** An organization's SCIM settings and tokens: its admins and platform admins only. */
export const scimSettingsRoutes: FastifyPluginAsyncZod<{ scim: ScimService }> = async (
  app,
  { scim },
) => {
  const tags = ['organizations'];
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.get(
    API_PATHS.organizationScim(':id'),
    {
      schema: {
        tags,
        security,
        summary:
          "An organization's SCIM provisioning: its address, tokens (never their secrets) and last activity",
        params: ZOrganizationParams,
        response: { 200: ZScimSettings, ...errors },
      },
    },
    async (request) => scim.settings(actorOf(request), request.params.id),
  );
  app.post(
    API_PATHS.organizationScimTokens(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Create a SCIM token: its secret is in this answer only',
        params: ZOrganizationParams,
        body: ZScimTokenCreateBody,
        response: { 201: ZScimTokenCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await scim.createToken(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    API_PATHS.organizationScimToken(':id', ':tokenId'),
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a SCIM token: refused on every instance within a second',
        params: ZTokenParams,
        response: { 200: ZScimToken, ...errors },
      },
    },
    async (request) =>
      scim.revokeToken(actorOf(request), request.params.id, request.params.tokenId),
  );
};
