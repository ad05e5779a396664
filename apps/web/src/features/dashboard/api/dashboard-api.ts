import { API_PATHS } from '@laurel/contract/paths';
import { api } from '../../../lib/api/api';

export interface PlatformCounts {
  organizations: number;
  credentials: number;
  contracts: number;
  users: number;
}

const COUNTED = ['organizations', 'credentials', 'contracts', 'users'] as const;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Totals of the four lists, each asked for one row only. */
    getPlatformCounts: build.query<PlatformCounts, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const results = await Promise.all(
          COUNTED.map((name) => baseQuery({ url: API_PATHS[name], params: { pageSize: 1 } })),
        );
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        const totals = results.map((result) => (result.data as { total: number }).total);
        return {
          data: {
            organizations: totals[0] ?? 0,
            credentials: totals[1] ?? 0,
            contracts: totals[2] ?? 0,
            users: totals[3] ?? 0,
          },
        };
      },
      providesTags: ['Counts'],
    }),
  }),
});

export const { useGetPlatformCountsQuery } = dashboardApi;
