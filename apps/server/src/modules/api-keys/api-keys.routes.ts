import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ZApiKey,
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZApiKeyRotateBody,
  ZApiKeys,
} from '@laurel/contract/api-keys';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZId } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const ZOrganizationParams = z.strictObject({ organizationId: ZId });
const ZKeyParams = z.strictObject({ organizationId: ZId, id: ZId });

/** An organization's API keys: its admins and platform admins only; never an API key itself. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  const tags = ['API keys'];
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.get(
    API_PATHS.apiKeys(':organizationId'),
    {
      schema: {
        tags,
        security,
        summary: "An organization's API keys, newest first (never their secrets)",
        params: ZOrganizationParams,
        response: { 200: ZApiKeys, ...errors },
      },
    },
    async (request) => ({
      items: await apiKeys.list(request.principal!, request.params.organizationId),
    }),
  );
  app.post(
    API_PATHS.apiKeys(':organizationId'),
    {
      schema: {
        tags,
        security,
        summary: 'Create an API key: its secret is in this answer only',
        params: ZOrganizationParams,
        body: ZApiKeyCreateBody,
        response: { 201: ZApiKeyCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await apiKeys.create(actorOf(request), request.params.organizationId, request.body)),
  );
  app.post(
    API_PATHS.apiKeyRotate(':organizationId', ':id'),
    {
      schema: {
        tags,
        security,
        summary:
          'Replace an API key by a new one with its name and scopes; the old one works until the time given',
        params: ZKeyParams,
        body: ZApiKeyRotateBody,
        response: { 201: ZApiKeyCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await apiKeys.rotate(
            actorOf(request),
            request.params.organizationId,
            request.params.id,
            request.body.oldKeyExpiresAt,
          ),
        ),
  );
  app.delete(
    API_PATHS.apiKey(':organizationId', ':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: refused on every instance within a second',
        params: ZKeyParams,
        response: { 200: ZApiKey, ...errors },
      },
    },
    async (request) =>
      apiKeys.revoke(actorOf(request), request.params.organizationId, request.params.id),
  );
};
