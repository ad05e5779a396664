import type { TSearchResult } from '@laurel/contract/search';

import { api } from '../../../lib/api/api';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<{ results: TSearchResult[] }, string>({
      query: (q) => ({ url: '/api/search', params: { q } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
