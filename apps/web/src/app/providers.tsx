import type { ReactNode } from 'react';

import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import { I18nProvider } from '../lib/i18n/i18n-provider';

/**
 * What every screen sits in: the chosen language's messages (react-intl), notifications, the
 * session; the store is given by `<StoreProvider>` and MUI's theme by
 * `<MuiScreens>` to the screens that need them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <SnackbarProvider>
        <AuthProvider>{children}</AuthProvider>
      </SnackbarProvider>
    </I18nProvider>
  );
}
