import { use, useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './providers';
import { mayHaveSession, readStoredSession } from '../lib/amplify/identity-cookies';
import { loadCognitoConfig } from '../lib/auth/cognito-config';
import { requestStoredSessionProfile, sendStoredSessionToken } from '../lib/auth/stored-session';
import { loadStore, setStoreLoader } from '../lib/store/lazy-store';
import { loadCatalogue } from '../lib/i18n/catalogue';
import { currentLanguage } from '../lib/i18n/language';
import { webFontsAfterFirstPaint } from '../lib/theme/web-fonts';
import { AppRoutes, signedInFrame, startFirstScreen } from './router';

/**
 * A data router (rather than `<BrowserRouter>`) so that screens can hold navigation while a form
 * has unsaved changes (`useBlocker`); the routes themselves stay in `<AppRoutes>`. The store is
 * created when a screen first needs it: the sign-in screens do not (docs/decisions/031).
 */
function createAppRouter() {
  setStoreLoader(() => import('./store').then(({ createStore }) => createStore()));
  const mayBeSignedIn = mayHaveSession();
  // The session check's requests go out before the screen's code, not queued behind it: the
  // identity configuration and, with a stored session that is still good, the profile.
  if (mayBeSignedIn) {
    void loadCognitoConfig().catch(() => undefined);
    // Someone may be signed in: the signed-in screens need the store.
    void loadStore().catch(() => undefined);
  }
  if (readStoredSession()) {
    sendStoredSessionToken();
    requestStoredSessionProfile();
  }
  startFirstScreen(window.location.pathname, { mayBeSignedIn });
  // The chosen language's catalogue travels with the first screen's code: its sign-in part, or all
  // of it when someone may be signed in (the shell waits for it).
  void loadCatalogue(currentLanguage(), mayBeSignedIn ? 'all' : 'sign-in').catch(() => undefined);
  return createBrowserRouter([
    {
      path: '*',
      element: (
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      ),
    },
  ]);
}

/** The page's router, made on the first render (a render that waits keeps no state). */
let appRouter: ReturnType<typeof createAppRouter> | undefined;

export function App() {
  appRouter ??= createAppRouter();
  // Someone may be signed in: nothing is drawn until the signed-in frame's code is in, rather than
  // a spinner that React would keep on screen for 300 ms.
  const waitFor = signedInFrame();
  if (waitFor) use(waitFor);
  // The first screen drawn, Lato is asked for (a signed-in visit's page waits for that paint).
  useEffect(() => webFontsAfterFirstPaint(), []);
  return <RouterProvider router={appRouter} />;
}
