import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';

import { authReducer, initialAuthState, type AuthUser } from './auth-state';
import { useAuth } from './use-auth';
import { sessionFromTokens } from './load-user';

const user: AuthUser = {
  username: 'u-1',
  userId: 'u-1',
  attributes: { email: 'user@northwind.demo' },
  isAdmin: false,
  tokens: { idToken: 'id' },
  profile: null,
};

describe('auth state (spec §3–4)', () => {
  it('initialize sets authenticated and user and clears login data', () => {
    const withLogin = authReducer(initialAuthState, {
      type: 'UPDATE_LOGIN_DATA',
      loginData: { email: 'a@b.c', totpSetupSecret: 'S' },
    });
    const state = authReducer(withLogin, { type: 'INITIALIZE', isAuthenticated: true, user });
    expect(state).toMatchObject({
      isInitialized: true,
      isAuthenticated: true,
      user,
      loginData: { email: '', totpSetupSecret: '' },
    });
  });

  it('sign out clears the user and raises the signing-out flag; finish lowers it', () => {
    const signedIn = authReducer(initialAuthState, {
      type: 'INITIALIZE',
      isAuthenticated: true,
      user,
    });
    const signingOut = authReducer(signedIn, { type: 'SIGN_OUT' });
    expect(signingOut).toMatchObject({ isAuthenticated: false, user: null, isSigningOut: true });
    expect(authReducer(signingOut, { type: 'FINISH_SIGN_OUT' }).isSigningOut).toBe(false);
  });

  it('update session and update profile change only the user', () => {
    const signedIn = authReducer(initialAuthState, {
      type: 'INITIALIZE',
      isAuthenticated: true,
      user,
    });
    const refreshed = authReducer(signedIn, {
      type: 'UPDATE_SESSION',
      tokens: { idToken: 'new' },
      isAdmin: true,
    });
    expect(refreshed.user).toMatchObject({ tokens: { idToken: 'new' }, isAdmin: true });
    const profile = {
      id: 1,
      email: 'e',
      firstName: 'A',
      lastName: 'B',
      salutation: null,
      pronoun: null,
      title: null,
      nameConfirmed: true,
      roleId: 100 as const,
      organizationId: 2,
      organizationName: 'N',
      language: 'en' as const,
      insightsDigest: false,
    };
    expect(authReducer(refreshed, { type: 'UPDATE_PROFILE', profile }).user?.profile).toEqual(
      profile,
    );
  });

  it('marks a user in the Admins group of the access token as admin', () => {
    const jwt = (payload: Record<string, unknown>) => ({ payload, toString: () => 'jwt' });
    expect(
      sessionFromTokens({
        idToken: jwt({ exp: 10 }),
        accessToken: jwt({ 'cognito:groups': ['Admins'] }),
      }).isAdmin,
    ).toBe(true);
    expect(
      sessionFromTokens({ idToken: jwt({}), accessToken: jwt({ 'cognito:groups': ['Users'] }) })
        .isAdmin,
    ).toBe(false);
    expect(sessionFromTokens({ idToken: jwt({}), accessToken: jwt({}) }).isAdmin).toBe(false);
  });

  it('useAuth throws the spec message outside AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Probe() {
      useAuth();
      return null;
    }
    expect(() => render(<Probe />)).toThrow(MESSAGES.authContextOutsideProvider);
  });
});
