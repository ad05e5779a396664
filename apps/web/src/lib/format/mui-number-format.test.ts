import { describe, expect, it } from 'vitest';

import buildFormatNumber from './mui-number-format';

describe('the number format the built app gives MUI', () => {
  const values = [0, 7, 999, 1000, 25_000, 1_234_567, -42, 3.14159];

  it('writes what MUI’s own (an Intl.NumberFormat of the locale) would, for en-US and others', () => {
    for (const locale of ['en-US', 'de-DE']) {
      const format = buildFormatNumber(locale);
      const intl = new Intl.NumberFormat(locale);
      for (const value of values)
        expect(format(value), `${locale} ${value}`).toBe(intl.format(value));
      expect(format(Number.NaN)).toBe('NaN');
      expect(format(-Infinity)).toBe('-Infinity');
    }
  });
});
