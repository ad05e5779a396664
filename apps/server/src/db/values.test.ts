import { describe, expect, it } from 'vitest';

import { toIso } from './values.ts';

/** What toIso gave before canonical text was passed through: a parse and a write. */
const parsedAndWritten = (text: string) => new Date(text).toISOString();

describe('toIso', () => {
  it('gives what parsing and writing gives, for canonical and other text', () => {
    const texts = [
      '2026-06-01T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2000-02-29T12:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      // Not canonical: the Date fixes these up, and so must toIso.
      '2023-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-04-31T10:00:00.000Z',
      '2026-06-01 10:00:00',
      '2026-06-01T10:00:00Z',
      '2026-06-01T10:00:00.5Z',
      '2026-06-01T10:00:00.000+02:00',
      '2026-06-01',
    ];
    for (const text of texts) expect(toIso(text), text).toBe(parsedAndWritten(text));
  });

  it('gives back the text of random instants unchanged, and writes Dates', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const date = new Date(
        Date.UTC(0, 0, 1) + next() * (Date.UTC(9999, 11, 31) - Date.UTC(0, 0, 1)),
      );
      const text = date.toISOString();
      expect(toIso(text)).toBe(text);
      expect(toIso(date)).toBe(text);
    }
  });

  it('rejects what only looks canonical', () => {
    expect(() => toIso('2026-13-01T00:00:00.000Z')).toThrow(RangeError);
  });
});
