import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { FONT_FAMILY } from '@laurel/contract/constants';

import { createAppTheme } from './create-app-theme';

const tokensCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'tokens.css'), 'utf8');

/** The custom properties a rule of tokens.css declares (`:root` or `:root.dark`), by name. */
function tokens(selector: string): Record<string, string> {
  const start = tokensCss.indexOf(`${selector} {`);
  const block = tokensCss.slice(start, tokensCss.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--laurel-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
}

/** A value of the theme's that refers to one of MUI's custom properties, as its fallback. */
const value = (themeValue: string) => /^var\(--[\w-]+, (.+)\)$/.exec(themeValue)?.[1] ?? themeValue;

/** What the screens drawn without MUI read, as MUI's theme gives it in `scheme`. */
function fromTheme(scheme: 'light' | 'dark'): Record<string, string> {
  const { palette } = createAppTheme('DEFAULT').colorSchemes[scheme]!;
  const channel = palette.common.onBackgroundChannel.split(' ').join(', ');
  const alert = palette.Alert as unknown as Record<string, string>;
  const severities = Object.fromEntries(
    (['info', 'warning', 'error'] as const).flatMap((severity) => [
      [`--laurel-alert-${severity}`, alert[`${severity}Color`]!],
      [`--laurel-alert-${severity}-background`, alert[`${severity}StandardBg`]!],
      [`--laurel-alert-${severity}-icon`, value(alert[`${severity}IconColor`]!)],
    ]),
  );
  return {
    // The variant's accent, set by color-scheme.ts; the default's before it runs.
    '--laurel-primary': `var(--laurel-primary-${scheme}, ${palette.primary.main})`,
    '--laurel-on-primary': `var(--laurel-on-primary-${scheme}, ${palette.primary.contrastText})`,
    '--laurel-background': palette.background.default,
    '--laurel-paper': palette.background.paper,
    '--laurel-text': palette.text.primary,
    '--laurel-text-secondary': palette.text.secondary,
    '--laurel-divider': palette.divider,
    '--laurel-error': palette.error.main,
    // MUI's outlined input border: the text colour's channel at 0.23.
    '--laurel-outline': `rgba(${channel}, 0.23)`,
    '--laurel-action-active': palette.action.active,
    '--laurel-action-hover': palette.action.hover,
    // MUI's primary.dark under white text; lighter under the dark scheme's dark text (color-scheme.ts).
    '--laurel-primary-hover': `var(--laurel-primary-hover-${scheme}, ${scheme === 'light' ? palette.primary.dark : 'rgb(107, 134, 180)'})`,
    '--laurel-primary-channels': `var(--laurel-primary-channels-${scheme}, ${palette.primary.mainChannel.split(' ').join(', ')})`,
    '--laurel-hover-opacity': String(palette.action.hoverOpacity),
    '--laurel-disabled': palette.action.disabled,
    '--laurel-disabled-background': palette.action.disabledBackground,
    ...severities,
  };
}

describe('the palette of the screens drawn without MUI', () => {
  it('is the theme’s in the light scheme', () => {
    const { '--laurel-font': font, ...light } = tokens(':root');
    expect(light).toEqual(fromTheme('light'));
    // The theme sets its text in the token, which names Lato first.
    expect(createAppTheme('DEFAULT').typography.fontFamily).toBe('var(--laurel-font)');
    expect(font).toBe(`'${FONT_FAMILY}', 'Lato Fallback', 'Helvetica Neue', Arial, sans-serif`);
    // Until a signed-in visit's first screen has been painted: the same without Lato.
    expect(tokens(":root[data-fonts='later']")).toEqual({
      '--laurel-font': font!.replace(`'${FONT_FAMILY}', `, ''),
    });
  });

  it('is the theme’s in the dark scheme', () => {
    expect(tokens(':root.dark')).toEqual(fromTheme('dark'));
  });
});
