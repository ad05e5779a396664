import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import lato from '@capsizecss/metrics/lato';
import { describe, expect, it } from 'vitest';

const fallbackCss = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), 'lato-fallback.css'),
  'utf8',
);

/** The descriptors of a CSS `@font-face` block, by name. */
function descriptors(css: string): Record<string, string> {
  const block = /@font-face\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    block
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
  );
}

describe('the fallback face for Lato', () => {
  it('has the metric overrides capsize works out for Lato over Arial', () => {
    const ours = descriptors(fallbackCss);
    const expected = descriptors(createFontStack([lato, arial]).fontFaces);
    for (const name of ['ascent-override', 'descent-override', 'line-gap-override', 'size-adjust'])
      expect(ours[name], name).toBe(expected[name]);
    expect(ours['font-family']).toBe(`'Lato Fallback'`);
    expect(ours.src).toContain(`local('Arial')`);
    expect(ours.src).toContain(`local('Liberation Sans')`);
  });
});
