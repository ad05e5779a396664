import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORGANIZATION_CSV_COLUMNS } from '@laurel/contract/organizations';

import { API_PATHS } from '@laurel/contract/paths';
import { ZErrorResponse } from '@laurel/contract/errors';
import {
  ZOrganization,
  ZOrganizationBody,
  ZOrganizationListQuery,
  ZOrganizationPage,
  ZOrganizationPatchBody,
} from '@laurel/contract/organizations';
import { ZIdParams } from '@laurel/contract/pagination';
import { ZImpersonation, ZImpersonationBody } from '@laurel/contract/audits';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import type { OrganizationsService } from './organizations.service.ts';

export const organizationsRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationsService;
}> = async (app, { organizations }) => {
  const tags = ['organizations'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  registerListRoutes(app, {
    path: API_PATHS.organizations,
    exportPath: API_PATHS.organizationsExport,
    tags,
    noun: 'organizations',
    query: ZOrganizationListQuery,
    page: ZOrganizationPage,
    list: organizations.list,
    stream: organizations.stream,
    recordExport: organizations.recordExport,
    columns: ORGANIZATION_CSV_COLUMNS,
  });

  for (const [path, step] of [
    [API_PATHS.impersonationStart, 'start'],
    [API_PATHS.impersonationStop, 'stop'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary:
            step === 'start'
              ? 'Start acting within an organization (platform admins; audited)'
              : 'Stop acting within an organization (platform admins; audited)',
          description:
            'The web app calls this when it sets or clears the organization a platform admin acts in; in between, every request names it in the `x-acting-organization` header.',
          body: ZImpersonationBody,
          response: { 200: ZImpersonation, ...errors },
        },
      },
      async (request) =>
        organizations.impersonation(actorOf(request), request.body.organizationId, step),
    );
  }

  app.get(
    API_PATHS.organization(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One organization',
        params: ZIdParams,
        response: { 200: ZOrganization, ...errors },
      },
    },
    async (request) => organizations.get(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.organizations,
    {
      schema: {
        tags,
        security,
        summary: 'Create an organization (platform admin)',
        body: ZOrganizationBody,
        response: { 201: ZOrganization, 409: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await organizations.create(actorOf(request), request.body)),
  );

  app.patch(
    API_PATHS.organization(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Edit an organization (platform admin)',
        params: ZIdParams,
        body: ZOrganizationPatchBody,
        response: { 200: ZOrganization, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => organizations.update(actorOf(request), request.params.id, request.body),
  );
};
