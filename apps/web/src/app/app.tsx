import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { createStore, type AppStore } from './store';

/**
 * A data router (rather than `<BrowserRouter>`) so that screens can hold navigation while a form
 * has unsaved changes (`useBlocker`); the routes themselves stay in `<AppRoutes>`.
 */
function createAppRouter(store: AppStore) {
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
