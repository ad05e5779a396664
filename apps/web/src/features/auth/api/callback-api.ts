import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../../../lib/api/api';

export interface CallbackResult {
  username: string;
  idToken: string;
  accessToken: string;
  refreshToken?: string;
}

export const authCallbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    exchangeCode: build.query<CallbackResult, { code: string; state: string }>({
      query: ({ code, state }) => ({ url: API_PATHS.cognitoCallback, params: { code, state } }),
      keepUnusedDataFor: 0,
    }),
  }),
});
