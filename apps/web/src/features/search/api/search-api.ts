import type { TSearchResult } from '@laurel/contract/search';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<{ results: TSearchResult[] }, string>({
      query: (q) => ({ url: API_PATHS.search, params: { q } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
