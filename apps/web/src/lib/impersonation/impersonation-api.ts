import type { TImpersonation, TImpersonationBody } from '@laurel/contract/audits';
import { API_PATHS } from '@laurel/contract/paths';

import { api, type ApiDispatch } from '../api/api';
import {
  clearImpersonation,
  type ImpersonationState,
  selectImpersonatedOrganization,
  setImpersonatedOrganization,
} from './impersonation-slice';

/**
 * The server's record of a platform admin starting and stopping to act within an organization:
 * the requests in between carry the `x-acting-organization` header; these two put both ends on
 * the organization's audit trail.
 */
const impersonationApi = api.injectEndpoints({
  endpoints: (build) => ({
    startImpersonation: build.mutation<TImpersonation, TImpersonationBody>({
      query: (body) => ({ url: API_PATHS.impersonationStart, method: 'POST', body }),
      invalidatesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
    stopImpersonation: build.mutation<TImpersonation, TImpersonationBody>({
      query: (body) => ({ url: API_PATHS.impersonationStop, method: 'POST', body }),
      invalidatesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

const impersonatedIn = (state: unknown) =>
  selectImpersonatedOrganization(state as { impersonation: ImpersonationState });

/** The start in flight, so that two callers (a re-run effect) record one start. */
let starting: { organizationId: number; result: Promise<boolean> } | null = null;

/**
 * Acts within an organization: the server records the start (and names the organization), then
 * the store holds it. Resolves false when the server refuses (an unknown organization).
 */
export function startImpersonation(organizationId: number) {
  return (dispatch: ApiDispatch, getState: () => unknown): Promise<boolean> => {
    if (impersonatedIn(getState())?.id === organizationId) return Promise.resolve(true);
    if (starting?.organizationId === organizationId) return starting.result;
    const result = dispatch(
      impersonationApi.endpoints.startImpersonation.initiate({ organizationId }),
    )
      .unwrap()
      .then(
        (started) => {
          dispatch(
            setImpersonatedOrganization({
              id: started.organizationId,
              name: started.organizationName,
            }),
          );
          return true;
        },
        () => {
          dispatch(clearImpersonation());
          return false;
        },
      )
      .finally(() => {
        if (starting?.organizationId === organizationId) starting = null;
      });
    starting = { organizationId, result };
    return result;
  };
}

/**
 * Stops acting within the organization held in the store, if any: the store lets go at once and
 * the server records the stop (a failure to record does not keep anyone acting).
 */
export function stopImpersonation() {
  return async (dispatch: ApiDispatch, getState: () => unknown): Promise<void> => {
    starting = null;
    const organization = impersonatedIn(getState());
    if (!organization) return;
    dispatch(clearImpersonation());
    await dispatch(
      impersonationApi.endpoints.stopImpersonation.initiate({ organizationId: organization.id }),
    )
      .unwrap()
      .catch(() => undefined);
  };
}
