import type {
  TContract,
  TContractBody,
  TContractSummary,
  TCurrentContracts,
} from '@laurel/contract/contracts';
import { API_PATHS } from '@laurel/contract/paths';
import type { TPage } from '@laurel/contract/pagination';

import { api } from '../../../lib/api/api';

export const contractsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContracts: build.query<TPage<TContractSummary>, Record<string, string | number>>({
      query: (params) => ({ url: API_PATHS.contracts, params }),
      providesTags: [{ type: 'Contract', id: 'LIST' }],
    }),
    getContract: build.query<TContract, number>({
      query: (id) => API_PATHS.contract(id),
      providesTags: (_result, _error, id) => [{ type: 'Contract', id }],
    }),
    /** The organization's ACTIVE contracts that cover today, with their usage this period. */
    getCurrentContracts: build.query<TCurrentContracts, number>({
      query: (organizationId) => API_PATHS.organizationContractUsage(organizationId),
      providesTags: [{ type: 'Contract', id: 'LIST' }, 'Counts'],
    }),
    createContract: build.mutation<TContract, TContractBody>({
      query: (body) => ({ url: API_PATHS.contracts, method: 'POST', body }),
      invalidatesTags: [{ type: 'Contract', id: 'LIST' }, 'Counts', 'Organization'],
    }),
    updateContract: build.mutation<TContract, { id: number; body: TContractBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.contract(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Contract', id },
        { type: 'Contract', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListContractsQuery,
  useGetContractQuery,
  useGetCurrentContractsQuery,
  useCreateContractMutation,
  useUpdateContractMutation,
} = contractsApi;
