import type { TAuditEntry } from '@laurel/contract/audits';
import { API_PATHS } from '@laurel/contract/paths';
import type { TPage } from '@laurel/contract/pagination';

import { api } from '../../../lib/api/api';

const auditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAudits: build.query<TPage<TAuditEntry>, Record<string, string | number>>({
      query: (params) => ({ url: API_PATHS.audits, params }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useListAuditsQuery } = auditsApi;
