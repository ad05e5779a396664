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
  }),
});

export const { useListAuditsQuery } = auditsApi;
