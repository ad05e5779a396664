import type { TEarningsImport } from '@laurel/contract/earnings-imports';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const earningsImportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One earnings import; polled for its progress while it runs. */
    getEarningsImport: build.query<TEarningsImport, number>({
      query: (id) => API_PATHS.earningsImport(id),
    }),
    createEarningsImport: build.mutation<TEarningsImport, { organizationId: number; file: File }>({
      query: ({ organizationId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: API_PATHS.organizationEarningsImports(organizationId), method: 'POST', body };
      },
    }),
  }),
});

export const { useGetEarningsImportQuery, useCreateEarningsImportMutation } = earningsImportsApi;
