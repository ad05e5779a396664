// The builder's cells: what is known about the awards of one credential, award year and person
// rank (counts, industries, job roles, sorted arrays of real wages by relative year), how a thread
// hands them over, and how a cohort's cells are gathered without merging their arrays.
import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';

import { ScaledCents, type SortedValues } from './percentiles.ts';

export const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
export const POINTS = 2 * SPAN + 1;
/** Index of relative year r in per-r arrays. */
export const at = (r: number) => r + SPAN;

/** Real wages of one array; grows by half when full (less room held empty than doubling). */
export class Values {
  data = new Float64Array(8);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(Math.ceil(this.data.length * 1.5));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  /** Sorted where they are (a copy of every wage would be read's peak memory again). */
  sorted(): Float64Array {
    return this.data.subarray(0, this.length).sort();
  }
}

/**
 * The real wages of one array whose nominal wages are all of one calendar year, so that each is
 * its nominal amount times one factor: kept as whole cents (4 bytes instead of 8) while every
 * amount is whole cents, as real dollars from the first one that is not. Multiplying by a
 * positive factor keeps the order, so the cents sort as their real wages do, and the real wage
 * of c cents is computed where it is read as the reading computes it: c / 100 × factor.
 */
export class Wages {
  cents: Int32Array | null = new Int32Array(8);
  reals: Values | null = null;
  length = 0;
  readonly factor: number;
  constructor(factor: number) {
    this.factor = factor;
  }
  /** One wage: its cents (−1 when not whole cents) and its real value. */
  push(cents: number, real: number) {
    if (this.cents !== null && cents >= 0) {
      if (this.length === this.cents.length) {
        const bigger = new Int32Array(Math.ceil(this.cents.length * 1.5));
        bigger.set(this.cents);
        this.cents = bigger;
      }
      this.cents[this.length++] = cents;
      return;
    }
    if (this.cents !== null) {
      const reals = new Values();
      for (let i = 0; i < this.length; i += 1) reals.push((this.cents[i]! / 100) * this.factor);
      this.cents = null;
      this.reals = reals;
    }
    this.reals!.push(real);
    this.length += 1;
  }
  /** The real wages, ascending: the cents sorted where they are, or the real dollars. */
  sorted(): SortedValues {
    if (this.reals !== null) return this.reals.sorted();
    return new ScaledCents(this.cents!.subarray(0, this.length).sort(), this.factor);
  }
}

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
 * What is known about the awards of one credential, award year and person rank. Wages at r ≥ 1
 * are kept apart by whether the person also has a counted wage at −1 (`paired`), so that the
 * chart uses both and growth only the paired ones, without keeping a wage twice.
 */
export interface YearCell<W, V> {
  counts: Record<CountKey, number>;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  /** Counted wages by relative year; for r ≥ 1 only of people without a counted wage at −1. */
  wages: W[];
  /** For r ≥ 1: counted wages at r of people with a counted wage at −1. */
  paired: W[];
  /** For h ≥ 1: counted wages at −1 of people with a counted wage at h. */
  base: W[];
  /** Wage at +1 − wage at −1 of each person with both. */
  increases: V;
}
/**
 * A cell as counted and sorted, ready for the cohorts: what `cells()` returns and a rebuild's
 * threads hand over (structured-cloneable; its arrays can be transferred). Cells of the same
 * credential, award year and rank from different builders are simply listed side by side.
 */
export type SortedCell = YearCell<SortedValues, Float64Array> & {
  credentialId: number;
  awardYear: number;
  rank: number;
};

/** The memory under a cell's arrays, to be transferred to another thread rather than copied. */
export function buffersOf(cells: readonly SortedCell[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const cell of cells) {
    for (const a of [...cell.wages, ...cell.paired, ...cell.base, cell.increases])
      buffers.add(
        (a instanceof ScaledCents ? a.cents.buffer : (a as Float64Array).buffer) as ArrayBuffer,
      );
  }
  return [...buffers];
}

/** Cells as another thread posted them: their cents arrays read as real wages again. */
export function revived(cells: readonly SortedCell[]): SortedCell[] {
  const revive = (a: SortedValues): SortedValues =>
    a instanceof Float64Array
      ? a
      : new ScaledCents((a as ScaledCents).cents, (a as ScaledCents).factor);
  return cells.map((cell) => ({
    ...cell,
    wages: cell.wages.map(revive),
    paired: cell.paired.map(revive),
    base: cell.base.map(revive),
  }));
}

/** A new cell of one award year: array i of `wages` holds the wages of calendar year y + i − 5. */
export const newCell = (factor: (year: number) => number, y: number): YearCell<Wages, Values> => ({
  counts: Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<CountKey, number>,
  industries: new Map(),
  jobRoles: new Map(),
  wages: Array.from({ length: POINTS }, (_, i) => new Wages(factor(y + i - SPAN))),
  paired: Array.from({ length: SPAN + 1 }, (_, r) => new Wages(factor(y + r))),
  base: Array.from({ length: SPAN + 1 }, () => new Wages(factor(y - 1))),
  increases: new Values(),
});

/** A cohort's cells gathered: counts summed, sorted arrays listed (never merged). */
export interface Gathered {
  counts: Record<CountKey, number>;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  /** Arrays of counted wages by relative year (r ≥ 1: unpaired and paired). */
  wages: SortedValues[][];
  paired: SortedValues[][];
  base: SortedValues[][];
  increases: SortedValues[];
}

export function gather(cells: readonly SortedCell[]): Gathered {
  const out: Gathered = {
    counts: Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<CountKey, number>,
    industries: new Map(),
    jobRoles: new Map(),
    wages: Array.from({ length: POINTS }, () => []),
    paired: Array.from({ length: SPAN + 1 }, () => []),
    base: Array.from({ length: SPAN + 1 }, () => []),
    increases: [],
  };
  const addAll = (into: SortedValues[], a: SortedValues) => {
    if (a.length > 0) into.push(a);
  };
  for (const cell of cells) {
    for (const k of COUNTS) out.counts[k] += cell.counts[k];
    for (const [name, n] of cell.industries)
      out.industries.set(name, (out.industries.get(name) ?? 0) + n);
    for (const [name, n] of cell.jobRoles)
      out.jobRoles.set(name, (out.jobRoles.get(name) ?? 0) + n);
    for (let i = 0; i < POINTS; i += 1) {
      addAll(out.wages[i]!, cell.wages[i]!);
      const r = i - SPAN;
      if (r >= 1) addAll(out.wages[i]!, cell.paired[r]!);
    }
    for (let h = 1; h <= SPAN; h += 1) {
      addAll(out.paired[h]!, cell.paired[h]!);
      addAll(out.base[h]!, cell.base[h]!);
    }
    addAll(out.increases, cell.increases);
  }
  return out;
}

export const sizeOf = (arrays: readonly SortedValues[]) => {
  let n = 0;
  for (const a of arrays) n += a.length;
  return n;
};
export const sumOf = (m: Map<string, number>) => {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
};
