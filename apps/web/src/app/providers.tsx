import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';

import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import type { AppStore } from './store';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <AppThemeProvider>
        <SnackbarProvider>
          <AuthProvider>{children}</AuthProvider>
        </SnackbarProvider>
      </AppThemeProvider>
    </ReduxProvider>
  );
}
