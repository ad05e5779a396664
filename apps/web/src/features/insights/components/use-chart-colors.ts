import { alpha, useColorScheme, useTheme, type Palette } from '@mui/material/styles';

export interface ChartColors {
  line: string;
  band: string;
  grid: string;
  text: string;
  award: string;
  /** The benchmark's reference line. */
  reference: string;
  surface: string;
  title: string;
}

/**
 * The chart's colours as plain values of the colour scheme in use. With CSS theme variables,
 * `theme.palette` holds the default scheme only, and an SVG saved as PNG cannot resolve
 * `var(--…)`, so the scheme's own palette is read.
 */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const resolved = (mode === 'system' ? systemMode : mode) ?? theme.palette.mode;
  const schemes = (theme as { colorSchemes?: Partial<Record<string, { palette: Palette }>> })
    .colorSchemes;
  const palette = schemes?.[resolved]?.palette ?? theme.palette;
  const dark = resolved === 'dark';
  return {
    line: palette.primary.main,
    band: alpha(palette.primary.main, dark ? 0.28 : 0.16),
    grid: palette.divider,
    text: palette.text.secondary,
    award: dark ? palette.warning.main : palette.warning.dark,
    reference: palette.success.main,
    surface: palette.background.paper,
    title: palette.text.primary,
  };
}
