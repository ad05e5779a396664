import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { formulaSafe, toCsv } from './csv.ts';

describe('the CSV format every export shares', () => {
  it('quotes commas, quotes and line breaks, and reads back to the same values', () => {
    const rows = [
      ['name', 'note', 'amount', 'empty', 'flag'],
      ['a,b', 'say "hi"', -1200, null, true],
      ['two\nlines', 'carriage\rreturn', 0, undefined, false],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('"a,b","say ""hi""",-1200,,true\r\n');
    expect(text).toContain('"two\nlines","carriage\rreturn",0,,false\r\n');
    expect(parse(text, { bom: true })).toEqual([
      ['name', 'note', 'amount', 'empty', 'flag'],
      ['a,b', 'say "hi"', '-1200', '', 'true'],
      ['two\nlines', 'carriage\rreturn', '0', '', 'false'],
    ]);
  });

  it('keeps spreadsheets from running text as a formula, but leaves numbers alone', () => {
    for (const formula of ['=cmd|/C calc!A0', '+1+1', '-2', '@SUM(A1)', '\t=1', '\r=1'])
      expect(formulaSafe(formula)).toBe(`'${formula}`);
    expect(formulaSafe('Health care')).toBe('Health care');
    expect(toCsv([['=1+1', -2]])).toBe("\uFEFF'=1+1,-2\r\n");
  });

  it('writes dates as ISO timestamps', () => {
    expect(toCsv([[new Date(Date.UTC(2026, 0, 2, 3, 4, 5))]])).toBe(
      '\uFEFF2026-01-02T03:04:05.000Z\r\n',
    );
  });
});
