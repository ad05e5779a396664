import { API_PATHS } from '@laurel/contract/paths';
import type { TSsoSettings, TSsoSettingsBody, TSsoTestResult } from '@laurel/contract/sso';

import { api } from '../../../lib/api/api';

const tag = (id: number) => ({ type: 'Organization' as const, id: `sso-${id}` });

const ssoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSsoSettings: build.query<TSsoSettings, number>({
      query: (id) => API_PATHS.organizationSso(id),
      providesTags: (_result, _error, id) => [tag(id)],
    }),
    saveSsoSettings: build.mutation<TSsoSettings, { id: number; body: TSsoSettingsBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.organizationSso(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [tag(id)],
    }),
    testSsoConnection: build.mutation<TSsoTestResult, { id: number; issuer: string }>({
      query: ({ id, issuer }) => ({
        url: API_PATHS.organizationSsoTest(id),
        method: 'POST',
        body: { issuer },
      }),
    }),
  }),
});

export const { useGetSsoSettingsQuery, useSaveSsoSettingsMutation, useTestSsoConnectionMutation } =
  ssoApi;
