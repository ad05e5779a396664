import type { TAuditEntry } from '@laurel/contract/audits';
import type { TPage } from '@laurel/contract/pagination';

import { api } from '../../../lib/api/api';

export const AUDITS_PATH = '/api/audits';
export const AUDITS_EXPORT_PATH = '/api/audits/export.csv';

export const auditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAudits: build.query<TPage<TAuditEntry>, Record<string, string | number>>({
      query: (params) => ({ url: AUDITS_PATH, params }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
    /** People to filter by: the users the caller can see. */
    listAuditUsers: build.query<
      TPage<{ id: number; firstName: string; lastName: string; email: string }>,
      { organizationId?: number; search?: string }
    >({
      query: ({ organizationId, search }) => ({
        url: '/api/users',
        params: {
          pageSize: 100,
          sort: 'name',
          ...(organizationId ? { organizationId } : {}),
          ...(search ? { search } : {}),
        },
      }),
    }),
    listAuditOrganizations: build.query<TPage<{ id: number; name: string }>, void>({
      query: () => ({ url: '/api/organizations', params: { pageSize: 100, sort: 'name' } }),
    }),
  }),
});

export const { useListAuditsQuery, useListAuditUsersQuery, useListAuditOrganizationsQuery } =
  auditsApi;
