// The builder's cells: what is known about the awards of one credential, award year and person
// rank (counts, industries, job roles, how many wages each series holds), and how a cohort's cells
// are gathered into the samples its figures read.
import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';

import { INCREASES, BASE, PAIRED, SERIES, WAGES } from './spilled-wages.ts';

export const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
export const POINTS = 2 * SPAN + 1;
/** Index of relative year r in per-r arrays. */
export const at = (r: number) => r + SPAN;

const COUNTS = [
  'awards',
  'matched',
  'notMatched',
  'missingEarnings',
  'missingEmployment',
  /** Matched people whose +1 year is complete. */
  'measured',
  /** Not-matched awards whose +1 year is complete. */
  'notMatchedMeasured',
  /** Matched people employed at +1 (+1 complete). */
  'employed',
] as const;
type CountKey = (typeof COUNTS)[number];

/**
 * What is known about the awards of one credential, award year and person rank: their counts,
 * industries and job roles, and how many wages each series holds (./spilled-wages.ts: wages at
 * r ≥ 1 are kept apart by whether the person also has a counted wage at −1, so that the chart
 * uses both and growth only the paired ones). The wages themselves are in the series' files.
 * Cells of the same credential, award year and rank from different builders (a rebuild's threads)
 * are simply listed side by side.
 */
export interface CountedCell {
  counts: Record<CountKey, number>;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  /** Wages by series. */
  sizes: number[];
  credentialId: number;
  awardYear: number;
  rank: number;
}

export const newCounts = () =>
  Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<CountKey, number>;

/**
 * The wages of a cohort for one figure: how many, and their p-quantile by linear interpolation
 * between closest ranks (the "inclusive" definition: h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] −
 * x[⌊h⌋]); null when there are none).
 */
export interface Sample {
  readonly size: number;
  quantile(p: number): number | null;
}

/**
 * The kinds of sample a cohort has, each read from some series: kind i (0…10) the wages at
 * relative year i − 5 (for r ≥ 1 the unpaired and the paired ones), PAIRED + h, BASE + h and
 * INCREASES as their series.
 */
export const seriesOfKind = (kind: number): number[] =>
  kind > SPAN && kind < POINTS ? [WAGES + kind, PAIRED + kind - SPAN] : [kind];
export const KINDS = SERIES;

/** The kinds whose samples read series s (`seriesOfKind` the other way round). */
export const kindsOfSeries: readonly (readonly number[])[] = Array.from(
  { length: SERIES },
  (_, s) =>
    Array.from({ length: KINDS }, (_, kind) => kind).filter((kind) =>
      seriesOfKind(kind).includes(s),
    ),
);

/** The quantiles each kind of sample is asked for: the chart's quartiles, else medians. */
export const quantilesOfKind = (kind: number): readonly number[] =>
  kind < POINTS ? [0.25, 0.5, 0.75] : [0.5];

/** The ranks (0-based) the p-quantile of n values reads. */
export function ranksOf(n: number, p: number): number[] {
  const h = (n - 1) * p;
  const k = Math.floor(h);
  return h === k ? [k] : [k, k + 1];
}

/** A sample whose quantiles are read from the values at their ranks (`ranksOf`). */
export function sampleOf(size: number, valueAt: ReadonlyMap<number, number> | null): Sample {
  return {
    size,
    quantile(p) {
      if (size === 0) return null;
      const at = (rank: number) => {
        const value = valueAt?.get(rank);
        if (value === undefined) throw new Error(`The value at rank ${rank} was not selected`);
        return value;
      };
      const h = (size - 1) * p;
      const k = Math.floor(h);
      const fraction = h - k;
      const low = at(k);
      return fraction === 0 ? low : low + fraction * (at(k + 1) - low);
    },
  };
}

/** A new cell. */
export const newCell = (credentialId: number, awardYear: number, rank: number): CountedCell => ({
  counts: newCounts(),
  industries: new Map(),
  jobRoles: new Map(),
  sizes: new Array<number>(SERIES).fill(0),
  credentialId,
  awardYear,
  rank,
});

/** A cohort's cells gathered: counts summed, each kind of sample's size and values. */
export interface Gathered {
  counts: Record<CountKey, number>;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  /** Counted wages by relative year (r ≥ 1: unpaired and paired). */
  wages: Sample[];
  /** By horizon h = 1…5 (index 0 unused). */
  paired: Sample[];
  base: Sample[];
  increases: Sample;
}

/** The cells' counts and, by kind, how many wages they hold. */
export function sizesOf(cells: readonly CountedCell[]): number[] {
  const bySeries = new Array<number>(SERIES).fill(0);
  for (const cell of cells)
    for (let s = 0; s < SERIES; s += 1) bySeries[s] = bySeries[s]! + cell.sizes[s]!;
  return Array.from({ length: KINDS }, (_, kind) =>
    seriesOfKind(kind).reduce((n, s) => n + bySeries[s]!, 0),
  );
}

/**
 * A cohort's cells gathered; `valuesOf(kind)` gives the values selected at the ranks of each kind
 * (`ranksOf`), or null when they were not selected (then only its size can be read).
 */
export function gather(
  cells: readonly CountedCell[],
  valuesOf: (kind: number) => ReadonlyMap<number, number> | null = () => null,
): Gathered {
  const counts = newCounts();
  const industries = new Map<string, number>();
  const jobRoles = new Map<string, number>();
  for (const cell of cells) {
    for (const k of COUNTS) counts[k] += cell.counts[k];
    for (const [name, n] of cell.industries) industries.set(name, (industries.get(name) ?? 0) + n);
    for (const [name, n] of cell.jobRoles) jobRoles.set(name, (jobRoles.get(name) ?? 0) + n);
  }
  const sizes = sizesOf(cells);
  const sample = (kind: number) => sampleOf(sizes[kind]!, valuesOf(kind));
  return {
    counts,
    industries,
    jobRoles,
    wages: Array.from({ length: POINTS }, (_, i) => sample(WAGES + i)),
    paired: Array.from({ length: SPAN + 1 }, (_, h) =>
      h === 0 ? sampleOf(0, null) : sample(PAIRED + h),
    ),
    base: Array.from({ length: SPAN + 1 }, (_, h) =>
      h === 0 ? sampleOf(0, null) : sample(BASE + h),
    ),
    increases: sample(INCREASES),
  };
}

export const sumOf = (m: Map<string, number>) => {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
};
