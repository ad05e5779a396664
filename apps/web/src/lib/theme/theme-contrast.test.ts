import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';

import { createAppTheme } from './create-app-theme';
import { THEME_VARIANTS } from './theme-variants';

/** A colour with alpha laid over an opaque one, as the screen shows it. */
function over(color: string, base: string): string {
  const rgba = /^rgba\((\d+), *(\d+), *(\d+), *([\d.]+)\)$/.exec(color);
  if (!rgba) return color;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(base.slice(i, i + 2), 16));
  const alpha = Number(rgba[4]);
  const mix = (top: number, bottom: number) => Math.round(top * alpha + bottom * (1 - alpha));
  return `rgb(${mix(Number(rgba[1]), r!)}, ${mix(Number(rgba[2]), g!)}, ${mix(Number(rgba[3]), b!)})`;
}

/**
 * WCAG 2.2 1.4.3 and 1.4.11 in every theme variant, light and dark: text at 4.5:1 or more against
 * what it is drawn on (MUI's own contrast function, not ours), for the frame and the accent.
 */
describe.each(Object.values(THEME_VARIANTS))('the $label theme', (variant) => {
  it.each(['light', 'dark'] as const)('keeps text at AA contrast in %s mode', (mode) => {
    const colors = variant[mode];
    const palette = createAppTheme(variant.name).colorSchemes[mode]!.palette;
    const { paper, default: page } = palette.background;
    const pairs: Array<[string, string, string]> = [
      ['header text', colors.header.text, colors.header.background],
      ['sidebar text', colors.sidebar.text, colors.sidebar.background],
      ['sidebar section labels', colors.sidebar.muted, colors.sidebar.background],
      [
        'the active sidebar item',
        colors.sidebar.activeText,
        over(colors.sidebar.activeBackground, colors.sidebar.background),
      ],
      ['accent text on cards', palette.primary.main, paper],
      ['accent text on the page', palette.primary.main, page],
      ['text on accent buttons', palette.primary.contrastText, palette.primary.main],
      ['body text', palette.text.primary, paper],
      ['secondary text', palette.text.secondary, paper],
      ['secondary text on the page', palette.text.secondary, page],
      ['error messages', palette.error.main, paper],
    ];
    const low = pairs
      .map(([what, fg, bg]) => [what, fg, bg, getContrastRatio(fg, bg)] as const)
      .filter(([, , , ratio]) => ratio < 4.5)
      .map(([what, fg, bg, ratio]) => `${what}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
    expect(low).toEqual([]);
  });
});
