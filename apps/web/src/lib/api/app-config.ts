import type { TAppConfig } from '@laurel/contract/config';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from './api';

/** Public facts about the deployment (demo mode, support address); loaded once per visit. */
export const appConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppConfig: build.query<TAppConfig, void>({
      query: () => API_PATHS.appConfig,
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export const { useGetAppConfigQuery } = appConfigApi;
