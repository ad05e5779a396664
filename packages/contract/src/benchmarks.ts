import { z } from 'zod';

import { ZId, ZWholeNumber } from './pagination.ts';

/** Columns of a benchmark file (docs/benchmarks.md), in the order the template lists them. */
export const BENCHMARK_COLUMNS = [
  'geography',
  'cip',
  'soc',
  'metric',
  'year',
  'value',
  'source',
] as const;
export type BenchmarkColumn = (typeof BENCHMARK_COLUMNS)[number];

/**
 * What a benchmark row measures, in dollars of its year.
 * - `median_earnings`: median annual earnings of a program field (CIP) or an occupation (SOC) in
 *   a place; the reference line of a credential's chart and the comparison on its salary card.
 * - `hs_earnings_threshold`: median annual earnings of high-school graduates aged 25–34 in a place
 *   (the earnings threshold of the US Financial Value Transparency rule); neither CIP nor SOC.
 */
export const BENCHMARK_METRICS = ['median_earnings', 'hs_earnings_threshold'] as const;
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

/** US Postal Service codes of the states, DC and the territories; `US` is the nation. */
export const BENCHMARK_GEOGRAPHIES = [
  'US',
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

/** Largest benchmark file accepted (about 50,000 rows). */
export const BENCHMARK_MAX_BYTES = 5 * 1024 * 1024;
/** Row errors a refused file reports (the message counts them all). */
export const BENCHMARK_MAX_ERRORS = 100;

/**
 * The key of a row error in a refused file's `fieldErrors`: `<line>.<column>` (the header is
 * line 1), or `<line>.row` for a problem of the whole row.
 * @example benchmarkErrorKey(3, 'value') // '3.value'
 */
export const benchmarkErrorKey = (line: number, column: BenchmarkColumn | 'row') =>
  `${line}.${column}`;

/** One imported benchmark file. */
export const ZBenchmarkDataSet = z
  .object({
    id: z.number().int(),
    fileName: z.string(),
    rows: z.number().int(),
    metrics: z.array(z.enum(BENCHMARK_METRICS)),
    geographies: z.number().int(),
    yearFrom: z.number().int().nullable(),
    yearTo: z.number().int().nullable(),
    /** The distinct sources its rows name (the first 5). */
    sources: z.array(z.string()),
    importedBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * 1 for the data set whose figure is used where data sets have a row for the same place,
     * code, metric and year; 2 for the next… Data sets imported later come first; a replacement
     * keeps its data set's place.
     */
    precedence: z.number().int(),
    /** The rows this data set had before its last replacement, while they can be restored. */
    previousVersion: z
      .object({
        fileName: z.string(),
        rows: z.number().int(),
        replacedAt: z.string(),
        restorableUntil: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'BenchmarkDataSet' });
export type TBenchmarkDataSet = z.infer<typeof ZBenchmarkDataSet>;

export const ZBenchmarkDataSetList = z
  .object({ items: z.array(ZBenchmarkDataSet) })
  .meta({ id: 'BenchmarkDataSetList' });
export type TBenchmarkDataSetList = z.infer<typeof ZBenchmarkDataSetList>;

/** The benchmark figure that applies to a credential, and where it comes from. */
const ZBenchmarkReference = z
  .object({
    metric: z.enum(BENCHMARK_METRICS),
    /** In dollars of the comparison's `dollarsOfYear` (CPI-U), to compare with insights. */
    value: z.number(),
    /** As the file states it, in dollars of `year`. */
    reportedValue: z.number(),
    year: z.number().int(),
    /** `US` or a state's postal code. */
    geography: z.string(),
    /** The CIP or SOC code the figure is for; null for the high-school threshold. */
    code: z.string().nullable(),
    codeSystem: z.enum(['CIP', 'SOC']).nullable(),
    source: z.string(),
    dataSetId: z.number().int(),
    /** The file name of the data set the figure was read from. */
    dataSetName: z.string(),
  })
  .meta({ id: 'BenchmarkReference' });
export type TBenchmarkReference = z.infer<typeof ZBenchmarkReference>;

/**
 * A credential's benchmarks: the median earnings of its field in its organization's state (else
 * the nation), and the high-school earnings threshold of that place.
 */
export const ZBenchmarkComparison = z
  .object({
    credentialId: z.number().int(),
    dollarsOfYear: z.number().int(),
    benchmark: ZBenchmarkReference.nullable(),
    threshold: ZBenchmarkReference.nullable(),
  })
  .meta({ id: 'BenchmarkComparison' });
export type TBenchmarkComparison = z.infer<typeof ZBenchmarkComparison>;

export const ZBenchmarkComparisonQuery = z.strictObject({
  credentialId: ZId,
  /** The dollars the insights are stated in (their `dollarsOfYear`); defaults to the latest. */
  dollarsOfYear: ZWholeNumber.pipe(z.number().int().min(1990).max(2100)).optional(),
});
export type TBenchmarkComparisonQuery = z.infer<typeof ZBenchmarkComparisonQuery>;

/** How long a replaced data set's previous rows can be restored. */
export const BENCHMARK_PREVIOUS_VERSION_DAYS = 30;

/** A benchmark file checked whole and not stored: what replacing with it would bring. */
export const ZBenchmarkFileCheck = z
  .object({ fileName: z.string(), rows: z.number().int() })
  .meta({ id: 'BenchmarkFileCheck' });
export type TBenchmarkFileCheck = z.infer<typeof ZBenchmarkFileCheck>;
