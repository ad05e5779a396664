import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  ZSamlSettingsBody,
  ZSamlTestBody,
  ZSamlTestResult,
  ZSamlTestSignInBody,
  ZSamlTestSignInResult,
  ZSamlTestSignInStarted,
  ZSsoSettings,
} from '@laurel/contract/sso';

import { actorOf } from '../../lib/actor.ts';
import type { SamlService } from './saml.service.ts';
import type { SsoService } from './sso.service.ts';

/** An organization's SAML 2.0 company sign-in: its admins and platform admins acting within it. */
export const samlRoutes: FastifyPluginAsyncZod<{ saml: SamlService; sso: SsoService }> = async (
  app,
  { saml, sso },
) => {
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.put(
    API_PATHS.organizationSaml(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary:
          "Save an organization's SAML 2.0 company sign-in (its identity provider's metadata)",
        params: ZIdParams,
        body: ZSamlSettingsBody,
        response: { 200: ZSsoSettings, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await saml.save(actor, request.params.id, request.body);
      return sso.getSettings(actor, request.params.id);
    },
  );

  app.post(
    API_PATHS.organizationSamlTest(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: "Read a SAML identity provider's metadata and report what was found",
        params: ZIdParams,
        body: ZSamlTestBody,
        response: { 200: ZSamlTestResult, ...errors },
      },
    },
    async (request) => saml.test(actorOf(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.organizationSamlTestSignIn(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary:
          "Start a test sign-in through the organization's SAML identity provider (nobody is signed in)",
        params: ZIdParams,
        body: ZSamlTestSignInBody,
        response: { 200: ZSamlTestSignInStarted, ...errors },
      },
    },
    async (request) => saml.startTestSignIn(actorOf(request), request.params.id, request.body),
  );

  app.get(
    API_PATHS.organizationSamlTestSignInResult(':id', ':testId'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: 'What a SAML test sign-in received, and what Laurel would do with it',
        params: ZIdParams.extend({ testId: z.string().max(64) }),
        response: { 200: ZSamlTestSignInResult, ...errors },
      },
    },
    async (request) =>
      saml.testSignInResult(actorOf(request), request.params.id, request.params.testId),
  );

  app.get(
    API_PATHS.organizationSamlMetadata(':id'),
    {
      schema: {
        tags: ['organizations'],
        security,
        summary: "Laurel's SAML service provider metadata for the organization (signed XML)",
        params: ZIdParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const xml = await saml.serviceProviderMetadata(actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="laurel-sp-metadata-org-${request.params.id}.xml"`,
        )
        .send(xml);
    },
  );
};
