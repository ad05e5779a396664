import type { TAcceptInvitationResult, TInvitationDetails } from '@laurel/contract/invitations';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the link's page shows; the token goes in the body, not in another address. */
    getInvitationDetails: build.query<TInvitationDetails, string>({
      query: (token) => ({ url: API_PATHS.invitationDetails, method: 'POST', body: { token } }),
    }),
    acceptInvitation: build.mutation<TAcceptInvitationResult, { token: string; password?: string }>(
      {
        query: ({ token, password }) => ({
          url: API_PATHS.invitation,
          method: 'POST',
          body: { token, confirmation: true, ...(password === undefined ? {} : { password }) },
        }),
      },
    ),
  }),
});

export const { useGetInvitationDetailsQuery, useAcceptInvitationMutation } = invitationApi;
