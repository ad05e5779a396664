import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { createStore, type AppStore } from '../app/store';
import { AppThemeProvider } from '../app/theme/app-theme-provider';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';

/** Renders with the store, theme, notifications and a router, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  options: { store?: AppStore; route?: string } = {},
) {
  const store = options.store ?? createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <AppThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
        </SnackbarProvider>
      </AppThemeProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper }) };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
