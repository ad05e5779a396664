import type { TBenchmarkComparison } from '@laurel/contract/benchmarks';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const benchmarkComparisonApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A credential's earnings benchmark and high-school threshold, in the insights' dollars. */
    getBenchmarkComparison: build.query<
      TBenchmarkComparison,
      { credentialId: number; dollarsOfYear: number }
    >({
      query: ({ credentialId, dollarsOfYear }) => ({
        url: API_PATHS.benchmarkComparison,
        params: { credentialId, dollarsOfYear },
      }),
      providesTags: ['Benchmark'],
    }),
  }),
});

export const { useGetBenchmarkComparisonQuery } = benchmarkComparisonApi;
