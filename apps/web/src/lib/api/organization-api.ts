import type { TOrganization } from '@laurel/contract/organizations';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from './api';

/**
 * GET /api/organizations/{id} (spec §7): shared because the shell (impersonation), breadcrumbs
 * and several screens need the same organization, and RTK Query then fetches it once.
 */
export const organizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganization: build.query<TOrganization, number>({
      query: (id) => API_PATHS.organization(id),
      // The spec says the client adds the id; the server's body already has it, this keeps it certain.
      transformResponse: (organization: TOrganization, _meta, id) => ({ ...organization, id }),
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),
  }),
});

export const { useGetOrganizationQuery } = organizationApi;
