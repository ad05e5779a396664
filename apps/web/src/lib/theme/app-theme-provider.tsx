import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { STORAGE_KEYS, type ThemeName } from '@laurel/contract/constants';

import { applyColorScheme, readStoredVariant } from './color-scheme';
import { createAppTheme } from './create-app-theme';
import { useLanguage } from '../i18n/i18n-provider';
import { createStyleCache } from './style-cache';
import { ThemeVariantContext } from './theme-variant-context';

// One cache for the page, however many times a provider mounts (screens that bring MUI sit in
// their own providers, docs/decisions/032): its styles are inserted once.
let styleCache: ReturnType<typeof createStyleCache> | undefined;
const pageStyleCache = () => (styleCache ??= createStyleCache());

/**
 * Theme of spec §9. Light by default, following the system's mode; the user's mode is kept by MUI
 * under `mui-mode` / `mui-color-scheme`, the chosen variant under `theme`. Loaded with the first
 * screen drawn with MUI (`MuiScreens`); the screens drawn without it read the same palette from
 * tokens.css.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [variant, setVariantState] = useState<ThemeName>(readStoredVariant);
  const language = useLanguage();
  // MUI's own texts (pagination, "No options", close buttons) in the chosen language.
  const theme = useMemo(
    () => createAppTheme(variant, language === 'es' ? esES : undefined),
    [variant, language],
  );

  const setVariant = useCallback((next: ThemeName) => {
    setVariantState(next);
    applyColorScheme(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this visit.
    }
  }, []);

  const variantValue = useMemo(() => ({ variant, setVariant }), [variant, setVariant]);

  return (
    <CacheProvider value={pageStyleCache()}>
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
