import type { TAwardee } from '@laurel/contract/awardees';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const awardeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The person holding an award, with their awards in its organization. */
    getAwardee: build.query<TAwardee, number>({
      query: (awardId) => API_PATHS.awardAwardee(awardId),
      providesTags: [{ type: 'Award', id: 'AWARDEE' }],
    }),
  }),
});

export const { useGetAwardeeQuery } = awardeesApi;
