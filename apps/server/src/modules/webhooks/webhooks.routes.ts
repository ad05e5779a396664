import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZId } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  ZWebhookDeliveries,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreateBody,
  ZWebhookEndpoints,
  ZWebhookEndpointUpdateBody,
  ZWebhookEndpointWithSecret,
} from '@laurel/contract/webhooks';

import { actorOf } from '../../lib/actor.ts';
import type { WebhooksService } from './webhooks.service.ts';

const ZOrganizationParams = z.strictObject({ organizationId: ZId });
const ZEndpointParams = z.strictObject({ organizationId: ZId, id: ZId });
const ZDeliveryParams = z.strictObject({ organizationId: ZId, id: ZId, deliveryId: ZId });

/**
 * An organization's webhook endpoints (docs/api.md#webhooks): its admins, platform admins, and API
 * keys with the `webhooks:manage` scope.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const tags = ['Webhooks'];
  const security = [{ bearer: [] }];
  const config = { apiKeyScopes: ['webhooks:manage'] as const };
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.get(
    API_PATHS.webhooks(':organizationId'),
    {
      config,
      schema: {
        tags,
        security,
        summary: "An organization's webhook endpoints, newest first (never their secrets)",
        params: ZOrganizationParams,
        response: { 200: ZWebhookEndpoints, ...errors },
      },
    },
    async (request) => ({
      items: await webhooks.list(request.principal!, request.params.organizationId),
    }),
  );
  app.post(
    API_PATHS.webhooks(':organizationId'),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add a webhook endpoint: its signing secret is in this answer only',
        params: ZOrganizationParams,
        body: ZWebhookEndpointCreateBody,
        response: { 201: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await webhooks.create(actorOf(request), request.params.organizationId, request.body)),
  );
  app.patch(
    API_PATHS.webhook(':organizationId', ':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Change a webhook endpoint's address, description or events, or enable or disable it",
        params: ZEndpointParams,
        body: ZWebhookEndpointUpdateBody,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) =>
      webhooks.update(
        actorOf(request),
        request.params.organizationId,
        request.params.id,
        request.body,
      ),
  );
  app.delete(
    API_PATHS.webhook(':organizationId', ':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: ZEndpointParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    API_PATHS.webhookRotateSecret(':organizationId', ':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Give a webhook endpoint a new signing secret, in this answer only; the previous one signs too for 24 hours',
        params: ZEndpointParams,
        response: { 201: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await webhooks.rotateSecret(
            actorOf(request),
            request.params.organizationId,
            request.params.id,
          ),
        ),
  );
  app.get(
    API_PATHS.webhookDeliveries(':organizationId', ':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: "A webhook endpoint's newest 100 deliveries, each with every attempt",
        params: ZEndpointParams,
        response: { 200: ZWebhookDeliveries, ...errors },
      },
    },
    async (request) => ({
      items: await webhooks.deliveries(
        request.principal!,
        request.params.organizationId,
        request.params.id,
      ),
    }),
  );
  app.post(
    API_PATHS.webhookDeliveryResend(':organizationId', ':id', ':deliveryId'),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Send a delivery’s event again (same webhook-id), as a new delivery',
        params: ZDeliveryParams,
        response: { 201: ZWebhookDelivery, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await webhooks.resend(
            actorOf(request),
            request.params.organizationId,
            request.params.id,
            request.params.deliveryId,
          ),
        ),
  );
};
