import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './providers';
import { mayHaveSession } from '../lib/amplify/identity-cookies';
import { authApi } from '../lib/auth/auth-api';
import { AppRoutes, startFirstScreen } from './router';
import { createStore, type AppStore } from './store';

/**
 * A data router (rather than `<BrowserRouter>`) so that screens can hold navigation while a form
 * has unsaved changes (`useBlocker`); the routes themselves stay in `<AppRoutes>`.
 */
function createAppRouter(store: AppStore) {
  const mayBeSignedIn = mayHaveSession();
  // The session check's first request goes out before the screen's code, not queued behind it.
  if (mayBeSignedIn) void store.dispatch(authApi.endpoints.getCognitoConfig.initiate());
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
