import { createTheme, type Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import type {} from '@mui/material/themeCssVarsAugmentation';
import {
  BASE_FONT_SIZE,
  BREAKPOINTS,
  SPACING_UNIT,
  type ThemeName,
} from '@laurel/contract/constants';

import { THEME_VARIANTS, type VariantColors } from './theme-variants';

declare module '@mui/material/styles' {
  interface Palette {
    header: VariantColors['header'];
    sidebar: VariantColors['sidebar'];
  }
  interface PaletteOptions {
    header?: VariantColors['header'];
    sidebar?: VariantColors['sidebar'];
  }
}

/**
 * Lato, with "Lato Fallback" (lato-fallback.css) standing in, sized like Lato, until it has loaded:
 * tokens.css's `--laurel-font`, which a signed-in visit's page sets to the fallback alone until its
 * first screen has been painted (web-fonts.ts).
 */
const fontStack = 'var(--laurel-font)';

/**
 * The app theme of spec §9 for one variant, with light and dark colour schemes, and MUI's texts in
 * `locale`'s language (English without one).
 */
export function createAppTheme(variantName: ThemeName, locale?: Localization): Theme {
  const variant = THEME_VARIANTS[variantName];
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: {
          palette: {
            primary: variant.light.primary,
            secondary: { main: '#5b6675' },
            // Light enough that the accent colour keeps 4.5:1 contrast on it.
            background: { default: '#f8f9fc', paper: '#ffffff' },
            text: { primary: '#1f2a37', secondary: '#525d6c' },
            divider: '#e1e6ed',
            success: { main: '#2e7d32' },
            warning: { main: '#b45309', contrastText: '#ffffff' },
            error: { main: '#c62828' },
            info: { main: '#0b6bcb' },
            header: variant.light.header,
            sidebar: variant.light.sidebar,
          },
        },
        dark: {
          palette: {
            primary: variant.dark.primary,
            secondary: { main: '#a7b3c2' },
            background: { default: '#0f141b', paper: '#171e28' },
            text: { primary: '#e6ebf1', secondary: '#a9b4c2' },
            divider: '#2a3441',
            success: { main: '#66bb6a' },
            warning: { main: '#f0a44b' },
            error: { main: '#f28b82' },
            info: { main: '#7cb8f2' },
            header: variant.dark.header,
            sidebar: variant.dark.sidebar,
          },
        },
      },
      breakpoints: { values: { ...BREAKPOINTS } },
      spacing: SPACING_UNIT,
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: fontStack,
        fontSize: BASE_FONT_SIZE,
        htmlFontSize: 16,
        body1: { fontSize: '0.8125rem' },
        h1: { fontSize: '2rem', fontWeight: 700 },
        h2: { fontSize: '1.75rem', fontWeight: 700 },
        h3: { fontSize: '1.5rem', fontWeight: 700 },
        h4: { fontSize: '1.25rem', fontWeight: 700 },
        h5: { fontSize: '1.0625rem', fontWeight: 700 },
        h6: { fontSize: '0.9375rem', fontWeight: 700 },
        subtitle1: { fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 700 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            // Height of the app header, shared by the shell and the drawers rendered in portals.
            ':root': {
              '--laurel-header-height': '56px',
              [`@media (min-width: ${BREAKPOINTS.sm}px)`]: { '--laurel-header-height': '64px' },
            },
            body: { WebkitFontSmoothing: 'antialiased' },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { borderRadius: 6, paddingInline: 16 } },
        },
        MuiCard: {
          defaultProps: { variant: 'outlined' },
          styleOverrides: { root: { borderRadius: 10 } },
        },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiLink: { defaultProps: { underline: 'hover' } },
      },
    },
    locale ?? {},
  );
}
