import { Suspense, lazy, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router';

import { DemoNotice } from '../../components/feedback/demo-notice';
import { ErrorBoundary } from '../../components/feedback/error-boundary';
import { FullPageLoader } from '../../components/feedback/full-page-loader';
import { useImpersonationSync } from '../../features/impersonation/hooks/use-impersonation-sync';
import { useAuth } from '../../lib/auth/use-auth';
import { signedInWithPassword } from '../../lib/auth/passkey-offer';
import { selectBookmarksDrawerOpen } from '../../lib/bookmarks/bookmarks-slice';
import { selectImpersonatedOrganization } from '../../lib/impersonation/impersonation-slice';
import { Header } from './header';
import { Sidebar } from './sidebar';
import './shell.css';

const BookmarksDrawer = lazy(() => import('../../features/bookmarks/components/bookmarks-drawer'));
const SearchDialog = lazy(() => import('../../features/search/components/search-dialog'));
const PasskeyOffer = lazy(() => import('../../features/profile/components/passkey-offer'));
// Shown only while a platform admin acts within an organization: its code (MUI's button) is not
// part of every signed-in first screen.
const ImpersonationBanner = lazy(() =>
  import('../../features/impersonation/components/impersonation-banner').then((module) => ({
    default: module.ImpersonationBanner,
  })),
);
const ConfirmNameDialog = lazy(
  () => import('../../features/profile/components/confirm-name-dialog'),
);

/** The signed-in frame: header, sidebar, demo notice and the current screen. */
export default function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The drawer's state only: the shell is not drawn again as the bookmarks load.
  const drawerOpen = useSelector(selectBookmarksDrawerOpen);
  const acting = useSelector(selectImpersonatedOrganization) !== null;
  const [drawerUsed, setDrawerUsed] = useState(drawerOpen);
  // The passkey offer follows a password sign-in only: other visits do not fetch its code.
  const [mayOfferPasskey] = useState(signedInWithPassword);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  useImpersonationSync();

  const openSearch = () => {
    setSearchUsed(true);
    setSearchOpen(true);
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchUsed(true);
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  // Plain elements styled by shell.css: the frame is part of every signed-in first paint
  // (docs/decisions/033).
  return (
    <div className="laurel-shell">
      {/* The first stop of the keyboard: past the header and the navigation to the screen. */}
      <a className="laurel-skip-link" href="#main">
        <FormattedMessage id="shell.skipToMain" />
      </a>
      <Header onMenuClick={() => setMobileOpen(true)} onSearchClick={openSearch} />
      <Sidebar mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />
      <main id="main" className="laurel-shell__main" tabIndex={-1}>
        {acting ? (
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
        ) : null}
        <DemoNotice />
        {mayOfferPasskey ? (
          <Suspense fallback={null}>
            <PasskeyOffer />
          </Suspense>
        ) : null}
        <div className="laurel-shell__content">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <BookmarksDrawer />
        </Suspense>
      ) : null}
      {searchUsed ? (
        <Suspense fallback={null}>
          <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
      {user?.profile && !user.profile.nameConfirmed ? (
        <Suspense fallback={null}>
          <ConfirmNameDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
