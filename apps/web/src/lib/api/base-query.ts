import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { MESSAGES } from '@laurel/contract/messages';
import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';

import { getIdToken } from '../auth-token/id-token';
import type { ImpersonationState } from '../impersonation/impersonation-slice';

/** The impersonated organization's id from the store, if a platform admin is acting within one. */
export function actingOrganizationId(state: unknown): number | null {
  const impersonation = (state as { impersonation?: ImpersonationState } | undefined)
    ?.impersonation;
  return impersonation?.organization?.id ?? null;
}

/**
 * What a failed call rejects with: the server's response body when there is one
 * (normally `{ message, fieldErrors? }`), otherwise the text 'Something went wrong' (spec §7).
 */
export type ApiError =
  { message: string; fieldErrors?: Record<string, string>; status?: number } | string;

const SUCCESS_STATUSES = new Set([200, 201, 204]);

/** A response's body: JSON when it parses, otherwise its text, or null when empty. */
export async function readResponseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so that requests also work where relative URLs cannot be parsed (tests in Node).
  baseUrl: typeof window === 'undefined' ? '/' : window.location.origin,
  prepareHeaders: async (headers, { getState }) => {
    headers.set('Cache-Control', 'no-store');
    const idToken = await getIdToken();
    if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
    const acting = actingOrganizationId(getState());
    if (acting !== null) headers.set(ACTING_ORGANIZATION_HEADER, String(acting));
    return headers;
  },
  // Only these statuses count as success; 204 is for calls that return no content.
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

function toApiError(body: unknown, status: number | undefined): ApiError {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : MESSAGES.requestFailed;
    const fieldErrors = record.fieldErrors as Record<string, string> | undefined;
    return {
      ...record,
      message,
      ...(fieldErrors ? { fieldErrors } : {}),
      ...(status ? { status } : {}),
    };
  }
  if (typeof body === 'string' && body.trim()) return body;
  return MESSAGES.requestFailed;
}
