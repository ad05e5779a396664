import { API_PATHS } from '@laurel/contract/paths';
import type {
  TOrganization,
  TOrganizationBody,
  TOrganizationPatchBody,
} from '@laurel/contract/organizations';

import { api } from '../../../lib/api/api';
import { ORGANIZATIONS_PATH } from '../../../lib/api/organization-api';
export const ORGANIZATIONS_EXPORT_PATH = API_PATHS.organizationsExport;

export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useCreateOrganizationMutation, useUpdateOrganizationMutation } = organizationsApi;
