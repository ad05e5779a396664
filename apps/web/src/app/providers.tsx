import type { ReactNode } from 'react';

import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { AuthProvider } from '../lib/auth/auth-provider';

/**
 * What every screen sits in; the store is given by `<StoreProvider>` and MUI's theme by
 * `<MuiScreens>` to the screens that need them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider>
      <AuthProvider>{children}</AuthProvider>
    </SnackbarProvider>
  );
}
