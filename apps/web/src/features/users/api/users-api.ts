import type { TInvitation, TInvitationBody, TInvitationSeats } from '@laurel/contract/invitations';
import { API_PATHS } from '@laurel/contract/paths';
import type { TUserPatchBody, TUserSummary } from '@laurel/contract/users';

import { api } from '../../../lib/api/api';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<TUserSummary, { id: number; body: TUserPatchBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.user(id), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    inviteUser: build.mutation<
      { user: TUserSummary; invitation: TInvitation },
      { organizationId: number; body: TInvitationBody }
    >({
      query: ({ organizationId, body }) => ({
        url: API_PATHS.organizationInvitations(organizationId),
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** The seats the next invitation would take; read afresh each time the dialog opens. */
    getInvitationSeats: build.query<TInvitationSeats, number>({
      query: (organizationId) => API_PATHS.organizationInvitationSeats(organizationId),
    }),
    resendInvitation: build.mutation<TInvitation, number>({
      query: (id) => ({ url: API_PATHS.resendUserInvitation(id), method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    revokeInvitation: build.mutation<null, number>({
      query: (id) => ({ url: API_PATHS.userInvitation(id), method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useInviteUserMutation,
  useGetInvitationSeatsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = usersApi;
