import { API_PATHS } from '@laurel/contract/paths';
import type {
  TOrganization,
  TOrganizationBody,
  TOrganizationPatchBody,
} from '@laurel/contract/organizations';

import { api } from '../../../lib/api/api';

const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createOrganization: build.mutation<TOrganization, TOrganizationBody>({
      query: (body) => ({ url: API_PATHS.organizations, method: 'POST', body }),
      invalidatesTags: [{ type: 'Organization', id: 'LIST' }, 'Counts'],
    }),
    updateOrganization: build.mutation<TOrganization, { id: number; body: TOrganizationPatchBody }>(
      {
        query: ({ id, body }) => ({ url: API_PATHS.organization(id), method: 'PATCH', body }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Organization', id },
          { type: 'Organization', id: 'LIST' },
        ],
      },
    ),
  }),
});

export const { useCreateOrganizationMutation, useUpdateOrganizationMutation } = organizationsApi;
