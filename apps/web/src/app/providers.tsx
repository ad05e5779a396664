import type { ReactNode } from 'react';

import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';

/** What every screen sits in; the store is given by `<StoreProvider>` to the screens that read it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <SnackbarProvider>
        <AuthProvider>{children}</AuthProvider>
      </SnackbarProvider>
    </AppThemeProvider>
  );
}
