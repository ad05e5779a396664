// Builds every cohort's insight figures of one organization from its awards and earnings years,
// read once. Memory grows with the aggregates (sorted arrays of real wages per credential, award
// year and relative year; counters), not with the rows read. docs/insights-methodology.md states
// the rules implemented here; docs/decisions/017-insights-disclosure-control.md the disclosure
// control (fixed award-year pools plus complementary suppression, in ./disclosure.ts).
import type {
  TChartPoint,
  TFigure,
  TInsightFigures,
  TPairedFigure,
  TPeopleCount,
  TTop,
} from '@laurel/contract/insights';
import {
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  INSIGHTS_YEARS_AROUND_AWARD,
  poolStart,
} from '@laurel/contract/insights-rules';

import { realFactor } from './cpi-u.ts';
import { type Grid, type GridCell, protect } from './disclosure.ts';
import { quantileOfSorted, ScaledCents, type SortedValues } from './percentiles.ts';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
const POINTS = 2 * SPAN + 1;
const MEASURE = INSIGHTS_MEASURE_YEAR;
/** Index of relative year r in per-r arrays. */
const at = (r: number) => r + SPAN;

/**
 * One award as the rebuild reads it. For a matched award, its earnings years within ±5 years of
 * the award year and up to the latest complete year, as the database sums them up (one row per
 * award rather than some ten).
 */
export interface AwardFacts {
  credentialId: number;
  awardYear: number;
  matchStatus: string;
  /** Two bits for each relative year r, at bit 2·(r + 5): 1 a wage is known, 2 employed. */
  yearFlags: number;
  /**
   * The counted wages (employed full time, at or above the earnings floor), in nominal dollars:
   * comma-separated, each the letter of its relative year ('a' for −5 … 'k' for +5) followed by
   * the amount; null when there are none.
   */
  countedWages: string | null;
  /** Industry and job role of the +1 year when employed then. */
  industry: string | null;
  jobRole: string | null;
}

/** What `count` needs of an award. */
type AwardHead = Pick<AwardFacts, 'credentialId' | 'awardYear' | 'matchStatus'>;

/** In `ReadAward.cents`: the counted wage is given as its text (not whole cents). */
export const WAGE_AS_TEXT = -1;

/**
 * One award as read year by year rather than summed up into text (the SQLite reading,
 * ./sqlite-award-reading.ts), in arrays that the reading reuses from award to award.
 */
export interface ReadAward extends AwardHead {
  id: number;
  /** As in `AwardFacts`. */
  yearFlags: number;
  industry: string | null;
  jobRole: string | null;
  /** How many counted wages `cents` holds. */
  wages: number;
  /**
   * The counted wage of each relative year (index r + 5): its whole cents (at most `MAX_CENTS`),
   * `WAGE_AS_TEXT` when it is given as its text in `texts`, −2 when there is none.
   */
  cents: Float64Array;
  /** The counted wages given as the database's text of the number (`WAGE_AS_TEXT`). */
  texts: Array<string | null>;
}

/** The year flags' "wage known" bits and "employed" bits of every relative year. */
const WAGE_BITS = 0x155555;
const EMPLOYED_BITS = WAGE_BITS * 2;
const LETTER_A = 97;

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The double that `text.slice(from, to)` reads as (what Number() gives), without making the
 * substring: digits with at most one point are read as an integer m and a scale k, and m / 10^k
 * is that double when m < 2^53 and k ≤ 22 (both exact, one correctly rounded division); any
 * other text (exponent, sign, more digits) goes through Number().
 */
export function parseAmount(text: string, from: number, to: number): number {
  let m = 0;
  let k = -1;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      if (k >= 0) k += 1;
    } else if (c === 46 && k < 0) k = 0;
    else return Number(text.slice(from, to));
  }
  const digits = to - from - (k >= 0 ? 1 : 0);
  if (digits === 0 || m > Number.MAX_SAFE_INTEGER || k > 22) return Number(text.slice(from, to));
  return k > 0 ? m / POWERS_OF_TEN[k]! : m;
}

/**
 * The whole cents `text.slice(from, to)` states (digits, at most two after one point, at most
 * `MAX_CENTS`), or −1 for any other text. Such an amount is exactly cents / 100, so cents / 100
 * is the double `parseAmount` reads (both are the correctly rounded value of the same number).
 */
export function centsOf(text: string, from: number, to: number): number {
  let cents = 0;
  let decimals = -1;
  let digits = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (decimals >= 0 && ++decimals > 2) return -1;
      cents = cents * 10 + (c - 48);
      digits += 1;
      if (cents > MAX_CENTS) return -1;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return -1;
  }
  if (digits === 0) return -1;
  for (let d = decimals < 0 ? 0 : decimals; d < 2; d += 1) cents *= 10;
  return cents > MAX_CENTS ? -1 : cents;
}

/** The largest number of cents an Int32Array holds: $21,474,836.47. */
export const MAX_CENTS = 2 ** 31 - 1;

/** Real wages of one array; grows by half when full (less room held empty than doubling). */
class Values {
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
class Wages {
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
interface YearCell<W, V> {
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
const newCell = (factor: (year: number) => number, y: number): YearCell<Wages, Values> => ({
  counts: Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<CountKey, number>,
  industries: new Map(),
  jobRoles: new Map(),
  wages: Array.from({ length: POINTS }, (_, i) => new Wages(factor(y + i - SPAN))),
  paired: Array.from({ length: SPAN + 1 }, (_, r) => new Wages(factor(y + r))),
  base: Array.from({ length: SPAN + 1 }, () => new Wages(factor(y - 1))),
  increases: new Values(),
});

export interface CohortAggregate {
  /** 0 for all of the organization's credentials. */
  credentialId: number;
  awardYearFrom: number;
  awardYearTo: number;
  figures: TInsightFigures;
}

export interface CredentialSummary {
  credentialId: number;
  awards: number;
  matched: number;
  awardYearMin: number;
  awardYearMax: number;
  missingEquifax: number;
  missingEarnings: number;
  missingEmployment: number;
}

const MIN = INSIGHTS_SUPPRESSION_MIN;

/** A people count as published: exact from 10 on, "fewer than 10" below, null when withheld. */
export function peopleCount(n: number, withheld: boolean): TPeopleCount {
  if (n < MIN) return { count: null, lessThan: MIN };
  return withheld ? { count: null, lessThan: null } : { count: n, lessThan: null };
}

/**
 * A figure over n people; `withheld` when the disclosure control keeps it back, `tooRecent` when
 * no award of its cohort has the year it is measured at complete yet.
 */
export function figure(
  value: number | null,
  n: number,
  withheld = false,
  tooRecent = false,
): TFigure {
  const suppressed = n < MIN || withheld || value === null;
  const shown = peopleCount(n, withheld);
  return {
    value: suppressed ? null : value,
    n: shown.count,
    lessThan: shown.lessThan,
    suppressed,
    reason: !suppressed
      ? null
      : tooRecent && n === 0
        ? 'TOO_RECENT'
        : shown.lessThan !== null
          ? 'FEWER_THAN_MIN'
          : shown.count === null
            ? 'WITHHELD'
            : null,
    smallSample: !suppressed && n < INSIGHTS_SMALL_SAMPLE_MIN,
  };
}

/** The most frequent name (ties: alphabetically first) and its share of all counted. */
export function top(counts: Map<string, number>, withheld = false, tooRecent = false): TTop {
  let n = 0;
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, count] of counts) {
    n += count;
    if (count > bestCount || (count === bestCount && best !== null && name < best)) {
      best = name;
      bestCount = count;
    }
  }
  const f = figure(n > 0 ? bestCount / n : null, n, withheld, tooRecent);
  return {
    name: f.suppressed ? null : best,
    share: f.value,
    n: f.n,
    lessThan: f.lessThan,
    suppressed: f.suppressed,
    reason: f.reason,
    smallSample: f.smallSample,
  };
}

function emptyPoints(): TChartPoint[] {
  return Array.from({ length: POINTS }, (_, i) => ({
    relativeYear: i - SPAN,
    median: null,
    p25: null,
    p75: null,
    n: null,
    lessThan: MIN,
    suppressed: true,
    reason: 'FEWER_THAN_MIN',
    smallSample: false,
  }));
}

/** Figures of a cohort with no people: everything suppressed. */
export function emptyFigures(): TInsightFigures {
  const none = figure(null, 0);
  const paired = (horizonYears: number): TPairedFigure => ({
    ...none,
    horizonYears,
    nAtStart: null,
    nAtEnd: null,
  });
  return {
    earnings: { salary: none, salaryIncrease: paired(MEASURE), salaryGrowth: paired(SPAN) },
    employment: {
      employmentRate: none,
      coverage: none,
      employmentRateAllAwards: none,
      topIndustry: top(new Map()),
      topJobRole: top(new Map()),
    },
    chart: {
      points: emptyPoints(),
      sameCohort: { awardYearFrom: null, awardYearTo: null, points: emptyPoints() },
    },
    cohort: { awards: 0, matched: peopleCount(0, false) },
    dataGaps: [
      { code: 'MISSING_EQUIFAX', count: null, lessThan: MIN },
      { code: 'MISSING_EARNINGS', count: null, lessThan: MIN },
      { code: 'MISSING_EMPLOYMENT', count: null, lessThan: MIN },
    ],
  };
}

/** A cohort's cells gathered: counts summed, sorted arrays listed (never merged). */
interface Gathered {
  counts: Record<CountKey, number>;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  /** Arrays of counted wages by relative year (r ≥ 1: unpaired and paired). */
  wages: SortedValues[][];
  paired: SortedValues[][];
  base: SortedValues[][];
  increases: SortedValues[];
}

function gather(cells: readonly SortedCell[]): Gathered {
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

const sizeOf = (arrays: readonly SortedValues[]) => {
  let n = 0;
  for (const a of arrays) n += a.length;
  return n;
};
const sumOf = (m: Map<string, number>) => {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
};

/**
 * The people counts the disclosure control protects, by name: every figure's population and
 * every published count (see decision record 017).
 */
export function measuresOf(g: Gathered): Record<string, number> {
  const c = g.counts;
  const m: Record<string, number> = {
    // The looked-up awards in four disjoint parts (see LOOKUP_MEASURES).
    matchedMeasured: c.measured,
    matchedUnmeasured: c.matched - c.measured,
    notMatchedMeasured: c.notMatchedMeasured,
    notMatchedUnmeasured: c.notMatched - c.notMatchedMeasured,
    missingEarnings: c.missingEarnings,
    missingEmployment: c.missingEmployment,
    increase: sizeOf(g.increases),
    industryNamed: sumOf(g.industries),
    jobRoleNamed: sumOf(g.jobRoles),
  };
  for (let i = 0; i < POINTS; i += 1) m[`wages${i - SPAN}`] = sizeOf(g.wages[i]!);
  for (let h = 1; h <= SPAN; h += 1) m[`growth${h}`] = sizeOf(g.paired[h]!);
  return m;
}

/**
 * The awards looked up, in four disjoint parts: matched or not, and whether their +1 year is
 * complete. Every published count about the lookup is a sum of them (matched, the unmatched data
 * gap, the employment rate's n, coverage's n) and, with the cohort's awards given exactly, a
 * cohort that shows them all tells each part. So each part is protected on its own, and a cohort
 * shows all of them or none: withholding one withholds the others, wherever it is withheld.
 */
const LOOKUP_MEASURES = [
  'matchedMeasured',
  'matchedUnmeasured',
  'notMatchedMeasured',
  'notMatchedUnmeasured',
] as const;

/** Wage measures: the only ones the same-cohort chart publishes. */
const WAGE_MEASURES = new Set(Array.from({ length: POINTS }, (_, i) => `wages${i - SPAN}`));

/**
 * Collects awards one at a time (each with what its earnings years say), then computes the figures of
 * every cohort: all credentials and each one, for all award years and each fixed pool.
 */
export function createInsightsBuilder(options: { asOfYear: number; dollarsOfYear: number }) {
  const { asOfYear, dollarsOfYear } = options;
  const factors = new Map<number, number>();
  const factor = (year: number) => {
    let f = factors.get(year);
    if (f === undefined) {
      f = realFactor(year, dollarsOfYear);
      factors.set(year, f);
    }
    return f;
  };
  /** Cells by credential, then by award year × 4 + (1 for a person's later awards, else 0). */
  const credentials = new Map<number, Map<number, YearCell<Wages, Values>>>();

  function cellFor(credentialId: number, awardYear: number, rank: number): YearCell<Wages, Values> {
    let cells = credentials.get(credentialId);
    if (!cells) credentials.set(credentialId, (cells = new Map()));
    const key = awardYear * 4 + rank;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = newCell(factor, awardYear)));
    return cell;
  }

  /** Real counted wage and its whole cents (−1: not whole cents) by relative year; NaN: none. */
  const wagesAt = new Float64Array(POINTS);
  const centsAt = new Float64Array(POINTS);

  /**
   * Counts one award's cohort counts, industry and job role; returns its cell when it is matched
   * (its wages to be placed there), else null.
   */
  function count(
    award: AwardHead,
    laterAward: boolean,
    flags: number,
    industry: string | null,
    jobRole: string | null,
  ): YearCell<Wages, Values> | null {
    const y = award.awardYear;
    const cell = cellFor(award.credentialId, y, laterAward ? 1 : 0);
    const c = cell.counts;
    c.awards += 1;
    const measurable = y + MEASURE <= asOfYear;
    if (award.matchStatus === 'NOT_MATCHED') {
      c.notMatched += 1;
      if (measurable) c.notMatchedMeasured += 1;
    }
    if (award.matchStatus !== 'MATCHED') return null;
    c.matched += 1;
    if (measurable) c.measured += 1;
    if ((flags & WAGE_BITS) === 0) c.missingEarnings += 1;
    if ((flags & EMPLOYED_BITS) === 0) c.missingEmployment += 1;
    if ((flags & (2 << (2 * at(MEASURE)))) !== 0) {
      c.employed += 1;
      if (industry !== null)
        cell.industries.set(industry, (cell.industries.get(industry) ?? 0) + 1);
      if (jobRole !== null) cell.jobRoles.set(jobRole, (cell.jobRoles.get(jobRole) ?? 0) + 1);
    }
    return cell;
  }

  /** The counted wage at relative-year index i as the text `text.slice(from, to)` states it. */
  function readWage(
    cell: YearCell<Wages, Values>,
    i: number,
    text: string,
    from: number,
    to: number,
  ): void {
    // The factor of calendar year y + i − 5, which the cell's array of relative year i holds.
    const f = cell.wages[i]!.factor;
    const cents = centsOf(text, from, to);
    centsAt[i] = cents;
    wagesAt[i] = cents >= 0 ? (cents / 100) * f : parseAmount(text, from, to) * f;
  }

  /** Puts the wages of `wagesAt` (NaN: none) into the cell's arrays. */
  function place(cell: YearCell<Wages, Values>): void {
    const before = wagesAt[at(-1)]!;
    const hasBefore = !Number.isNaN(before);
    for (let i = 0; i < POINTS; i += 1) {
      const w = wagesAt[i]!;
      if (Number.isNaN(w)) continue;
      const r = i - SPAN;
      if (r >= 1 && hasBefore) {
        cell.paired[r]!.push(centsAt[i]!, w);
        cell.base[r]!.push(centsAt[at(-1)]!, before);
        if (r === MEASURE) cell.increases.push(w - before);
      } else cell.wages[i]!.push(centsAt[i]!, w);
    }
  }

  /**
   * One award. `laterAward`: not the person's first award (person = organization + external id;
   * first = earliest award year, then lowest id): all-credentials views leave it out, so that a
   * person counts once, by their first award.
   */
  function add(award: AwardFacts, laterAward = false): void {
    const cell = count(award, laterAward, award.yearFlags, award.industry, award.jobRole);
    const text = award.countedWages;
    if (cell === null || text === null) return;
    wagesAt.fill(Number.NaN);
    for (let from = 0; from < text.length;) {
      let to = text.indexOf(',', from);
      if (to < 0) to = text.length;
      readWage(cell, text.charCodeAt(from) - LETTER_A, text, from + 1, to);
      from = to + 1;
    }
    place(cell);
  }

  /**
   * One award as read year by year (`ReadAward`, the SQLite reading): the same as `add` given the
   * same years. A wage of whole cents c is c / 100 × factor, the double its text gives.
   */
  function addRead(award: ReadAward, laterAward = false): void {
    const cell = count(award, laterAward, award.yearFlags, award.industry, award.jobRole);
    if (cell === null || award.wages === 0) return;
    const { cents, texts } = award;
    for (let i = 0; i < POINTS; i += 1) {
      const c = cents[i]!;
      if (c >= 0) {
        centsAt[i] = c;
        wagesAt[i] = (c / 100) * cell.wages[i]!.factor;
      } else if (c === WAGE_AS_TEXT) readWage(cell, i, texts[i]!, 0, texts[i]!.length);
      else wagesAt[i] = Number.NaN;
    }
    place(cell);
  }

  /** The cells counted so far, sorted (each array once); the builder is empty afterwards. */
  function cells(): SortedCell[] {
    const sorted: SortedCell[] = [];
    for (const [credentialId, byYear] of credentials) {
      for (const [key, cell] of byYear) {
        byYear.delete(key);
        sorted.push({
          counts: cell.counts,
          industries: cell.industries,
          jobRoles: cell.jobRoles,
          wages: cell.wages.map((v) => v.sorted()),
          paired: cell.paired.map((v) => v.sorted()),
          base: cell.base.map((v) => v.sorted()),
          increases: cell.increases.sorted(),
          awardYear: Math.floor(key / 4),
          rank: key % 4,
          credentialId,
        });
      }
      credentials.delete(credentialId);
    }
    return sorted;
  }

  return {
    add,
    addRead,
    cells,

    /**
     * Every cohort's figures and each credential's summary, from the awards added here and the
     * cells other builders counted (`more`: other awards of the same organization).
     */
    finish(more: readonly SortedCell[] = []): {
      aggregates: CohortAggregate[];
      summaries: CredentialSummary[];
    } {
      const sorted = [...cells(), ...more];
      if (sorted.length === 0) return { aggregates: [], summaries: [] };
      const credentialIds = [...new Set(sorted.map((c) => c.credentialId))];
      return buildCohorts(
        sorted,
        credentialIds.sort((a, b) => a - b),
        asOfYear,
      );
    },
  };
}
export type InsightsBuilder = ReturnType<typeof createInsightsBuilder>;

/** Award-year columns of the grid: each pool by its first year, the complete pools, all years. */
const ALL_YEARS = -1;
const COMPLETE_POOLS = -2;

function buildCohorts(
  sorted: SortedCell[],
  credentialIds: number[],
  asOfYear: number,
): { aggregates: CohortAggregate[]; summaries: CredentialSummary[] } {
  const pools = [...new Set(sorted.map((c) => poolStart(c.awardYear)))].sort((a, b) => a - b);
  /** Pools whose every award year has its +5 year complete: the same-cohort chart's awards. */
  const complete = (pool: number) => pool + INSIGHTS_POOL_YEARS - 1 + SPAN <= asOfYear;
  const completePools = pools.filter(complete);
  const rows = [0, ...credentialIds];
  const columns = [...pools, COMPLETE_POOLS, ALL_YEARS];

  // Cells of each (credential, column): a credential's views hold every award; the
  // all-credentials views a person once, by their first award. Their arrays are read where they
  // are, never copied together: the order statistics across them are exact.
  const organization = sorted.filter((cell) => cell.rank === 0);
  const cellsOf = (row: number, column: number): SortedCell[] =>
    (row === 0 ? organization : sorted).filter((cell) => {
      if (row !== 0 && cell.credentialId !== row) return false;
      const pool = poolStart(cell.awardYear);
      if (column === ALL_YEARS) return true;
      if (column === COMPLETE_POOLS) return complete(pool);
      return pool === column;
    });

  const gathered = new Map<string, Gathered>();
  const key = (row: number, column: number) => `${row}:${column}`;
  const grid: Grid = { rows, columns, cells: new Map(), lines: [] };
  const yearRange = (cells: SortedCell[]) => {
    let min = Infinity;
    let max = -Infinity;
    for (const c of cells) {
      if (c.counts.awards === 0) continue;
      min = Math.min(min, c.awardYear);
      max = Math.max(max, c.awardYear);
    }
    return min <= max ? { min, max } : null;
  };
  const ranges = new Map<string, { min: number; max: number } | null>();
  // Cohorts of exactly the same cells publish the same people under different labels.
  const index = new Map(sorted.map((cell, i) => [cell, i]));
  const byPeople = new Map<string, string[]>();
  for (const row of rows) {
    for (const column of columns) {
      const cells = cellsOf(row, column);
      const people = cells
        .filter((cell) => cell.counts.awards > 0)
        .map((cell) => index.get(cell)!)
        .join(',');
      if (people !== '') byPeople.set(people, [...(byPeople.get(people) ?? []), key(row, column)]);
      const g = gather(cells);
      gathered.set(key(row, column), g);
      ranges.set(key(row, column), yearRange(cells));
      const cell: GridCell = {
        row,
        column,
        values: measuresOf(g),
        published: column === COMPLETE_POOLS ? WAGE_MEASURES : null,
      };
      grid.cells.set(key(row, column), cell);
    }
  }
  // Lines: a margin and the cells that make it up (the all-credentials view counts a person once,
  // so its margins are at most the sum of their parts).
  for (const row of rows) {
    grid.lines.push({ margin: key(row, ALL_YEARS), parts: pools.map((p) => key(row, p)) });
    grid.lines.push({
      margin: key(row, COMPLETE_POOLS),
      parts: completePools.map((p) => key(row, p)),
    });
    grid.lines.push({
      margin: key(row, ALL_YEARS),
      parts: [
        key(row, COMPLETE_POOLS),
        ...pools.filter((p) => !complete(p)).map((p) => key(row, p)),
      ],
    });
  }
  for (const column of columns)
    grid.lines.push({ margin: key(0, column), parts: credentialIds.map((c) => key(c, column)) });
  grid.nested = (inner, outer) => {
    const a = grid.cells.get(inner)!;
    const b = grid.cells.get(outer)!;
    const rowInside = b.row === 0 || b.row === a.row;
    const columnInside =
      b.column === ALL_YEARS ||
      b.column === a.column ||
      (b.column === COMPLETE_POOLS && a.column >= 0 && complete(a.column));
    return rowInside && columnInside && inner !== outer;
  };
  grid.same = [...byPeople.values()].filter((cohorts) => cohorts.length > 1);
  const withheld = protect(grid, [LOOKUP_MEASURES]);

  const aggregates: CohortAggregate[] = [];
  for (const row of rows) {
    const cohortColumns = [ALL_YEARS, ...pools];
    const allYears = ranges.get(key(row, ALL_YEARS));
    for (const column of cohortColumns) {
      const range = ranges.get(key(row, column));
      if (!range || !allYears) continue;
      // A pool that holds every award year there is (all of it or part) is the same people as
      // all years: answered once, as all years, named by the years the awards have.
      if (
        column !== ALL_YEARS &&
        allYears.min >= column &&
        allYears.max <= column + INSIGHTS_POOL_YEARS - 1
      )
        continue;
      const hidden = withheld.get(key(row, column))!;
      const g = gathered.get(key(row, column))!;
      const sameColumn = column === ALL_YEARS ? COMPLETE_POOLS : complete(column) ? column : null;
      const same =
        sameColumn === null
          ? null
          : {
              g: gathered.get(key(row, sameColumn))!,
              hidden: withheld.get(key(row, sameColumn))!,
              range: ranges.get(key(row, sameColumn)) ?? null,
            };
      aggregates.push({
        credentialId: row,
        awardYearFrom: column === ALL_YEARS ? range.min : column,
        awardYearTo: column === ALL_YEARS ? range.max : column + INSIGHTS_POOL_YEARS - 1,
        figures: figuresOf(g, hidden, same, (r) => range.min + r > asOfYear),
      });
    }
  }

  const summaries: CredentialSummary[] = [];
  for (const credentialId of credentialIds) {
    const g = gathered.get(key(credentialId, ALL_YEARS))!;
    const range = ranges.get(key(credentialId, ALL_YEARS));
    if (!range) continue;
    summaries.push({
      credentialId,
      awards: g.counts.awards,
      matched: g.counts.matched,
      awardYearMin: range.min,
      awardYearMax: range.max,
      missingEquifax: g.counts.notMatched,
      missingEarnings: g.counts.missingEarnings,
      missingEmployment: g.counts.missingEmployment,
    });
  }
  return { aggregates, summaries };
}

function chartPoints(
  g: Gathered,
  hidden: ReadonlySet<string>,
  tooRecent: (r: number) => boolean = () => false,
): TChartPoint[] {
  return g.wages.map((arrays, i) => {
    const r = i - SPAN;
    const n = sizeOf(arrays);
    const f = figure(n > 0 ? 0 : null, n, hidden.has(`wages${r}`), tooRecent(r));
    return {
      relativeYear: r,
      median: f.suppressed ? null : quantileOfSorted(arrays, 0.5),
      p25: f.suppressed ? null : quantileOfSorted(arrays, 0.25),
      p75: f.suppressed ? null : quantileOfSorted(arrays, 0.75),
      n: f.n,
      lessThan: f.lessThan,
      suppressed: f.suppressed,
      reason: f.reason,
      smallSample: f.smallSample,
    };
  });
}

function figuresOf(
  g: Gathered,
  hidden: ReadonlySet<string>,
  same: {
    g: Gathered;
    hidden: ReadonlySet<string>;
    range: { min: number; max: number } | null;
  } | null,
  /** Whether no award of the cohort has relative year r complete yet. */
  tooRecent: (r: number) => boolean,
): TInsightFigures {
  const points = chartPoints(g, hidden, tooRecent);
  const c = g.counts;
  const recent = tooRecent(MEASURE);

  const increaseN = sizeOf(g.increases);
  const increase = figure(
    increaseN > 0 ? quantileOfSorted(g.increases, 0.5) : null,
    increaseN,
    hidden.has('increase'),
    recent,
  );
  const salaryIncrease: TPairedFigure = {
    ...increase,
    horizonYears: MEASURE,
    nAtStart: increase.n,
    nAtEnd: increase.n,
  };

  // Growth: the latest horizon h ≤ +5 whose people with counted wages at both −1 and h can be
  // shown; the medians at −1 and at h are over exactly those people.
  let salaryGrowth: TPairedFigure | null = null;
  for (let h = SPAN; h >= 1 && salaryGrowth === null; h -= 1) {
    const n = sizeOf(g.paired[h]!);
    const f = figure(n > 0 ? 0 : null, n, hidden.has(`growth${h}`));
    if (f.suppressed) continue;
    const start = quantileOfSorted(g.base[h]!, 0.5)!;
    const end = quantileOfSorted(g.paired[h]!, 0.5)!;
    salaryGrowth = {
      ...figure(start > 0 ? (end - start) / start : null, n),
      horizonYears: h,
      nAtStart: f.n,
      nAtEnd: f.n,
    };
  }
  if (salaryGrowth === null) {
    let latest = SPAN;
    for (let h = SPAN; h >= 1; h -= 1) {
      if (sizeOf(g.paired[h]!) > 0) {
        latest = h;
        break;
      }
    }
    const n = sizeOf(g.paired[latest]!);
    const f = figure(null, n, hidden.has(`growth${latest}`), recent);
    salaryGrowth = { ...f, horizonYears: latest, nAtStart: f.n, nAtEnd: f.n };
  }

  const salaryPoint = points[at(MEASURE)]!;
  const lookedUp = c.measured + c.notMatchedMeasured;
  // Matched, unmatched, the employment rate's n and coverage's n are shown together or not at all.
  const lookupHidden = LOOKUP_MEASURES.some((m) => hidden.has(m));
  const gap = (
    code: 'MISSING_EQUIFAX' | 'MISSING_EARNINGS' | 'MISSING_EMPLOYMENT',
    n: number,
    withheld: boolean,
  ) => {
    const shown = peopleCount(n, withheld);
    return { code, count: shown.count, lessThan: shown.lessThan };
  };
  return {
    earnings: {
      salary: {
        value: salaryPoint.median,
        n: salaryPoint.n,
        lessThan: salaryPoint.lessThan,
        suppressed: salaryPoint.suppressed,
        reason: salaryPoint.reason,
        smallSample: salaryPoint.smallSample,
      },
      salaryIncrease,
      salaryGrowth,
    },
    employment: {
      employmentRate: figure(
        c.measured > 0 ? c.employed / c.measured : null,
        c.measured,
        lookupHidden,
        recent,
      ),
      coverage: figure(
        lookedUp > 0 ? c.measured / lookedUp : null,
        lookedUp,
        lookupHidden,
        recent,
      ),
      employmentRateAllAwards: figure(
        lookedUp > 0 ? c.employed / lookedUp : null,
        lookedUp,
        lookupHidden,
        recent,
      ),
      topIndustry: top(g.industries, hidden.has('industryNamed'), recent),
      topJobRole: top(g.jobRoles, hidden.has('jobRoleNamed'), recent),
    },
    chart: {
      points,
      sameCohort: same?.range
        ? {
            awardYearFrom: same.range.min,
            awardYearTo: same.range.max,
            points: chartPoints(same.g, same.hidden),
          }
        : { awardYearFrom: null, awardYearTo: null, points: emptyPoints() },
    },
    cohort: {
      awards: c.awards,
      matched: peopleCount(c.matched, lookupHidden),
    },
    dataGaps: [
      gap('MISSING_EQUIFAX', c.notMatched, lookupHidden),
      gap('MISSING_EARNINGS', c.missingEarnings, hidden.has('missingEarnings')),
      gap('MISSING_EMPLOYMENT', c.missingEmployment, hidden.has('missingEmployment')),
    ],
  };
}
