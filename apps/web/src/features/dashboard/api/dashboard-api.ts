import type {
  TOrganizationAttention,
  TPlatformDashboard,
  TPlatformOrganization,
} from '@laurel/contract/dashboard';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The platform's counts and what needs attention (platform admins). */
    getPlatformDashboard: build.query<TPlatformDashboard, void>({
      query: () => API_PATHS.platformDashboard,
      providesTags: ['Counts', { type: 'Upload', id: 'LIST' }, { type: 'Contract', id: 'LIST' }],
    }),
    /** What needs an organization's attention that the caller may act on (its admins' dashboard). */
    getOrganizationAttention: build.query<TOrganizationAttention, number>({
      query: (organizationId) => API_PATHS.organizationAttention(organizationId),
      // The tag the Webhooks tab's changes invalidate: an endpoint enabled again leaves the list.
      providesTags: (_result, _error, organizationId) => [
        { type: 'Organization', id: `webhooks-${organizationId}` },
      ],
    }),
    /** A page of the organizations table: awards, match rate, insights, contract usage, uploads. */
    listPlatformOrganizations: build.query<
      TPage<TPlatformOrganization>,
      Record<string, string | number>
    >({
      query: (params) => ({ url: API_PATHS.platformOrganizations, params }),
      providesTags: ['Counts', { type: 'Organization', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrganizationAttentionQuery,
  useGetPlatformDashboardQuery,
  useListPlatformOrganizationsQuery,
} = dashboardApi;
