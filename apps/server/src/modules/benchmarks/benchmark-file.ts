// A benchmark file (docs/benchmarks.md): the header and every row checked, streamed from the
// stored file, so that memory stays flat however many rows it has.
import {
  BENCHMARK_COLUMNS,
  BENCHMARK_GEOGRAPHIES,
  BENCHMARK_METRICS,
  type BenchmarkColumn,
  type BenchmarkMetric,
} from '@laurel/contract/benchmarks';

import { FileProblem, readCsvRecords } from '../../lib/csv-records.ts';

export interface BenchmarkRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  geography: string;
  cip: string | null;
  soc: string | null;
  metric: BenchmarkMetric;
  year: number;
  value: number;
  source: string;
}

export interface BenchmarkCellError {
  line: number;
  /** The column at fault, or `row` for the row as a whole. */
  column: BenchmarkColumn | 'row';
  message: string;
}

const CIP = /^\d{2}(\.\d{2}(\d{2})?)?$/;
const SOC = /^\d{2}-\d{4}$/;
const MAX_SOURCE = 300;
const FIRST_YEAR = 1990;

const GEOGRAPHIES = new Set<string>(BENCHMARK_GEOGRAPHIES);

/** Where each column is in the file's records; refuses a header without them or with others. */
function readHeader(record: string[]): Record<BenchmarkColumn, number> {
  const header = record.map((cell) => cell.trim().toLowerCase());
  const missing = BENCHMARK_COLUMNS.filter((column) => !header.includes(column));
  const unknown = header.filter(
    (cell) => cell !== '' && !BENCHMARK_COLUMNS.includes(cell as BenchmarkColumn),
  );
  const repeated = BENCHMARK_COLUMNS.filter(
    (column) => header.indexOf(column) !== header.lastIndexOf(column),
  );
  const problems = [
    missing.length > 0 ? `lacks the column(s) ${missing.join(', ')}` : null,
    unknown.length > 0 ? `has unknown column(s) ${unknown.join(', ')}` : null,
    repeated.length > 0 ? `repeats the column(s) ${repeated.join(', ')}` : null,
  ].filter(Boolean);
  if (problems.length > 0)
    throw new FileProblem(
      `The header ${problems.join(' and ')}. A benchmark file has the columns ${BENCHMARK_COLUMNS.join(', ')}.`,
    );
  return Object.fromEntries(BENCHMARK_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    BenchmarkColumn,
    number
  >;
}

/** Checks one row on its own. */
export function checkBenchmarkRow(
  cells: Record<BenchmarkColumn, string>,
  line: number,
  options: { latestYear: number },
): { row: BenchmarkRow } | { errors: BenchmarkCellError[] } {
  const errors: BenchmarkCellError[] = [];
  const fail = (column: BenchmarkCellError['column'], message: string) =>
    errors.push({ line, column, message });

  const geography = cells.geography.toUpperCase();
  if (!GEOGRAPHIES.has(geography))
    fail('geography', 'must be US or a state’s two-letter postal code, e.g. OR');
  const cip = cells.cip === '' ? null : cells.cip;
  const soc = cells.soc === '' ? null : cells.soc;
  if (cip !== null && !CIP.test(cip))
    fail('cip', 'must be a CIP code: 2 digits, or 2.2 or 2.4 digits, e.g. 51.3801');
  if (soc !== null && !SOC.test(soc)) fail('soc', 'must be a SOC code like 29-1141');
  const metric = cells.metric.toLowerCase() as BenchmarkMetric;
  if (!BENCHMARK_METRICS.includes(metric)) {
    fail('metric', `must be one of ${BENCHMARK_METRICS.join(', ')}`);
  } else if (metric === 'hs_earnings_threshold') {
    if (cip !== null || soc !== null)
      fail('row', 'hs_earnings_threshold applies to a place: leave cip and soc empty');
  } else if ((cip === null) === (soc === null)) {
    fail('row', `${metric} needs either a cip or a soc code, not both`);
  }
  const year = Number(cells.year);
  if (!/^\d{4}$/.test(cells.year) || year < FIRST_YEAR || year > options.latestYear)
    fail('year', `must be a calendar year from ${FIRST_YEAR} to ${options.latestYear}`);
  const valueText = cells.value.replace(/[$,]/g, '');
  const value = Number(valueText);
  if (valueText === '' || !Number.isFinite(value) || value <= 0 || value >= 10_000_000)
    fail('value', 'must be an amount in dollars above 0, e.g. 52100');
  if (cells.source === '') fail('source', 'is empty: name where the figure comes from');
  else if (cells.source.length > MAX_SOURCE)
    fail('source', `is longer than ${MAX_SOURCE} characters`);
  if (errors.length > 0) return { errors };
  return {
    row: {
      line,
      geography,
      cip,
      soc,
      metric,
      year,
      value: Math.round(value * 100) / 100,
      source: cells.source,
    },
  };
}

/** What makes two rows say the same thing. */
const rowKey = (row: BenchmarkRow) =>
  [row.geography, row.cip ?? '', row.soc ?? '', row.metric, row.year].join('|');

/**
 * Every row of a benchmark file, checked: a row, or the errors of a row (a row that repeats an
 * earlier one's geography, code, metric and year is an error too). Throws `FileProblem` for a file
 * that is not UTF-8 CSV, has the wrong header or no rows.
 * @example for await (const item of readBenchmarkFile(chunks, { latestYear: 2025 })) …
 */
export async function* readBenchmarkFile(
  chunks: AsyncIterable<Buffer>,
  options: { latestYear: number },
): AsyncGenerator<{ row: BenchmarkRow } | { errors: BenchmarkCellError[] }> {
  let header: Record<BenchmarkColumn, number> | null = null;
  let line = 0;
  let rows = 0;
  // Keys are short: a file at the size limit keeps a few megabytes of them at most.
  const seen = new Map<string, number>();
  for await (const record of readCsvRecords(chunks)) {
    line += 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (!header) {
      header = readHeader(record);
      continue;
    }
    rows += 1;
    const index = header;
    const cells = Object.fromEntries(
      BENCHMARK_COLUMNS.map((c) => [c, (record[index[c]] ?? '').trim()]),
    ) as Record<BenchmarkColumn, string>;
    const checked = checkBenchmarkRow(cells, line, options);
    if ('row' in checked) {
      const key = rowKey(checked.row);
      const first = seen.get(key);
      if (first !== undefined) {
        yield {
          errors: [
            {
              line,
              column: 'row',
              message: `repeats line ${first} (same geography, code, metric and year)`,
            },
          ],
        };
        continue;
      }
      seen.set(key, line);
    }
    yield checked;
  }
  if (!header) throw new FileProblem('The file is empty: it has no header and no rows.');
  if (rows === 0) throw new FileProblem('The file has a header but no benchmark rows.');
}
