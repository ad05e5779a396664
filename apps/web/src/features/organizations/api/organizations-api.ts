import type {
  TOrganization,
  TOrganizationBody,
  TOrganizationPatchBody,
  TOrganizationSummary,
} from '@laurel/contract/organizations';
import type { TPage } from '@laurel/contract/pagination';

import { api } from '../../../lib/api/api';

export const ORGANIZATIONS_PATH = '/api/organizations';
export const ORGANIZATIONS_EXPORT_PATH = '/api/organizations/export.csv';

export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<TPage<TOrganizationSummary>, Record<string, string | number>>({
      query: (params) => ({ url: ORGANIZATIONS_PATH, params }),
      providesTags: [{ type: 'Organization', id: 'LIST' }],
    }),
    createOrganization: build.mutation<TOrganization, TOrganizationBody>({
      query: (body) => ({ url: ORGANIZATIONS_PATH, method: 'POST', body }),
      invalidatesTags: [{ type: 'Organization', id: 'LIST' }, 'Counts'],
    }),
    updateOrganization: build.mutation<TOrganization, { id: number; body: TOrganizationPatchBody }>(
      {
        query: ({ id, body }) => ({ url: `${ORGANIZATIONS_PATH}/${id}`, method: 'PATCH', body }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Organization', id },
          { type: 'Organization', id: 'LIST' },
        ],
      },
    ),
  }),
});

export const {
  useListOrganizationsQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
} = organizationsApi;
