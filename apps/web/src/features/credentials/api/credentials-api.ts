import type {
  TAward,
  TCredential,
  TCredentialBody,
  TCredentialPatchBody,
  TCredentialSummary,
} from '@laurel/contract/credentials';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

type Query = Record<string, string | number>;

export const credentialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCredentials: build.query<TPage<TCredentialSummary>, Query>({
      query: (params) => ({ url: API_PATHS.credentials, params }),
      providesTags: [{ type: 'Credential', id: 'LIST' }],
    }),
    getCredential: build.query<TCredential, number>({
      query: (id) => API_PATHS.credential(id),
      providesTags: (_result, _error, id) => [{ type: 'Credential', id }],
    }),
    listAwards: build.query<TPage<TAward>, { id: number; params: Query }>({
      query: ({ id, params }) => ({ url: API_PATHS.credentialAwards(id), params }),
      providesTags: (_result, _error, { id }) => [{ type: 'Award', id }],
    }),
    createCredential: build.mutation<TCredential, TCredentialBody>({
      query: (body) => ({ url: API_PATHS.credentials, method: 'POST', body }),
      invalidatesTags: [{ type: 'Credential', id: 'LIST' }, 'Counts', 'Organization'],
    }),
    updateCredential: build.mutation<TCredential, { id: number; body: TCredentialPatchBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.credential(id), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Credential', id },
        { type: 'Credential', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListCredentialsQuery,
  useGetCredentialQuery,
  useListAwardsQuery,
  useCreateCredentialMutation,
  useUpdateCredentialMutation,
} = credentialsApi;
