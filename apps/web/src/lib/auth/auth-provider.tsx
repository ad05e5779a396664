import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import type { TProfile } from '@laurel/contract/profile';

import {
  clearIdentityCookies,
  hasIdentityCookies,
  readStoredSession,
} from '../amplify/identity-cookies';
import { adoptProfileLanguage } from '../i18n/profile-language';
import { loadAuthClient, preloadAuthClient, type AuthClient } from '../amplify/load-amplify';
import type { ApiDispatch } from '../api/api';
import { loadedStore, loadStore } from '../store/lazy-store';
import { loadCognitoConfig } from './cognito-config';
import type * as SessionStoreActions from './session-store';
import { AuthContext, type AuthContextValue } from './auth-context';
import {
  authReducer,
  initialAuthState,
  type AuthState,
  type AuthUser,
  type LoginData,
} from './auth-state';
import { leftUnanswered, loadUser, sessionFromTokens, userFromStoredSession } from './load-user';
import {
  arrivedStoredSessionProfile,
  sendStoredSessionToken,
  takeStoredSessionProfile,
} from './stored-session';
import { afterFirstScreen } from '../routing/first-screen';

type SessionStore = typeof SessionStoreActions;

/** Runs `work` with the store and the session's store actions, loading them if need be. */
let loadedActions: SessionStore | null = null;
const withStore = async <T,>(
  work: (dispatch: ApiDispatch, actions: SessionStore) => T | Promise<T>,
): Promise<T> => {
  const [store, actions] = await Promise.all([loadStore(), import('./session-store')]);
  loadedActions = actions;
  return work(store.dispatch, actions);
};

/** Clears the store (spec §4's global reset), if it has been created: at once when it can. */
const resetStore = () => {
  const store = loadedStore();
  if (store && loadedActions) loadedActions.resetAppState(store.dispatch);
  else if (store) void withStore((dispatch, actions) => actions.resetAppState(dispatch));
};

/**
 * The state the first render starts from: signed in already when the page's stored session is
 * still good and the profile asked for with the page has answered (the signed-in frame waits for
 * it, see startFirstScreen). The screen is then drawn in the first render, not after a "Checking
 * your session" spinner and a second render of the whole tree. The session check below still
 * runs; it ends the session if the identity service does not confirm it.
 */
function startingAuthState(): AuthState {
  const stored = readStoredSession();
  const profile = stored ? arrivedStoredSessionProfile() : undefined;
  if (!stored || !profile) return initialAuthState;
  return {
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: userFromStoredSession(stored, profile),
  };
}

/**
 * Holds the session of spec §3. The store is loaded when a signed-in screen or the session needs
 * it, not for the sign-in screens (docs/decisions/031). aws-amplify is loaded only when it is needed: when identity
 * cookies show that someone may be signed in, or when a sign-in screen asks for it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatchAuth] = useReducer(authReducer, undefined, startingAuthState);
  // Whether the first render already showed the stored session signed in.
  const startedSignedIn = useRef(state.isAuthenticated);
  const clientRef = useRef<Promise<AuthClient> | null>(null);
  const authenticatedRef = useRef(false);
  useEffect(() => {
    authenticatedRef.current = state.isAuthenticated;
  }, [state.isAuthenticated]);

  const getClient = useCallback((): Promise<AuthClient> => {
    clientRef.current ??= loadCognitoConfig()
      .then((config) =>
        loadAuthClient({
          poolId: config.poolId,
          clientId: config.clientId,
          ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        }),
      )
      .catch((error: unknown) => {
        clientRef.current = null;
        throw error;
      });
    return clientRef.current;
  }, []);

  const fetchProfile = useCallback(
    () => withStore((dispatch, actions) => actions.fetchProfile(dispatch, true)),
    [],
  );

  const finishSignOut = useCallback(() => {
    resetStore();
    dispatchAuth({ type: 'SIGN_OUT' });
    dispatchAuth({ type: 'FINISH_SIGN_OUT' });
  }, []);

  // Start: find out whether a session exists without loading aws-amplify when there is none.
  useEffect(() => {
    let cancelled = false;
    // What it finds renders the first screen (or the same screen again): a transition, so that
    // React renders it in slices and a phone's main thread is not blocked for the whole tree.
    const initialize = (isAuthenticated: boolean, user: AuthUser | null) =>
      startTransition(() => dispatchAuth({ type: 'INITIALIZE', isAuthenticated, user }));
    void (async () => {
      try {
        const config = await loadCognitoConfig();
        if (!hasIdentityCookies(config.clientId)) {
          if (!cancelled) initialize(false, null);
          return;
        }
        const stored = readStoredSession(config.clientId);
        if (stored) {
          // A session whose id token is still good: the screen and its data start with it, and
          // aws-amplify, loaded once that screen has been shown (it is not part of it), then
          // confirms the session with the identity service.
          sendStoredSessionToken(config.clientId);
          // The profile request may already be under way (started with the page, see app.tsx);
          // its answer goes where the screens read it, with the store.
          const profile = await takeStoredSessionProfile();
          if (cancelled) return;
          void withStore((dispatch, actions) => actions.storeProfile(dispatch, profile));
          if (!startedSignedIn.current) initialize(true, userFromStoredSession(stored, profile));
          await afterFirstScreen();
          if (cancelled) return;
          let user: AuthUser;
          try {
            user = await loadUser(await getClient(), async () => profile);
          } catch (error) {
            // Unanswered because this page is being left (the browser aborted the call): the
            // stored session stays for the next page. Any other failure ends the session below.
            if (leftUnanswered(error)) return;
            throw error;
          }
          if (!cancelled) initialize(true, user);
          return;
        }
        const client = await getClient();
        const user = await loadUser(client, fetchProfile);
        if (!cancelled) initialize(true, user);
      } catch {
        clearIdentityCookies();
        if (cancelled) return;
        resetStore();
        dispatchAuth({ type: 'INITIALIZE', isAuthenticated: false, user: null });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [getClient, fetchProfile]);

  // Keep the stored tokens current and react to a session that ends elsewhere.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void afterFirstScreen()
      .then(getClient)
      .then((client) => {
        if (!active) return;
        unsubscribe = client.listenToAuthEvents((event) => {
          if (event === 'tokenRefresh') {
            void client.fetchAuthSession().then((session) => {
              const { tokens, isAdmin } = sessionFromTokens(session.tokens);
              dispatchAuth({ type: 'UPDATE_SESSION', tokens, isAdmin });
            });
          } else if (
            (event === 'tokenRefresh_failure' || event === 'signedOut') &&
            authenticatedRef.current
          ) {
            finishSignOut();
          }
        });
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [state.isAuthenticated, getClient, finishSignOut]);

  // Nobody is signed in: fetch the identity client once the person starts using the screen (a key,
  // a tap, a field filled in by the browser), so the first screen shows without it.
  useEffect(() => {
    if (!state.isInitialized || state.isAuthenticated) return;
    const events = ['keydown', 'pointerdown', 'input'] as const;
    const preload = () => {
      for (const event of events) window.removeEventListener(event, preload, true);
      preloadAuthClient();
    };
    for (const event of events) window.addEventListener(event, preload, true);
    return () => {
      for (const event of events) window.removeEventListener(event, preload, true);
    };
  }, [state.isInitialized, state.isAuthenticated]);

  const loginTimeSentFor = useRef<string | null>(null);

  const completeSignIn = useCallback(async (): Promise<AuthUser> => {
    const client = await getClient();
    let user: AuthUser;
    try {
      user = await loadUser(client, fetchProfile);
    } catch (error) {
      // Signed in to the identity service but no usable profile: do not leave a half session.
      await client.signOut().catch(() => undefined);
      clearIdentityCookies();
      throw error;
    }
    // The language kept on the profile wins over the browser's (docs/i18n.md).
    await adoptProfileLanguage(user.profile).catch(() => undefined);
    dispatchAuth({ type: 'INITIALIZE', isAuthenticated: true, user });
    const signInKey = `${user.userId}:${user.tokens.idToken ?? ''}`;
    if (loginTimeSentFor.current !== signInKey) {
      loginTimeSentFor.current = signInKey;
      void withStore((dispatch, actions) => actions.recordLoginTime(dispatch)).catch(
        () => undefined,
      );
    }
    return user;
  }, [getClient, fetchProfile]);

  const signOut = useCallback(async () => {
    dispatchAuth({ type: 'SIGN_OUT' });
    try {
      // On the audit trail before the tokens go: the end of acting in an organization, if any,
      // and the sign-out (the only record of it with AWS Cognito).
      await withStore((dispatch, actions) => actions.recordSignOut(dispatch));
      const client = await getClient();
      await client.signOut();
    } catch {
      clearIdentityCookies();
    } finally {
      resetStore();
      loginTimeSentFor.current = null;
      dispatchAuth({ type: 'FINISH_SIGN_OUT' });
    }
  }, [getClient]);

  const updateSession = useCallback(async () => {
    const client = await getClient();
    const session = await client.fetchAuthSession();
    const { tokens, isAdmin } = sessionFromTokens(session.tokens);
    dispatchAuth({ type: 'UPDATE_SESSION', tokens, isAdmin });
  }, [getClient]);

  const updateLoginData = useCallback(
    (loginData: Partial<LoginData>) => dispatchAuth({ type: 'UPDATE_LOGIN_DATA', loginData }),
    [],
  );
  const updateProfile = useCallback(
    (profile: TProfile) => dispatchAuth({ type: 'UPDATE_PROFILE', profile }),
    [],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      getClient,
      completeSignIn,
      updateLoginData,
      signOut,
      updateSession,
      updateProfile,
    }),
    [state, getClient, completeSignIn, updateLoginData, signOut, updateSession, updateProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
