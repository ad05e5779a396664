import type { TBenchmarkDataSet, TBenchmarkDataSetList } from '@laurel/contract/benchmarks';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

export const benchmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBenchmarks: build.query<TBenchmarkDataSetList, void>({
      query: () => API_PATHS.benchmarks,
      providesTags: ['Benchmark'],
    }),
    importBenchmarks: build.mutation<TBenchmarkDataSet, File>({
      query: (file) => ({ url: API_PATHS.benchmarks, method: 'POST', body: fileBody(file) }),
      invalidatesTags: ['Benchmark'],
    }),
    replaceBenchmarks: build.mutation<TBenchmarkDataSet, { id: number; file: File }>({
      query: ({ id, file }) => ({
        url: API_PATHS.benchmark(id),
        method: 'PUT',
        body: fileBody(file),
      }),
      invalidatesTags: ['Benchmark'],
    }),
    deleteBenchmarks: build.mutation<void, number>({
      query: (id) => ({ url: API_PATHS.benchmark(id), method: 'DELETE' }),
      invalidatesTags: ['Benchmark'],
    }),
  }),
});

export const {
  useListBenchmarksQuery,
  useImportBenchmarksMutation,
  useReplaceBenchmarksMutation,
  useDeleteBenchmarksMutation,
} = benchmarksApi;
