// Builds every cohort's insight figures of one organization from its awards and earnings years,
// read once. Memory grows with the aggregates (one sorted array of real wages per credential,
// award year and relative year; counters), not with the rows read. docs/insights-methodology.md
// states the rules implemented here.
import {
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  INSIGHTS_YEARS_AROUND_AWARD,
  type TChartPoint,
  type TFigure,
  type TInsightFigures,
  type TTop,
} from '@laurel/contract/insights';

import { realFactor } from './cpi-u.ts';
import { quantileOfSorted } from './percentiles.ts';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
const POINTS = 2 * SPAN + 1;
/** Index of relative year r in per-r arrays. */
const at = (r: number) => r + SPAN;

export interface AwardFacts {
  credentialId: number;
  awardYear: number;
  matchStatus: string;
}

/**
 * One earnings year as the database returns it without the camel-case mapping (the rebuild reads
 * millions of them; SQLite gives booleans as 0/1).
 */
export interface EarningsRecord {
  award_id: number;
  year: number;
  wage: number | null;
  employed: boolean | number;
  full_time: boolean | number;
  industry: string | null;
  job_role: string | null;
}

class Values {
  data = new Float64Array(16);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}

/** What is known about the people of one credential and award year. */
interface YearCell {
  awards: number;
  matched: number;
  notMatched: number;
  missingEarnings: number;
  missingEmployment: number;
  /** Matched people whose +1 year is complete. */
  measured: number;
  /** …of whom employed at +1. */
  employed: number;
  industries: Map<string, number>;
  jobRoles: Map<string, number>;
  wages: Values[];
  increases: Values;
}

interface SortedCell extends Omit<YearCell, 'wages' | 'increases'> {
  wages: Float64Array[];
  increases: Float64Array;
}

const newCell = (): YearCell => ({
  awards: 0,
  matched: 0,
  notMatched: 0,
  missingEarnings: 0,
  missingEmployment: 0,
  measured: 0,
  employed: 0,
  industries: new Map(),
  jobRoles: new Map(),
  wages: Array.from({ length: POINTS }, () => new Values()),
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

export function figure(value: number | null, n: number): TFigure {
  const suppressed = n < INSIGHTS_SUPPRESSION_MIN || value === null;
  return {
    value: suppressed ? null : value,
    n,
    suppressed,
    smallSample: !suppressed && n < INSIGHTS_SMALL_SAMPLE_MIN,
  };
}

/** The most frequent name (ties: alphabetically first) and its share of all counted. */
export function top(counts: Map<string, number>): TTop {
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
  const suppressed = n < INSIGHTS_SUPPRESSION_MIN;
  return {
    name: suppressed ? null : best,
    share: suppressed ? null : bestCount / n,
    n,
    suppressed,
  };
}

/** Figures of a cohort with no people: everything suppressed. */
export function emptyFigures(): TInsightFigures {
  const none = figure(null, 0);
  return {
    earnings: {
      salary: none,
      salaryIncrease: none,
      salaryGrowth: { ...none, horizonYears: SPAN },
    },
    employment: {
      employmentRate: none,
      topIndustry: top(new Map()),
      topJobRole: top(new Map()),
    },
    chart: {
      points: Array.from({ length: POINTS }, (_, i) => ({
        relativeYear: i - SPAN,
        median: null,
        p25: null,
        p75: null,
        n: 0,
        suppressed: true,
      })),
    },
    cohort: { awards: 0, matched: 0 },
    dataGaps: [
      { code: 'MISSING_EQUIFAX', count: 0 },
      { code: 'MISSING_EARNINGS', count: 0 },
      { code: 'MISSING_EMPLOYMENT', count: 0 },
    ],
  };
}

/**
 * Collects awards one at a time (each with all its earnings years), then computes the figures of
 * every cohort: all credentials and each one, for every award-year range within its data.
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
  const credentials = new Map<number, Map<number, YearCell>>();

  function cellFor(credentialId: number, awardYear: number): YearCell {
    let years = credentials.get(credentialId);
    if (!years) credentials.set(credentialId, (years = new Map()));
    let cell = years.get(awardYear);
    if (!cell) years.set(awardYear, (cell = newCell()));
    return cell;
  }

  /** One award with its earnings years `records[start, end)`. */
  function add(
    award: AwardFacts,
    records: readonly EarningsRecord[],
    start = 0,
    end = records.length,
  ): void {
    const y = award.awardYear;
    const cell = cellFor(award.credentialId, y);
    cell.awards += 1;
    if (award.matchStatus === 'NOT_MATCHED') cell.notMatched += 1;
    if (award.matchStatus !== 'MATCHED') return;
    cell.matched += 1;
    if (y + INSIGHTS_MEASURE_YEAR <= asOfYear) cell.measured += 1;
    let anyWage = false;
    let anyEmployment = false;
    let before = Number.NaN;
    let after = Number.NaN;
    for (let i = start; i < end; i += 1) {
      const e = records[i]!;
      const r = e.year - y;
      if (r < -SPAN || r > SPAN || e.year > asOfYear) continue;
      if (e.wage !== null) anyWage = true;
      if (!e.employed) continue;
      anyEmployment = true;
      if (e.full_time && e.wage !== null) {
        const real = Number(e.wage) * factor(e.year);
        cell.wages[at(r)]!.push(real);
        if (r === -1) before = real;
        else if (r === INSIGHTS_MEASURE_YEAR) after = real;
      }
      if (r === INSIGHTS_MEASURE_YEAR) {
        cell.employed += 1;
        if (e.industry !== null)
          cell.industries.set(e.industry, (cell.industries.get(e.industry) ?? 0) + 1);
        if (e.job_role !== null)
          cell.jobRoles.set(e.job_role, (cell.jobRoles.get(e.job_role) ?? 0) + 1);
      }
    }
    if (!anyWage) cell.missingEarnings += 1;
    if (!anyEmployment) cell.missingEmployment += 1;
    if (!Number.isNaN(before) && !Number.isNaN(after)) cell.increases.push(after - before);
  }

  const sortCell = (cell: YearCell): SortedCell => ({
    ...cell,
    wages: cell.wages.map((v) => v.sorted()),
    increases: cell.increases.sorted(),
  });

  /** Every award-year range of one cohort, given its cells by award year. */
  function cohortRanges(credentialId: number, cells: Map<number, SortedCell>): CohortAggregate[] {
    const years = [...cells.keys()].sort((a, b) => a - b);
    const first = years[0]!;
    const last = years[years.length - 1]!;
    const out: CohortAggregate[] = [];
    for (let from = first; from <= last; from += 1) {
      const wageArrays: Float64Array[][] = Array.from({ length: POINTS }, () => []);
      const increaseArrays: Float64Array[] = [];
      const counts = {
        awards: 0,
        matched: 0,
        notMatched: 0,
        missingEarnings: 0,
        missingEmployment: 0,
        measured: 0,
        employed: 0,
      };
      const industries = new Map<string, number>();
      const jobRoles = new Map<string, number>();
      for (let to = from; to <= last; to += 1) {
        const cell = cells.get(to);
        if (cell) {
          for (const key of Object.keys(counts) as Array<keyof typeof counts>)
            counts[key] += cell[key];
          for (const [name, n] of cell.industries)
            industries.set(name, (industries.get(name) ?? 0) + n);
          for (const [name, n] of cell.jobRoles) jobRoles.set(name, (jobRoles.get(name) ?? 0) + n);
          for (let i = 0; i < POINTS; i += 1)
            if (cell.wages[i]!.length > 0) wageArrays[i]!.push(cell.wages[i]!);
          if (cell.increases.length > 0) increaseArrays.push(cell.increases);
        }
        out.push({
          credentialId,
          awardYearFrom: from,
          awardYearTo: to,
          figures: figuresOf(wageArrays, increaseArrays, counts, industries, jobRoles),
        });
      }
    }
    return out;
  }

  function figuresOf(
    wageArrays: Float64Array[][],
    increaseArrays: Float64Array[],
    counts: {
      awards: number;
      matched: number;
      notMatched: number;
      missingEarnings: number;
      missingEmployment: number;
      measured: number;
      employed: number;
    },
    industries: Map<string, number>,
    jobRoles: Map<string, number>,
  ): TInsightFigures {
    const points: TChartPoint[] = wageArrays.map((arrays, i) => {
      let n = 0;
      for (const a of arrays) n += a.length;
      const suppressed = n < INSIGHTS_SUPPRESSION_MIN;
      return {
        relativeYear: i - SPAN,
        median: suppressed ? null : quantileOfSorted(arrays, 0.5),
        p25: suppressed ? null : quantileOfSorted(arrays, 0.25),
        p75: suppressed ? null : quantileOfSorted(arrays, 0.75),
        n,
        suppressed,
      };
    });
    const pointAt = (r: number) => points[at(r)]!;
    const measure = pointAt(INSIGHTS_MEASURE_YEAR);

    let increaseN = 0;
    for (const a of increaseArrays) increaseN += a.length;
    const increase =
      increaseN >= INSIGHTS_SUPPRESSION_MIN ? quantileOfSorted(increaseArrays, 0.5) : null;

    const base = pointAt(-1);
    let horizon = 0;
    for (let r = SPAN; r >= 1; r -= 1) {
      if (!pointAt(r).suppressed) {
        horizon = r;
        break;
      }
    }
    let growth: TInsightFigures['earnings']['salaryGrowth'];
    if (horizon > 0) {
      const end = pointAt(horizon);
      const value =
        base.suppressed || !base.median ? null : (end.median! - base.median) / base.median;
      growth = { ...figure(value, end.n), horizonYears: horizon };
    } else {
      let latest = SPAN;
      for (let r = SPAN; r >= 1; r -= 1) {
        if (pointAt(r).n > 0) {
          latest = r;
          break;
        }
      }
      growth = { ...figure(null, pointAt(latest).n), horizonYears: latest };
    }

    return {
      earnings: {
        salary: figure(measure.median, measure.n),
        salaryIncrease: figure(increase, increaseN),
        salaryGrowth: growth,
      },
      employment: {
        employmentRate: figure(
          counts.measured > 0 ? counts.employed / counts.measured : null,
          counts.measured,
        ),
        topIndustry: top(industries),
        topJobRole: top(jobRoles),
      },
      chart: { points },
      cohort: { awards: counts.awards, matched: counts.matched },
      dataGaps: [
        { code: 'MISSING_EQUIFAX', count: counts.notMatched },
        { code: 'MISSING_EARNINGS', count: counts.missingEarnings },
        { code: 'MISSING_EMPLOYMENT', count: counts.missingEmployment },
      ],
    };
  }

  /** Cohorts of the whole organization (credential 0): each award year's credentials merged. */
  function organizationCells(
    sorted: Map<number, Map<number, SortedCell>>,
  ): Map<number, SortedCell> {
    const byYear = new Map<number, SortedCell[]>();
    for (const cells of sorted.values()) {
      for (const [year, cell] of cells) {
        const list = byYear.get(year) ?? [];
        list.push(cell);
        byYear.set(year, list);
      }
    }
    const merged = new Map<number, SortedCell>();
    const concat = (arrays: Float64Array[]) => {
      let n = 0;
      for (const a of arrays) n += a.length;
      const out = new Float64Array(n);
      let offset = 0;
      for (const a of arrays) {
        out.set(a, offset);
        offset += a.length;
      }
      return out.sort();
    };
    const sumMaps = (maps: Map<string, number>[]) => {
      const out = new Map<string, number>();
      for (const m of maps) for (const [k, v] of m) out.set(k, (out.get(k) ?? 0) + v);
      return out;
    };
    for (const [year, list] of byYear) {
      const sum = (key: keyof Omit<YearCell, 'wages' | 'increases' | 'industries' | 'jobRoles'>) =>
        list.reduce((total, cell) => total + cell[key], 0);
      merged.set(year, {
        awards: sum('awards'),
        matched: sum('matched'),
        notMatched: sum('notMatched'),
        missingEarnings: sum('missingEarnings'),
        missingEmployment: sum('missingEmployment'),
        measured: sum('measured'),
        employed: sum('employed'),
        industries: sumMaps(list.map((c) => c.industries)),
        jobRoles: sumMaps(list.map((c) => c.jobRoles)),
        wages: Array.from({ length: POINTS }, (_, i) => concat(list.map((c) => c.wages[i]!))),
        increases: concat(list.map((c) => c.increases)),
      });
    }
    return merged;
  }

  return {
    add,

    /** Every cohort's figures and each credential's summary. */
    finish(): { aggregates: CohortAggregate[]; summaries: CredentialSummary[] } {
      const sorted = new Map<number, Map<number, SortedCell>>();
      for (const [credentialId, cells] of credentials) {
        const out = new Map<number, SortedCell>();
        for (const [year, cell] of cells) out.set(year, sortCell(cell));
        sorted.set(credentialId, out);
        credentials.delete(credentialId);
      }
      const summaries: CredentialSummary[] = [];
      const aggregates: CohortAggregate[] = [];
      if (sorted.size === 0) return { aggregates, summaries };
      aggregates.push(...cohortRanges(0, organizationCells(sorted)));
      for (const [credentialId, cells] of sorted) {
        aggregates.push(...cohortRanges(credentialId, cells));
        const years = [...cells.keys()];
        const all = [...cells.values()];
        const sum = (
          key: 'awards' | 'matched' | 'notMatched' | 'missingEarnings' | 'missingEmployment',
        ) => all.reduce((total, cell) => total + cell[key], 0);
        summaries.push({
          credentialId,
          awards: sum('awards'),
          matched: sum('matched'),
          awardYearMin: Math.min(...years),
          awardYearMax: Math.max(...years),
          missingEquifax: sum('notMatched'),
          missingEarnings: sum('missingEarnings'),
          missingEmployment: sum('missingEmployment'),
        });
      }
      return { aggregates, summaries };
    },
  };
}
export type InsightsBuilder = ReturnType<typeof createInsightsBuilder>;
