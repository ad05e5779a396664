import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  ZCallbackQuery,
  ZCallbackResult,
  ZCheckFederatedBody,
  ZCheckFederatedResult,
  ZSsoSettings,
  ZSsoSettingsBody,
  ZSsoTestBody,
  ZSsoTestResult,
} from '@laurel/contract/sso';

import { actorOf, clientAddressOf } from '../../lib/actor.ts';
import type { SsoService } from './sso.service.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';

export const ssoRoutes: FastifyPluginAsyncZod<{ sso: SsoService }> = async (app, { sso }) => {
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.post(
    API_PATHS.checkFederated,
    {
      config: { public: true, rateLimit: RATE_LIMITS.publicSignIn },
      schema: {
        tags: ['auth'],
        summary: 'Whether an e-mail signs in through a company provider, and where to go',
        body: ZCheckFederatedBody,
        response: { 200: ZCheckFederatedResult, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => sso.checkFederated(request.body.email),
  );

  app.get(
    API_PATHS.cognitoCallback,
    {
      config: { public: true, rateLimit: RATE_LIMITS.publicSignIn },
      schema: {
        tags: ['auth'],
        summary: 'Redeem the one-time code of a company sign-in for tokens',
        querystring: ZCallbackQuery,
        response: { 200: ZCallbackResult, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      const ip = clientAddressOf(request);
      return sso.callback(request.query.code, request.query.state, {
        ...(ip ? { ip } : {}),
        requestId: request.id,
      });
    },
  );

  app.get(
    API_PATHS.organizationSso(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: "An organization's company sign-in settings (platform admins)",
        params: ZIdParams,
        response: { 200: ZSsoSettings, ...errors },
      },
    },
    async (request) => sso.getSettings(actorOf(request), request.params.id),
  );

  app.put(
    API_PATHS.organizationSso(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: "Save an organization's company sign-in settings (platform admins)",
        params: ZIdParams,
        body: ZSsoSettingsBody,
        response: { 200: ZSsoSettings, ...errors },
      },
    },
    async (request) => sso.saveSettings(actorOf(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.organizationSsoTest(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: "Fetch an issuer's discovery document and report what was found",
        params: ZIdParams,
        body: ZSsoTestBody,
        response: { 200: ZSsoTestResult, ...errors },
      },
    },
    async (request) => sso.testConnection(actorOf(request), request.params.id, request.body.issuer),
  );
};
