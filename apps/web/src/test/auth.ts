import type { TProfile } from '@laurel/contract/profile';
import type { RoleId } from '@laurel/contract/roles';

import type { AuthContextValue } from '../lib/auth/auth-context';
import { initialAuthState } from '../lib/auth/auth-state';

/** A signed-in profile for tests. */
export function profileOf(roleId: RoleId, organizationId = 2, id = 7): TProfile {
  return {
    id,
    email: 'someone@example.org',
    firstName: 'Sam',
    lastName: 'Lee',
    salutation: null,
    pronoun: null,
    title: null,
    nameConfirmed: true,
    roleId,
    organizationId,
    organizationName: 'Northwind Technical College',
    language: 'en',
    insightsDigest: false,
  };
}

/** The auth context of a signed-in person (or nobody) for tests. */
export function authValue(profile: TProfile | null): AuthContextValue {
  return {
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: Boolean(profile),
    user: profile
      ? { username: 'u', userId: 'u', attributes: {}, isAdmin: false, tokens: {}, profile }
      : null,
    getClient: () => Promise.reject(new Error('not in tests')),
    completeSignIn: () => Promise.reject(new Error('not in tests')),
    updateLoginData: () => undefined,
    signOut: () => Promise.resolve(),
    updateSession: () => Promise.resolve(),
    updateProfile: () => undefined,
  };
}
