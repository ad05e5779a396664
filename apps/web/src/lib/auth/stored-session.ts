import type { TProfile } from '@laurel/contract/profile';
import { API_PATHS } from '@laurel/contract/paths';

import { readStoredSession } from '../amplify/identity-cookies';
import { apiRequest } from '../api/request';
import { setIdTokenProvider } from '../auth-token/id-token';

/**
 * API calls carry the id token aws-amplify stored in its cookies until aws-amplify has loaded
 * and registers itself (it then refreshes the token when it is due).
 */
export function sendStoredSessionToken(clientId?: string): void {
  setIdTokenProvider(async () => readStoredSession(clientId, 5)?.idToken.toString());
}

let early: Promise<TProfile> | null = null;
/** The answer to `early`, once it has come and until the session check takes it. */
let arrived: TProfile | undefined;

/**
 * Asks for the profile of the stored session as the page starts, before the store's code has
 * arrived (the session check takes the answer, see `takeStoredSessionProfile`).
 */
export function requestStoredSessionProfile(): void {
  if (early) return;
  const request = apiRequest<TProfile>(API_PATHS.profile);
  early = request;
  request.then(
    (profile) => {
      if (early === request) arrived = profile;
    },
    () => undefined,
  );
}

/** The request `requestStoredSessionProfile` started, if it has not been taken yet. */
export function storedSessionProfileRequest(): Promise<TProfile> | null {
  return early;
}

/** The stored session's profile if the request started with the page has already answered. */
export function arrivedStoredSessionProfile(): TProfile | undefined {
  return arrived;
}

/** The stored session's profile: the request started with the page, or a new one. */
export function takeStoredSessionProfile(): Promise<TProfile> {
  const profile = early ?? apiRequest<TProfile>(API_PATHS.profile);
  early = null;
  arrived = undefined;
  return profile;
}
