import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';

import { FullPageLoader } from '../components/feedback/full-page-loader';
import { useAuth } from '../lib/auth/use-auth';
import { paths } from '../lib/routing/paths';

/** Screens behind sign-in: others are sent to the sign-in screen, which brings them back afterwards. */
export function RequireAuth() {
  const { isInitialized, isAuthenticated, isSigningOut } = useAuth();
  const location = useLocation();
  const intl = useIntl();
  // Remembered past the end of the sign-out: while the sign-in screen's code is still loading,
  // React keeps showing this screen and renders it again once the sign-out has finished, and
  // it must not then send the next person who signs in back to the previous user's page.
  const [signedOut, setSignedOut] = useState(false);
  if (isSigningOut && !signedOut) setSignedOut(true);
  if (!isInitialized)
    return <FullPageLoader label={intl.formatMessage({ id: 'app.checkingSession' })} />;
  if (!isAuthenticated) {
    const redirectTo =
      isSigningOut || signedOut ? null : `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate
        to={paths.auth.passwordSignIn.getHref({
          redirectTo: redirectTo === '/' ? null : redirectTo,
        })}
        replace
      />
    );
  }
  return <Outlet />;
}
