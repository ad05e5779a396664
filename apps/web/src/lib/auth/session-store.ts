import type { TProfile } from '@laurel/contract/profile';

import type { ApiDispatch } from '../api/api';
import { resetAppState } from '../api/reset';
import { stopImpersonation } from '../impersonation/impersonation-api';
import { authApi } from './auth-api';

/**
 * What the session (`AuthProvider`) does through the store. A module of its own, loaded with the
 * store, so that the sign-in screens do not load Redux (docs/decisions/031).
 */

/** The signed-in person's profile, into the cache the screens read (`refresh`: ask again). */
export const fetchProfile = (dispatch: ApiDispatch, refresh = false): Promise<TProfile> =>
  dispatch(
    authApi.endpoints.getProfile.initiate(undefined, { forceRefetch: refresh, subscribe: false }),
  ).unwrap();

/** A profile fetched without the store, put where the screens read it. */
export const storeProfile = (dispatch: ApiDispatch, profile: TProfile): unknown =>
  // The thunk is typed for the whole store's state; this dispatch knows only that it takes thunks.
  dispatch(
    authApi.util.upsertQueryData('getProfile', undefined, profile) as Parameters<ApiDispatch>[0],
  );

/** Records the time of a sign-in. */
export const recordLoginTime = (dispatch: ApiDispatch): Promise<unknown> =>
  dispatch(authApi.endpoints.updateLoginTime.initiate()).unwrap();

/**
 * On the audit trail before the tokens go: the end of acting in an organization, if any, and the
 * sign-out (the only record of it with AWS Cognito).
 */
export async function recordSignOut(dispatch: ApiDispatch): Promise<void> {
  await dispatch(stopImpersonation());
  await dispatch(authApi.endpoints.recordSignOut.initiate())
    .unwrap()
    .catch(() => undefined);
}

export { resetAppState };
