import type { TAcceptInvitationResult } from '@laurel/contract/invitations';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

export const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptInvitation: build.mutation<TAcceptInvitationResult, { token: string }>({
      query: ({ token }) => ({
        url: API_PATHS.invitation,
        method: 'POST',
        body: { token, confirmation: true },
      }),
    }),
  }),
});

export const { useAcceptInvitationMutation } = invitationApi;
