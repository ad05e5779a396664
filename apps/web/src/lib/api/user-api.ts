import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import type { TUserSummary } from '@laurel/contract/users';

import { api } from './api';

/**
 * GET /api/users and GET /api/users/{id}: shared by the users screens and every person picker
 * (the audit trail's filter), so RTK Query fetches a person once.
 */
const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<TPage<TUserSummary>, Record<string, string | number>>({
      query: (params) => ({ url: API_PATHS.users, params }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getUser: build.query<TUserSummary, number>({
      query: (id) => API_PATHS.user(id),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useListUsersQuery, useGetUserQuery } = userApi;
