import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@laurel/contract/constants';

import { applyColorScheme } from './color-scheme';
import { THEME_VARIANTS } from './theme-variants';

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    addEventListener: () => undefined,
  }));
}

const root = document.documentElement;

describe('the colour scheme before MUI has loaded', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
    root.className = '';
    root.removeAttribute('style');
  });

  it('follows the system when no mode is stored, as MUI does', () => {
    systemPrefersDark(true);
    applyColorScheme();
    expect(root.classList.contains('dark')).toBe(true);
    systemPrefersDark(false);
    applyColorScheme();
    expect([...root.classList]).toEqual(['light']);
  });

  it('takes the mode MUI stored over the system’s', () => {
    systemPrefersDark(true);
    window.localStorage.setItem(STORAGE_KEYS.mode, 'light');
    applyColorScheme();
    expect([...root.classList]).toEqual(['light']);
  });

  it('gives both modes the stored variant’s accent', () => {
    systemPrefersDark(false);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'GREEN');
    applyColorScheme();
    expect(root.style.getPropertyValue('--laurel-primary-light')).toBe(
      THEME_VARIANTS.GREEN.light.primary.main,
    );
    expect(root.style.getPropertyValue('--laurel-primary-dark')).toBe(
      THEME_VARIANTS.GREEN.dark.primary.main,
    );
    expect(root.style.getPropertyValue('--laurel-on-primary-dark')).toBe(
      THEME_VARIANTS.GREEN.dark.primary.contrastText,
    );
    // #2e7d4f: its channels, and each at 70 % for the hover colour (MUI's primary.dark).
    expect(root.style.getPropertyValue('--laurel-primary-channels-light')).toBe('46, 125, 79');
    expect(root.style.getPropertyValue('--laurel-primary-hover-light')).toBe('rgb(32, 87, 55)');
  });
});
