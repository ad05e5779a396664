import { API_PATHS } from '@laurel/contract/paths';
import type {
  TWebhookDeliveries,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointCreateBody,
  TWebhookEndpoints,
  TWebhookEndpointUpdateBody,
  TWebhookEndpointWithSecret,
} from '@laurel/contract/webhooks';

import { api } from '../../../lib/api/api';

const endpointsTag = (organizationId: number) => ({
  type: 'Organization' as const,
  id: `webhooks-${organizationId}`,
});
const deliveriesTag = (endpointId: number) => ({
  type: 'Organization' as const,
  id: `webhook-deliveries-${endpointId}`,
});

/** An organization's webhook endpoints and their delivery logs (docs/api.md#webhooks). */
const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<TWebhookEndpoints, number>({
      query: (organizationId) => API_PATHS.webhooks(organizationId),
      providesTags: (_result, _error, organizationId) => [endpointsTag(organizationId)],
    }),
    createWebhook: build.mutation<
      TWebhookEndpointWithSecret,
      { organizationId: number; body: TWebhookEndpointCreateBody }
    >({
      query: ({ organizationId, body }) => ({
        url: API_PATHS.webhooks(organizationId),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [endpointsTag(organizationId)],
    }),
    updateWebhook: build.mutation<
      TWebhookEndpoint,
      { organizationId: number; id: number; body: TWebhookEndpointUpdateBody }
    >({
      query: ({ organizationId, id, body }) => ({
        url: API_PATHS.webhook(organizationId, id),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [endpointsTag(organizationId)],
    }),
    deleteWebhook: build.mutation<null, { organizationId: number; id: number }>({
      query: ({ organizationId, id }) => ({
        url: API_PATHS.webhook(organizationId, id),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [endpointsTag(organizationId)],
    }),
    rotateWebhookSecret: build.mutation<
      TWebhookEndpointWithSecret,
      { organizationId: number; id: number }
    >({
      query: ({ organizationId, id }) => ({
        url: API_PATHS.webhookRotateSecret(organizationId, id),
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [endpointsTag(organizationId)],
    }),
    listWebhookDeliveries: build.query<TWebhookDeliveries, { organizationId: number; id: number }>({
      query: ({ organizationId, id }) => API_PATHS.webhookDeliveries(organizationId, id),
      providesTags: (_result, _error, { id }) => [deliveriesTag(id)],
    }),
    resendWebhookDelivery: build.mutation<
      TWebhookDelivery,
      { organizationId: number; id: number; deliveryId: number }
    >({
      query: ({ organizationId, id, deliveryId }) => ({
        url: API_PATHS.webhookDeliveryResend(organizationId, id, deliveryId),
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { id }) => [deliveriesTag(id)],
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useListWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
