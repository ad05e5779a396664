import { API_PATHS } from '@laurel/contract/paths';
import type {
  TScimSettings,
  TScimToken,
  TScimTokenCreateBody,
  TScimTokenCreated,
} from '@laurel/contract/scim';

import { api } from '../../../lib/api/api';

const tag = (id: number) => ({ type: 'Organization' as const, id: `scim-${id}` });

/** An organization's SCIM provisioning (docs/sso.md): its address, tokens and last activity. */
const scimApi = api.injectEndpoints({
  endpoints: (build) => ({
    getScimSettings: build.query<TScimSettings, number>({
      query: (id) => API_PATHS.organizationScim(id),
      providesTags: (_result, _error, id) => [tag(id)],
    }),
    createScimToken: build.mutation<
      TScimTokenCreated,
      { organizationId: number; body: TScimTokenCreateBody }
    >({
      query: ({ organizationId, body }) => ({
        url: API_PATHS.organizationScimTokens(organizationId),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [tag(organizationId)],
    }),
    revokeScimToken: build.mutation<TScimToken, { organizationId: number; id: number }>({
      query: ({ organizationId, id }) => ({
        url: API_PATHS.organizationScimToken(organizationId, id),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { organizationId }) => [tag(organizationId)],
    }),
  }),
});

export const { useGetScimSettingsQuery, useCreateScimTokenMutation, useRevokeScimTokenMutation } =
  scimApi;
