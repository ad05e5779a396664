import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './providers';
import { mayHaveSession, readStoredSession } from '../lib/amplify/identity-cookies';
import { sendStoredSessionToken } from '../lib/auth/stored-session';
import { authApi } from '../lib/auth/auth-api';
import { AppRoutes, startFirstScreen } from './router';
import { createStore, type AppStore } from './store';

/**
 * A data router (rather than `<BrowserRouter>`) so that screens can hold navigation while a form
 * has unsaved changes (`useBlocker`); the routes themselves stay in `<AppRoutes>`.
 */
function createAppRouter(store: AppStore) {
  const mayBeSignedIn = mayHaveSession();
  // The session check's requests go out before the screen's code, not queued behind it: the
  // identity configuration and, with a stored session that is still good, the profile.
  if (mayBeSignedIn) void store.dispatch(authApi.endpoints.getCognitoConfig.initiate());
  if (readStoredSession()) {
    sendStoredSessionToken();
    void store.dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  }
  startFirstScreen(window.location.pathname, store, { mayBeSignedIn });
  return createBrowserRouter([
    {
      path: '*',
      element: (
        <AppProviders store={store}>
          <AppRoutes />
        </AppProviders>
      ),
    },
  ]);
}

export function App() {
  const [store] = useState(createStore);
  const [router] = useState(() => createAppRouter(store));
  return <RouterProvider router={router} />;
}
