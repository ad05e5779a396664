import { createContext, type ReactElement, type ReactNode, use, useState } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { createStore, type AppStore } from '../app/store';
import { I18nProvider } from '../lib/i18n/i18n-provider';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { setStoreLoader } from '../lib/store/lazy-store';

const RenderedContext = createContext<ReactNode>(null);
function Rendered() {
  return use(RenderedContext);
}

/** A data router (as the app has) around whatever the test renders, starting at `route`. */
function TestRouter({ route, children }: { route: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <Rendered /> }], { initialEntries: [route] }),
  );
  return (
    <RenderedContext value={children}>
      <RouterProvider router={router} />
    </RenderedContext>
  );
}

/** Renders with the store, theme, notifications and a router, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  options: { store?: AppStore; route?: string } = {},
) {
  const store = options.store ?? createStore();
  // The session (`AuthProvider`) reaches the same store as the screens.
  setStoreLoader(() => Promise.resolve(store));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider>
      <Provider store={store}>
        <AppThemeProvider>
          <SnackbarProvider>
            <TestRouter route={options.route ?? '/'}>{children}</TestRouter>
          </SnackbarProvider>
        </AppThemeProvider>
      </Provider>
    </I18nProvider>
  );
  return { store, ...render(ui, { wrapper }) };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
