import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

import { preloadable } from '../routing/preloadable';

const [AppThemeProvider, loadAppThemeProvider] = preloadable<{ children: ReactNode }>(() =>
  import('./app-theme-provider').then((module) => ({ default: module.AppThemeProvider })),
);

/** Fetches MUI with the app's theme ahead of the first screen drawn with it. */
export const preloadMuiScreens = loadAppThemeProvider;

/**
 * What the screens drawn with MUI sit in: MUI's theme provider with the app's theme and its
 * baseline. The sign-in screen is drawn without MUI (docs/decisions/032), so MUI and its style
 * engine arrive with the first screen that needs them; until then this suspends. Without
 * children, it wraps the route's child routes.
 */
export function MuiScreens({ children }: { children?: ReactNode }) {
  return <AppThemeProvider>{children ?? <Outlet />}</AppThemeProvider>;
}
