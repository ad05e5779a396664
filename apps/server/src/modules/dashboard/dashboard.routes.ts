import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ZOrganizationAttention,
  ZPlatformDashboard,
  ZPlatformOrganizationListQuery,
  ZPlatformOrganizationPage,
} from '@laurel/contract/dashboard';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZId } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import type { DashboardService } from './dashboard.service.ts';
import { localizedSentence, requestLanguage } from '../../lib/i18n.ts';

const INSIGHT_STATUS_WORDS = {
  available: 'Available',
  processing: 'Processing',
  unavailable: 'Not included',
} as const;

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const tags = ['dashboard'];

  app.get(
    API_PATHS.platformDashboard,
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The platform at a glance and what needs attention (platform admins)',
        description:
          'Counts of organizations, credentials, users and contracts, and what needs attention: uploads that failed in the last 30 days or made no progress for 30 minutes, company sign-in connection tests that failed, ACTIVE contracts used beyond what they include or ending within 60 days, and organizations whose insights are being rebuilt.',
        response: { 200: ZPlatformDashboard, 403: ZErrorResponse },
      },
    },
    async (request) => {
      const answer = await dashboard.platform(actorOf(request));
      // The details the server writes, in the request's language.
      const language = requestLanguage(request);
      const items = answer.attention.items.map((item) => ({
        ...item,
        detail: localizedSentence(item.detail, language),
      }));
      return { ...answer, attention: { ...answer.attention, items } };
    },
  );

  app.get(
    API_PATHS.organizationAttention(':organizationId'),
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'What needs the organization’s attention that the caller may act on',
        description:
          'For those who manage the organization’s webhooks (its admins, platform admins): webhook endpoints disabled by their deliveries (a 410 Gone answer, or three days of failures) and not enabled since, newest first. Others of the organization get an empty list.',
        params: z.strictObject({ organizationId: ZId }),
        response: { 200: ZOrganizationAttention, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => dashboard.organization(actorOf(request), request.params.organizationId),
  );

  registerListRoutes(app, {
    path: API_PATHS.platformOrganizations,
    exportPath: API_PATHS.platformOrganizationsExport,
    tags,
    noun: 'organizations at a glance',
    query: ZPlatformOrganizationListQuery,
    page: ZPlatformOrganizationPage,
    list: dashboard.organizations,
    stream: dashboard.stream,
    recordExport: dashboard.recordExport,
    columns: [
      ['id', (o) => o.id],
      ['name', (o) => o.name],
      ['status', (o) => o.status],
      ['awards', (o) => o.awards],
      ['match rate', (o) => (o.matchRate === null ? null : Number(o.matchRate.toFixed(4)))],
      ['insights', (o) => INSIGHT_STATUS_WORDS[o.insightsStatus]],
      ['contract', (o) => o.contractUsage?.number ?? null],
      ['contract ends', (o) => o.contractUsage?.endDate ?? null],
      ['most used line item', (o) => o.contractUsage?.billingCode ?? null],
      ['used', (o) => o.contractUsage?.used ?? null],
      ['included', (o) => o.contractUsage?.includedQuantity ?? null],
      ['last upload', (o) => o.lastUpload?.createdAt ?? null],
      ['last upload status', (o) => o.lastUpload?.status ?? null],
    ],
  });
};
