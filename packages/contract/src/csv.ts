import type { Options } from 'csv-stringify/sync';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) gets a leading apostrophe, so that opening an export runs nothing. Numbers are left
 * as numbers: a negative number is no formula.
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * How every CSV file Laurel writes looks: RFC 4180 with CRLF line ends, a UTF-8 byte order mark so
 * spreadsheets read accents right, fields quoted when they hold a comma, a quote or a line break,
 * `true`/`false` for booleans, ISO dates, and text made formula-safe.
 *
 * These are csv-stringify's options for the server's streamed exports (`apps/server/src/lib/
 * csv.ts`). `toCsv` below writes the same text without csv-stringify, whose code needs Node's
 * `Buffer` and so cannot run in the browser; `csv.test.ts` holds the two to the same output.
 */
export const CSV_OPTIONS = {
  bom: true,
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
  cast: {
    boolean: (value: boolean) => String(value),
    date: (value: Date) => value.toISOString(),
    string: formulaSafe,
  },
} as const satisfies Options;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** A CSV export's columns: each one's header and its cell of an item. */
export type CsvColumns<T> = Array<[header: string, cell: (item: T) => CsvValue]>;

/** The byte order mark a CSV file starts with. */
const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text: empty for null, the value cast as `CSV_OPTIONS` says, quoted when needed. */
function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? formulaSafe(value)
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One record of a CSV file, with its line end.
 * @example csvRecord(['a,b', 1, true]) // '"a,b",1,true\r\n'
 */
export function csvRecord(cells: ReadonlyArray<CsvValue>): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * Rows (the header first) as the text of a CSV file, in the browser as on the server.
 * @example toCsv([['name'], ['Ada']]) // '\uFEFFname\r\nAda\r\n'
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return CSV_BOM + rows.map(csvRecord).join('');
}
