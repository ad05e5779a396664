import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREDENTIAL_CSV_COLUMNS } from '@laurel/contract/credentials';

import {
  ZAwardChanges,
  ZAwardChangesQuery,
  ZAwardListQuery,
  ZAwardPage,
  ZCredential,
  ZCredentialBody,
  ZCredentialListQuery,
  ZCredentialPage,
  ZCredentialPatchBody,
} from '@laurel/contract/credentials';
import { API_PATHS } from '@laurel/contract/paths';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import type { CredentialsService } from './credentials.service.ts';

export const credentialsRoutes: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (
  app,
  { credentials },
) => {
  const tags = ['credentials'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  registerListRoutes(app, {
    path: API_PATHS.credentials,
    exportPath: API_PATHS.credentialsExport,
    tags,
    noun: 'credentials',
    query: ZCredentialListQuery,
    page: ZCredentialPage,
    list: credentials.list,
    stream: credentials.stream,
    recordExport: credentials.recordExport,
    apiKeyScopes: ['credentials:read'],
    columns: CREDENTIAL_CSV_COLUMNS,
  });

  app.get(
    API_PATHS.credential(':id'),
    {
      config: { apiKeyScopes: ['credentials:read'] },
      schema: {
        tags,
        security,
        summary: 'One credential',
        params: ZIdParams,
        response: { 200: ZCredential, ...errors },
      },
    },
    async (request) => credentials.get(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.organizationAwardChanges(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'awards:write'] },
      schema: {
        tags,
        security,
        summary: "The organization's awards created or changed since a time, oldest change first",
        description:
          'For a system that keeps a copy in step: the first call gives `since`, each next one the `nextCursor` of the page before (also when `more` was false, to read what changed since). A change is an award uploaded, corrected or matched; deleted awards are not listed.',
        params: ZIdParams,
        querystring: ZAwardChangesQuery,
        response: { 200: ZAwardChanges, ...errors },
      },
    },
    async (request) => credentials.awardChanges(actorOf(request), request.params.id, request.query),
  );

  app.get(
    API_PATHS.credentialAwards(':id'),
    {
      config: { apiKeyScopes: ['awards:read'] },
      schema: {
        tags,
        security,
        summary: 'People who hold the credential',
        params: ZIdParams,
        querystring: ZAwardListQuery,
        response: { 200: ZAwardPage, ...errors },
      },
    },
    async (request) => credentials.awards(actorOf(request), request.params.id, request.query),
  );

  app.post(
    API_PATHS.credentials,
    {
      config: { apiKeyScopes: ['credentials:write'] },
      schema: {
        tags,
        security,
        summary: 'Create a credential',
        body: ZCredentialBody,
        response: { 201: ZCredential, 409: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await credentials.create(actorOf(request), request.body)),
  );

  app.patch(
    API_PATHS.credential(':id'),
    {
      config: { apiKeyScopes: ['credentials:write'] },
      schema: {
        tags,
        security,
        summary: 'Edit or archive a credential',
        params: ZIdParams,
        body: ZCredentialPatchBody,
        response: { 200: ZCredential, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => credentials.update(actorOf(request), request.params.id, request.body),
  );
};
