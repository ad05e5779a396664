import { HEADER_COLOR, PRIMARY_COLOR, type ThemeName } from '@laurel/contract/constants';

/**
 * The theme variants of spec §3. A variant sets the colours of the application frame (header and
 * sidebar) and the accent colour; light or dark mode is chosen separately and follows the system
 * unless the user picks one. Every pair below keeps text at WCAG AA contrast or better.
 *
 * Each variant has a light and a dark version, so its name never says "light" or "dark" (those
 * words belong to the mode): DARK is "Charcoal", LIGHT is "Plain".
 */
export interface VariantColors {
  header: { background: string; text: string; border: string };
  sidebar: {
    background: string;
    text: string;
    muted: string;
    activeBackground: string;
    activeText: string;
  };
  primary: { main: string; contrastText: string };
}

export interface ThemeVariant {
  name: ThemeName;
  label: string;
  description: string;
  light: VariantColors;
  dark: VariantColors;
}

const darkSidebar = {
  background: '#151c26',
  text: '#e3e8ef',
  muted: '#9aa7b8',
  activeBackground: 'rgba(143, 179, 240, 0.16)',
  activeText: '#ffffff',
};

/** Mixes two #rrggbb colours; `weight` is the share of the first. */
function mixHex(first: string, second: string, weight: number): string {
  const channels = (hex: string) =>
    [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));
  const a = channels(first);
  const b = channels(second);
  return `#${a
    .map((value, index) =>
      Math.round(value * weight + b[index]! * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function lightFrame(header: string, primary: string): VariantColors {
  return {
    header: { background: header, text: '#ffffff', border: header },
    sidebar: {
      background: '#ffffff',
      text: '#1f2a37',
      muted: '#5b6675',
      // A tint of the accent behind a darker shade of it keeps the active item above 4.5:1.
      activeBackground: mixHex(primary, '#ffffff', 0.1),
      activeText: mixHex(primary, '#000000', 0.78),
    },
    primary: { main: primary, contrastText: '#ffffff' },
  };
}

function darkFrame(header: string, primary: string): VariantColors {
  return {
    header: { background: header, text: '#ffffff', border: header },
    sidebar: { ...darkSidebar, activeText: primary },
    primary: { main: primary, contrastText: '#0b1220' },
  };
}

export const THEME_VARIANTS: Record<ThemeName, ThemeVariant> = {
  DEFAULT: {
    name: 'DEFAULT',
    label: 'Standard',
    description: 'Laurel blue header; the sidebar in the page colour.',
    light: lightFrame(HEADER_COLOR, PRIMARY_COLOR),
    dark: darkFrame('#0b3d72', '#8fb3f0'),
  },
  DARK: {
    name: 'DARK',
    label: 'Charcoal',
    description: 'Charcoal header and sidebar around the page, even in the light appearance.',
    light: {
      header: { background: '#1b2430', text: '#ffffff', border: '#1b2430' },
      sidebar: darkSidebar,
      primary: { main: PRIMARY_COLOR, contrastText: '#ffffff' },
    },
    dark: darkFrame('#10161f', '#8fb3f0'),
  },
  LIGHT: {
    name: 'LIGHT',
    label: 'Plain',
    description: 'Header and sidebar in the page colour; colour only on buttons and links.',
    light: {
      ...lightFrame('#ffffff', PRIMARY_COLOR),
      header: { background: '#ffffff', text: '#1f2a37', border: '#dde3ea' },
    },
    dark: {
      ...darkFrame('#1a212b', '#8fb3f0'),
      header: { background: '#1a212b', text: '#e3e8ef', border: '#2a3441' },
    },
  },
  BLUE: {
    name: 'BLUE',
    label: 'Blue',
    description: 'Bright blue header, buttons and links.',
    light: lightFrame('#1f5bd7', '#1f5bd7'),
    dark: darkFrame('#173f96', '#93b4ff'),
  },
  GREEN: {
    name: 'GREEN',
    label: 'Green',
    description: 'Deep green header, buttons and links.',
    light: lightFrame('#1e6b45', '#2e7d4f'),
    dark: darkFrame('#164d33', '#7fd1a1'),
  },
  INDIGO: {
    name: 'INDIGO',
    label: 'Indigo',
    description: 'Indigo header, buttons and links.',
    light: lightFrame('#3949ab', '#3f51b5'),
    dark: darkFrame('#283593', '#a5b0f0'),
  },
};

/** The order Settings offers the variants in: the standard one, the colours, then the neutral frames. */
export const THEME_CHOICES: readonly ThemeName[] = [
  'DEFAULT',
  'BLUE',
  'GREEN',
  'INDIGO',
  'DARK',
  'LIGHT',
];
