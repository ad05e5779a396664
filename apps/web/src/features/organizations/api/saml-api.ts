import { API_PATHS } from '@laurel/contract/paths';
import type {
  TSamlSettingsBody,
  TSamlTestResult,
  TSamlTestSignInResult,
  TSamlTestSignInStarted,
  TSsoSettings,
} from '@laurel/contract/sso';

import { api } from '../../../lib/api/api';

const tag = (id: number) => ({ type: 'Organization' as const, id: `sso-${id}` });

/** An organization's SAML 2.0 company sign-in (its settings are read with `getSsoSettings`). */
const samlApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSamlSettings: build.mutation<TSsoSettings, { id: number; body: TSamlSettingsBody }>({
      query: ({ id, body }) => ({ url: API_PATHS.organizationSaml(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [tag(id)],
    }),
    testSamlMetadata: build.mutation<
      TSamlTestResult,
      { id: number; body: { metadata_url?: string; metadata_xml?: string } }
    >({
      query: ({ id, body }) => ({ url: API_PATHS.organizationSamlTest(id), method: 'POST', body }),
    }),
    /** Starts a test sign-in: the browser goes to the returned address and comes back here. */
    startSamlTestSignIn: build.mutation<TSamlTestSignInStarted, { id: number; returnPath: string }>(
      {
        query: ({ id, returnPath }) => ({
          url: API_PATHS.organizationSamlTestSignIn(id),
          method: 'POST',
          body: { return_path: returnPath },
        }),
      },
    ),
    getSamlTestSignInResult: build.query<TSamlTestSignInResult, { id: number; testId: string }>({
      query: ({ id, testId }) => API_PATHS.organizationSamlTestSignInResult(id, testId),
    }),
  }),
});

export const {
  useSaveSamlSettingsMutation,
  useTestSamlMetadataMutation,
  useStartSamlTestSignInMutation,
  useGetSamlTestSignInResultQuery,
} = samlApi;
