import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { ErrorBoundary } from '../components/feedback/error-boundary';
import { FullPageLoader } from '../components/feedback/full-page-loader';
import { usePageViewTracking } from '../lib/tracking/page-view';

/** Wraps every route: page-view tracking, scroll to top on a new path, loading and error states. */
export function RootLayout() {
  const { pathname } = useLocation();
  usePageViewTracking();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
