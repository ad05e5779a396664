import type {
  TAward,
  TCredential,
  TCredentialBody,
  TCredentialPatchBody,
  TCredentialSummary,
} from '@laurel/contract/credentials';
import type {
  TAwardBadge,
  TAwardBadges,
  TCredentialIssuing,
  TIssueQueued,
  TOrganizationIssuing,
} from '@laurel/contract/open-badges';
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
    // Signed credentials (docs/credentials.md): counts and settings are tagged with the
    // credential, award states with its awards.
    getCredentialIssuing: build.query<TCredentialIssuing, number>({
      query: (id) => API_PATHS.credentialIssuing(id),
      providesTags: (_result, _error, id) => [{ type: 'Credential', id: `issuing-${id}` }],
    }),
    setCredentialIssuing: build.mutation<
      TCredentialIssuing,
      { id: number; enabled?: boolean; showOutcomes?: boolean }
    >({
      query: ({ id, ...body }) => ({
        url: API_PATHS.credentialIssuing(id),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Credential', id: `issuing-${id}` }],
    }),
    setOrganizationIssuing: build.mutation<
      TOrganizationIssuing,
      { organizationId: number; credentialId: number; issuingAllowed: boolean }
    >({
      query: ({ organizationId, issuingAllowed }) => ({
        url: API_PATHS.organizationIssuing(organizationId),
        method: 'PUT',
        body: { issuingAllowed },
      }),
      invalidatesTags: (_result, _error, { credentialId }) => [
        { type: 'Credential', id: `issuing-${credentialId}` },
      ],
    }),
    issueCredentials: build.mutation<TIssueQueued, { id: number; awardIds?: number[] }>({
      query: ({ id, awardIds }) => ({
        url: API_PATHS.credentialIssue(id),
        method: 'POST',
        body: awardIds ? { awardIds } : {},
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Credential', id: `issuing-${id}` }],
    }),
    listAwardBadges: build.query<TAwardBadges, { id: number; awardIds: number[] }>({
      query: ({ id, awardIds }) => ({
        url: API_PATHS.credentialAwardBadges(id),
        params: { awardIds: awardIds.join(',') },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Award', id: `badges-${id}` }],
    }),
    revokeAwardBadge: build.mutation<
      TAwardBadge,
      { awardId: number; credentialId: number; reason: string }
    >({
      query: ({ awardId, reason }) => ({
        url: API_PATHS.awardBadgeRevoke(awardId),
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { credentialId }) => [
        { type: 'Award', id: `badges-${credentialId}` },
        { type: 'Credential', id: `issuing-${credentialId}` },
      ],
    }),
    sendAwardBadge: build.mutation<TAwardBadge, { awardId: number; credentialId: number }>({
      query: ({ awardId }) => ({ url: API_PATHS.awardBadgeSend(awardId), method: 'POST' }),
      invalidatesTags: (_result, _error, { credentialId }) => [
        { type: 'Award', id: `badges-${credentialId}` },
      ],
    }),
  }),
});

export const {
  useGetCredentialIssuingQuery,
  useSetCredentialIssuingMutation,
  useSetOrganizationIssuingMutation,
  useIssueCredentialsMutation,
  useSendAwardBadgeMutation,
  useListAwardBadgesQuery,
  useRevokeAwardBadgeMutation,
  useListCredentialsQuery,
  useGetCredentialQuery,
  useListAwardsQuery,
  useCreateCredentialMutation,
  useUpdateCredentialMutation,
} = credentialsApi;
