import type { TPlatformDashboard, TPlatformOrganization } from '@laurel/contract/dashboard';
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

export const { useGetPlatformDashboardQuery, useListPlatformOrganizationsQuery } = dashboardApi;
