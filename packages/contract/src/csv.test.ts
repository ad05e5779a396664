import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';

import { CSV_OPTIONS, csvRecord, formulaSafe, toCsv, type CsvValue } from './csv.ts';

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

  it('writes exactly what the server streams with csv-stringify and CSV_OPTIONS', () => {
    const tricky: CsvValue[] = [
      '',
      ' ',
      'plain',
      'Café, Zoë',
      'say "hi"',
      '"',
      '""',
      'a\r\nb',
      'ends with\r',
      '\nstarts with',
      '=SUM(A1)',
      '+1',
      '-1',
      '@x',
      '\t=1',
      '\r=1',
      "'quoted",
      'tab\tinside',
      'semi;colon',
      '😀 emoji',
      0,
      -0,
      -12.5,
      1e21,
      Number.NaN,
      Number.MAX_SAFE_INTEGER,
      true,
      false,
      null,
      undefined,
      new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
    ];
    const rows: CsvValue[][] = [
      [],
      tricky,
      tricky.toReversed(),
      ...tricky.map((value) => [value]),
      ...tricky.map((value) => [value, value]),
      [null],
      [undefined, undefined],
      [''],
      ['', ''],
    ];
    expect(toCsv(rows)).toBe(stringify(rows, CSV_OPTIONS));
    for (const row of rows) expect(csvRecord(row)).toBe(stringify([row], CSV_OPTIONS).slice(1));
    expect(toCsv([])).toBe(stringify([], CSV_OPTIONS));
  });

  it('runs in a browser: the writer uses nothing of Node', () => {
    // The insights export runs this module in the browser, where there is no Buffer.
    const buffer = Object.getOwnPropertyDescriptor(globalThis, 'Buffer');
    Reflect.deleteProperty(globalThis, 'Buffer');
    try {
      expect(toCsv([['a,b', 1]])).toBe('\uFEFF"a,b",1\r\n');
    } finally {
      if (buffer) Object.defineProperty(globalThis, 'Buffer', buffer);
    }
  });
});
