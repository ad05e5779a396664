import type { TProfile, TUpdateProfileBody } from '@laurel/contract/profile';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../api/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    updateProfile: build.mutation<TProfile, { id: number; body: TUpdateProfileBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.updateProfile(id), method: 'PATCH', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useUpdateProfileMutation } = authApi;
