import type {
  TBenchmarkDataSet,
  TBenchmarkDataSetList,
  TBenchmarkFileCheck,
} from '@laurel/contract/benchmarks';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

const benchmarksApi = api.injectEndpoints({
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
    /** Checks a file whole and stores nothing: its row count, for the replacement's question. */
    checkBenchmarks: build.mutation<TBenchmarkFileCheck, File>({
      query: (file) => ({ url: API_PATHS.benchmarkCheck, method: 'POST', body: fileBody(file) }),
    }),
    restoreBenchmarks: build.mutation<TBenchmarkDataSet, number>({
      query: (id) => ({ url: API_PATHS.benchmarkRestore(id), method: 'POST' }),
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
  useCheckBenchmarksMutation,
  useRestoreBenchmarksMutation,
  useDeleteBenchmarksMutation,
} = benchmarksApi;
