import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';

import { getIdToken } from '../auth-token/id-token';
import { currentLanguage } from '../i18n/language';
import type { ImpersonationState } from '../impersonation/impersonation-slice';
import { readResponseBody, SUCCESS_STATUSES, toApiError, type ApiError } from './request';

export { readResponseBody, type ApiError };

/** The impersonated organization's id from the store, if a platform admin is acting within one. */
function actingOrganizationId(state: unknown): number | null {
  const impersonation = (state as { impersonation?: ImpersonationState } | undefined)
    ?.impersonation;
  return impersonation?.organization?.id ?? null;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so that requests also work where relative URLs cannot be parsed (tests in Node).
  baseUrl: typeof window === 'undefined' ? '/' : window.location.origin,
  prepareHeaders: async (headers, { getState }) => {
    headers.set('Cache-Control', 'no-store');
    // The server answers its messages in the chosen language (docs/i18n.md).
    headers.set('Accept-Language', currentLanguage());
    const idToken = await getIdToken();
    if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
    const acting = actingOrganizationId(getState());
    if (acting !== null) headers.set(ACTING_ORGANIZATION_HEADER, String(acting));
    return headers;
  },
  validateStatus: (response) => SUCCESS_STATUSES.has(response.status),
  responseHandler: readResponseBody,
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  return { error: toApiError(result.error.data, result.meta?.response?.status), meta: result.meta };
};
