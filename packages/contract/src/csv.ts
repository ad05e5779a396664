import { stringify, type Options } from 'csv-stringify/sync';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) gets a leading apostrophe, so that opening an export runs nothing. Numbers are left
 * as numbers: a negative number is no formula.
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * How every CSV file Laurel writes looks, on the server (streamed exports, error files, the upload
 * template) and in the browser (insight tables): RFC 4180 with CRLF line ends, a UTF-8 byte order
 * mark so spreadsheets read accents right, fields quoted when they hold a comma, a quote or a line
 * break, `true`/`false` for booleans, ISO dates, and text made formula-safe.
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

/** Rows (the header first) as the text of a CSV file. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return stringify(rows as CsvValue[][], CSV_OPTIONS);
}
