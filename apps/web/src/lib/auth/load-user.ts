import type { TProfile } from '@laurel/contract/profile';
import { ADMINS_GROUP } from '@laurel/contract/constants';

import type { StoredSession } from '../amplify/identity-cookies';
import type { AuthClient } from '../amplify/load-amplify';
import type { AuthUser, SessionTokens } from './auth-state';

interface JwtLike {
  toString(): string;
  payload: Record<string, unknown>;
}

export function sessionFromTokens(
  tokens: { idToken?: JwtLike; accessToken?: JwtLike } | undefined,
): {
  tokens: SessionTokens;
  isAdmin: boolean;
} {
  const groups = tokens?.accessToken?.payload['cognito:groups'];
  const expiresAt = tokens?.idToken?.payload.exp;
  return {
    tokens: {
      ...(tokens?.idToken ? { idToken: tokens.idToken.toString() } : {}),
      ...(tokens?.accessToken ? { accessToken: tokens.accessToken.toString() } : {}),
      ...(typeof expiresAt === 'number' ? { expiresAt } : {}),
    },
    isAdmin: Array.isArray(groups) && groups.includes(ADMINS_GROUP),
  };
}

/**
 * The identity service never answered: the network failed, or the page was left while the request
 * was under way (the browser then aborts it). Such a failure neither confirms nor refuses a session.
 * @example isUnanswered(new TypeError('Failed to fetch')) // true
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}

let leaving = false;
if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  // Back from the browser's page cache: the page is in use again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * A session check that failed because this page is being left (another address typed, a reload):
 * the browser aborted the call, which says nothing about the session. Any other failure to load
 * the user at start, a network failure included, ends the session (spec §8).
 * @example leftUnanswered(new TypeError('Failed to fetch')) // true only while the page unloads
 */
export function leftUnanswered(error: unknown): boolean {
  return leaving && isUnanswered(error);
}

/** Reads who is signed in from the identity client, and their profile from the API. */
export async function loadUser(
  client: AuthClient,
  fetchProfile: () => Promise<TProfile>,
): Promise<AuthUser> {
  const current = await client.getCurrentUser();
  const session = await client.fetchAuthSession();
  if (!session.tokens?.idToken) throw new Error('No session found.');
  const [attributes, profile] = await Promise.all([client.fetchUserAttributes(), fetchProfile()]);
  const { tokens, isAdmin } = sessionFromTokens(session.tokens);
  return {
    username: current.username,
    userId: current.userId,
    signInDetails: current.signInDetails,
    attributes,
    isAdmin,
    tokens,
    profile,
  };
}

/**
 * Who is signed in, from the session aws-amplify stored in its cookies and the profile the API
 * returned for its id token: the user attributes are the id token's claims until aws-amplify has
 * read them from the identity service.
 */
export function userFromStoredSession(stored: StoredSession, profile: TProfile): AuthUser {
  const { tokens, isAdmin } = sessionFromTokens(stored);
  const attributes: Record<string, string | undefined> = {};
  for (const [claim, value] of Object.entries(stored.idToken.payload))
    if (typeof value === 'string') attributes[claim] = value;
  return {
    username: stored.username,
    userId: typeof stored.idToken.payload.sub === 'string' ? stored.idToken.payload.sub : '',
    attributes,
    isAdmin,
    tokens,
    profile,
  };
}
