import { API_PATHS } from '@laurel/contract/paths';
import type { TRemoveAuthenticatorBody } from '@laurel/contract/profile';

import { api } from '../../../lib/api/api';

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Removes the signed-in user's authenticator app; the server checks the code or password. */
    removeAuthenticator: build.mutation<null, TRemoveAuthenticatorBody>({
      query: (body) => ({ url: API_PATHS.removeAuthenticator, method: 'POST', body }),
    }),
  }),
});

export const { useRemoveAuthenticatorMutation } = profileApi;
