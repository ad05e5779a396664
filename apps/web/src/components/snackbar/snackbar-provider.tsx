import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';

import { MuiScreens, preloadMuiScreens } from '../../lib/theme/mui-screens';
import type { Notice } from './snackbar-banner';
import { SnackbarContext, type SnackbarContextValue } from './snackbar-context';

const loadBanner = () => import('./snackbar-banner');
const SnackbarBanner = lazy(loadBanner);

/** Fetches the banner's code and MUI's theme ahead of the first notification (used by tests and idle preloading). */
export const preloadSnackbarBanner = () => Promise.all([loadBanner(), preloadMuiScreens()]);

let nextKey = 1;

/** The one place notifications are shown (spec §8): one banner at the top centre. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const showSnackbar = useCallback<SnackbarContextValue['showSnackbar']>(
    (message, severity = 'info', action) => {
      setNotice({ key: nextKey++, message, severity, ...(action ? { action } : {}) });
      setOpen(true);
    },
    [],
  );

  const closeSnackbar = useCallback(() => setOpen(false), []);
  const clearNotice = useCallback(() => setNotice(null), []);

  const value = useMemo(() => ({ showSnackbar, closeSnackbar }), [showSnackbar, closeSnackbar]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {notice ? (
        <Suspense fallback={null}>
          {/* The banner is MUI's: it may show over a screen drawn without MUI. */}
          <MuiScreens>
            <SnackbarBanner
              notice={notice}
              open={open}
              onClose={closeSnackbar}
              onExited={clearNotice}
            />
          </MuiScreens>
        </Suspense>
      ) : null}
    </SnackbarContext.Provider>
  );
}
