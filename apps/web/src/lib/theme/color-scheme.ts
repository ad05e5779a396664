import { STORAGE_KEYS, THEME_NAMES, type ThemeName } from '@laurel/contract/constants';

import { THEME_VARIANTS } from './theme-variants';

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage may be unavailable (private mode): the defaults apply.
    return null;
  }
}

/** The theme variant the person chose (spec §3), `DEFAULT` when none. */
export function readStoredVariant(): ThemeName {
  const stored = readStored(STORAGE_KEYS.theme);
  return THEME_NAMES.includes(stored as ThemeName) ? (stored as ThemeName) : 'DEFAULT';
}

/** The mode MUI's provider would choose: the one stored under its key, else the system's. */
function currentMode(): 'light' | 'dark' {
  const stored = readStored(STORAGE_KEYS.mode);
  if (stored === 'light' || stored === 'dark') return stored;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** `#rrggbb` as `r, g, b`, for `rgba(var(…), alpha)`. */
const channels = (hex: string) =>
  [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));

/**
 * Gives the page its mode and the variant's accent before MUI has loaded, the way MUI's provider
 * does once it has (`colorSchemeSelector: 'class'`: `light` or `dark` on `<html>`), so that the
 * screens drawn without MUI (tokens.css) and those drawn with it agree. The accent of both modes
 * is set, so that a mode switched by MUI's provider recolours them without this code.
 */
export function applyColorScheme(variant: ThemeName = readStoredVariant()): void {
  const root = document.documentElement;
  const mode = currentMode();
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  for (const scheme of ['light', 'dark'] as const) {
    const { main, contrastText } = THEME_VARIANTS[variant][scheme].primary;
    const rgb = channels(main);
    root.style.setProperty(`--laurel-primary-${scheme}`, main);
    root.style.setProperty(`--laurel-on-primary-${scheme}`, contrastText);
    root.style.setProperty(`--laurel-primary-channels-${scheme}`, rgb.join(', '));
    // The hover colour of a filled button: MUI's primary.dark (each channel at 70 %) under white
    // text; under the dark scheme's dark text, 75 %, as 70 % leaves it at 4.49:1 (axe-core).
    // Plain colours rather than CSS colour mixing, which accessibility checkers cannot read.
    const shade = scheme === 'dark' ? 0.75 : 0.7;
    root.style.setProperty(
      `--laurel-primary-hover-${scheme}`,
      `rgb(${rgb.map((value) => Math.trunc(value * shade)).join(', ')})`,
    );
  }
}

/** Applies the colour scheme now and again when the system's mode or another tab's choice changes. */
export function followColorScheme(): void {
  applyColorScheme();
  darkQuery()?.addEventListener('change', () => applyColorScheme());
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.mode || event.key === STORAGE_KEYS.theme) applyColorScheme();
  });
}
