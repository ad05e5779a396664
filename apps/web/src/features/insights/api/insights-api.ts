import type { TCredential, TCredentialSummary } from '@laurel/contract/credentials';
import type { TInsightsData, TInsightsLookups } from '@laurel/contract/insights';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

export interface InsightsDataArgs {
  organizationId: number;
  credentialId?: number | undefined;
  awardYearFrom?: number | undefined;
  awardYearTo?: number | undefined;
}

/**
 * The insights query of a panel: its organization, the filter in the URL, and the credential a
 * page fixes. Pages that start the request before the panel's code has loaded use the same.
 */
export function insightsArgs(
  organizationId: number,
  filter: { credentialId?: number; awardYearFrom?: number; awardYearTo?: number },
  fixedCredentialId?: number,
): InsightsDataArgs {
  return {
    organizationId,
    credentialId: fixedCredentialId ?? filter.credentialId,
    awardYearFrom: filter.awardYearFrom,
    awardYearTo: filter.awardYearTo,
  };
}

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Award-year range, support address and thresholds; they change only with new data. */
    getInsightsLookups: build.query<TInsightsLookups, void>({
      query: () => API_PATHS.insightsLookups,
      keepUnusedDataFor: Infinity,
    }),
    getInsightsData: build.query<TInsightsData, InsightsDataArgs>({
      query: (args) => {
        const params: Record<string, number> = { organizationId: args.organizationId };
        if (args.credentialId) params.credentialId = args.credentialId;
        if (args.awardYearFrom) params.awardYearFrom = args.awardYearFrom;
        if (args.awardYearTo) params.awardYearTo = args.awardYearTo;
        return { url: API_PATHS.insightsData, params };
      },
      providesTags: (_result, _error, args) => [{ type: 'Insights', id: args.organizationId }],
    }),
    /** The organization's credentials whose name or code holds `search`, by name, a page of them. */
    listInsightCredentials: build.query<
      TPage<TCredentialSummary>,
      { organizationId: number; search: string; pageSize: number }
    >({
      query: ({ organizationId, search, pageSize }) => ({
        url: API_PATHS.credentials,
        params: { organizationId, pageSize, sort: 'name', ...(search ? { search } : {}) },
      }),
    }),
    /** The chosen credential, to name it in the filter even when the search does not list it. */
    getInsightCredential: build.query<TCredential, number>({
      query: (id) => API_PATHS.credential(id),
      providesTags: (_result, _error, id) => [{ type: 'Credential', id }],
    }),
  }),
});

export const {
  useGetInsightCredentialQuery,
  useGetInsightsLookupsQuery,
  useGetInsightsDataQuery,
  useListInsightCredentialsQuery,
} = insightsApi;
