import type { TAuditEntry } from '@laurel/contract/audits';
import { API_PATHS } from '@laurel/contract/paths';
import type { TPage } from '@laurel/contract/pagination';

import { api } from '../../../lib/api/api';

export const AUDITS_PATH = API_PATHS.audits;
export const AUDITS_EXPORT_PATH = API_PATHS.auditsExport;

export const auditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAudits: build.query<TPage<TAuditEntry>, Record<string, string | number>>({
      query: (params) => ({ url: AUDITS_PATH, params }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useListAuditsQuery } = auditsApi;
