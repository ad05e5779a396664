import type { TOrganization, TOrganizationSummary } from '@laurel/contract/organizations';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from './api';

/**
 * GET /api/organizations/{id} (spec §7): shared because the shell (impersonation), breadcrumbs
 * and several screens need the same organization, and RTK Query then fetches it once.
 * GET /api/organizations: shared by the organizations list and every organization picker.
 */
export const organizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<TPage<TOrganizationSummary>, Record<string, string | number>>({
      query: (params) => ({ url: API_PATHS.organizations, params }),
      providesTags: [{ type: 'Organization', id: 'LIST' }],
    }),
    getOrganization: build.query<TOrganization, number>({
      query: (id) => API_PATHS.organization(id),
      // The spec says the client adds the id; the server's body already has it, this keeps it certain.
      transformResponse: (organization: TOrganization, _meta, id) => ({ ...organization, id }),
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),
  }),
});

export const { useGetOrganizationQuery, useListOrganizationsQuery } = organizationApi;
