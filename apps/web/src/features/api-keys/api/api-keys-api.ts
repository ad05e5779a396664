import type {
  TApiKey,
  TApiKeyCreateBody,
  TApiKeyCreated,
  TApiKeys,
} from '@laurel/contract/api-keys';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

/** An organization's API keys (docs/api.md), tagged with the organization. */
const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<TApiKeys, number>({
      query: (organizationId) => API_PATHS.apiKeys(organizationId),
      providesTags: (_result, _error, organizationId) => [
        { type: 'Organization', id: `api-keys-${organizationId}` },
      ],
    }),
    createApiKey: build.mutation<
      TApiKeyCreated,
      { organizationId: number; body: TApiKeyCreateBody }
    >({
      query: ({ organizationId, body }) => ({
        url: API_PATHS.apiKeys(organizationId),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'Organization', id: `api-keys-${organizationId}` },
      ],
    }),
    rotateApiKey: build.mutation<
      TApiKeyCreated,
      { organizationId: number; id: number; oldKeyExpiresAt: string }
    >({
      query: ({ organizationId, id, oldKeyExpiresAt }) => ({
        url: API_PATHS.apiKeyRotate(organizationId, id),
        method: 'POST',
        body: { oldKeyExpiresAt },
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'Organization', id: `api-keys-${organizationId}` },
      ],
    }),
    revokeApiKey: build.mutation<TApiKey, { organizationId: number; id: number }>({
      query: ({ organizationId, id }) => ({
        url: API_PATHS.apiKey(organizationId, id),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'Organization', id: `api-keys-${organizationId}` },
      ],
    }),
  }),
});

export const {
  useListApiKeysQuery,
  useCreateApiKeyMutation,
  useRotateApiKeyMutation,
  useRevokeApiKeyMutation,
} = apiKeysApi;
