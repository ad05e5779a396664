import type { TCognitoConfig } from '@laurel/contract/config';
import type { TProfile, TUpdateProfileBody } from '@laurel/contract/profile';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../api/api';

export interface CheckFederatedResult {
  isFederated: boolean;
  redirectUri?: string | null;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCognitoConfig: build.query<TCognitoConfig, void>({
      query: () => API_PATHS.cognitoConfig,
      keepUnusedDataFor: Infinity,
    }),
    getProfile: build.query<TProfile, void>({
      query: () => API_PATHS.profile,
      providesTags: ['Profile'],
    }),
    updateLoginTime: build.mutation<null, void>({
      query: () => ({ url: API_PATHS.loginTime, method: 'PATCH' }),
    }),
    recordSignOut: build.mutation<null, void>({
      query: () => ({ url: API_PATHS.signOut, method: 'POST' }),
    }),
    checkFederated: build.mutation<CheckFederatedResult, { email: string }>({
      query: (body) => ({ url: API_PATHS.checkFederated, method: 'POST', body }),
    }),
    updateProfile: build.mutation<TProfile, { id: number; body: TUpdateProfileBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.updateProfile(id), method: 'PATCH', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useUpdateProfileMutation, useCheckFederatedMutation } = authApi;
