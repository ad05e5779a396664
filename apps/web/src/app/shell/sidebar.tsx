import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

import { afterFirstScreen } from '../../lib/routing/first-screen';
import { preloadable } from '../../lib/routing/preloadable';
import { DockedSidebarContent, loadDockedSidebarWhereDocked } from './docked-sidebar';
import { SIDEBAR_PAPER_SX } from './sidebar-layout';

// A wide screen docks the sidebar: its navigation is asked for with the shell's code (a first
// visit asks for it earlier still, see `startFirstScreen`).
void loadDockedSidebarWhereDocked()?.catch(() => undefined);

const [MobileNavigation, preloadMobileNavigation] = preloadable(
  () => import('./mobile-navigation'),
);

export interface SidebarProps {
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * Permanent from the `md` breakpoint; a drawer that slides in on smaller screens. The sliding
 * drawer is rendered only while open: kept mounted, it rendered a second copy of the navigation on
 * every screen and measured the page while the first screen was being drawn. Its code (MUI's
 * drawer, modal, focus trap and transitions) is a chunk of its own, fetched after the first screen
 * or when it is first opened; the permanent column is drawn as the docked drawer looks, without
 * that code (docs/decisions/031).
 */
export function Sidebar({ mobileOpen, onMobileClose }: SidebarProps) {
  // Below `md` the column is not shown, so it is not rendered either (a phone's first screen is
  // drawn sooner without it); the page has no server rendering, so the query is answered at once.
  const docked = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerUsed, setDrawerUsed] = useState(mobileOpen);
  if (mobileOpen && !drawerUsed) setDrawerUsed(true);
  useEffect(() => {
    void afterFirstScreen().then(preloadMobileNavigation);
  }, []);
  return (
    // The column's room beside the page: `laurel-shell__aside` in shell.css.
    <aside className="laurel-shell__aside">
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileNavigation open={mobileOpen} onClose={onMobileClose} />
        </Suspense>
      ) : null}
      {docked ? (
        <Box sx={{ display: { xs: 'none', md: 'block' }, flex: '0 0 auto' }}>
          <Box
            sx={{
              ...SIDEBAR_PAPER_SX,
              position: 'fixed',
              left: 0,
              top: 'var(--laurel-header-height)',
              height: 'calc(100% - var(--laurel-header-height))',
              display: 'flex',
              flexDirection: 'column',
              overflowY: 'auto',
              outline: 0,
              zIndex: (theme) => theme.zIndex.drawer,
              borderRight: 1,
              borderColor: 'divider',
              color: 'text.primary',
            }}
          >
            <Suspense fallback={null}>
              <DockedSidebarContent />
            </Suspense>
          </Box>
        </Box>
      ) : null}
    </aside>
  );
}
