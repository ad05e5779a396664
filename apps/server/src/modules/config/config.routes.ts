import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZAppConfig, ZCognitoConfig, ZSalesforceUrl } from '@laurel/contract/config';
import { API_PATHS, IDENTITY_BASE_PATH } from '@laurel/contract/paths';

import type { AppConfig } from '../../config.ts';
import { requireAccess } from '../../lib/access.ts';
import { actorOf } from '../../lib/actor.ts';

export const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig; version: string }> = async (
  app,
  { config, version },
) => {
  app.get(
    API_PATHS.cognitoConfig,
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'Identity pool the browser signs in to',
        response: { 200: ZCognitoConfig },
      },
    },
    async () =>
      config.identity.mode === 'embedded'
        ? {
            poolId: config.identity.poolId,
            clientId: config.identity.clientId,
            endpoint: IDENTITY_BASE_PATH,
          }
        : {
            poolId: config.identity.poolId,
            clientId: config.identity.clientId,
            region: config.identity.region,
          },
  );

  app.get(
    API_PATHS.appConfig,
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'Public facts about this deployment',
        response: { 200: ZAppConfig },
      },
    },
    async () => ({
      demoMode: config.demoMode,
      supportEmail: config.supportEmail,
      identity: config.identity.mode,
      version,
    }),
  );

  app.get(
    API_PATHS.salesforceUrl,
    {
      schema: {
        tags: ['config'],
        summary: 'Base address of the customer-relationship system (platform admins)',
        security: [{ bearer: [] }],
        response: { 200: ZSalesforceUrl },
      },
    },
    async (request) => {
      requireAccess(actorOf(request).principal, 'read:internal');
      return { baseUrl: config.salesforceBaseUrl };
    },
  );
};
