import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { STORAGE_KEYS, THEME_NAMES, type ThemeName } from '@laurel/contract/constants';

import { createAppTheme } from './create-app-theme';
import { createStyleCache } from './style-cache';
import { ThemeVariantContext } from './theme-variant-context';

function readStoredVariant(): ThemeName {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    return THEME_NAMES.includes(stored as ThemeName) ? (stored as ThemeName) : 'DEFAULT';
  } catch {
    return 'DEFAULT';
  }
}

/**
 * Theme of spec §9. Light by default, following the system's mode; the user's mode is kept by MUI
 * under `mui-mode` / `mui-color-scheme`, the chosen variant under `theme`.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [variant, setVariantState] = useState<ThemeName>(readStoredVariant);
  const [styleCache] = useState(createStyleCache);
  const theme = useMemo(() => createAppTheme(variant), [variant]);

  const setVariant = useCallback((next: ThemeName) => {
    setVariantState(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this visit.
    }
  }, []);

  const variantValue = useMemo(() => ({ variant, setVariant }), [variant, setVariant]);

  return (
    <CacheProvider value={styleCache}>
      <ThemeVariantContext.Provider value={variantValue}>
        {/* No disableTransitionOnChange: it adds a <style> element without the page's nonce. */}
        <ThemeProvider
          theme={theme}
          defaultMode="system"
          modeStorageKey={STORAGE_KEYS.mode}
          colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
        >
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </ThemeVariantContext.Provider>
    </CacheProvider>
  );
}
