// The figures of one cohort from its gathered cells: the chart's points, salary, increase,
// growth, employment, coverage, top industry and job role, cohort counts and data gaps, each
// published as ./publication.ts says (methodology "Figures").
import type { TChartPoint, TInsightFigures, TPairedFigure } from '@laurel/contract/insights';
import { INSIGHTS_MEASURE_YEAR } from '@laurel/contract/insights-rules';

import { at, gather, type Gathered, SPAN } from './cells.ts';
import { emptyPoints, figure, LOOKUP_MEASURES, peopleCount, top } from './publication.ts';

const MEASURE = INSIGHTS_MEASURE_YEAR;

function chartPoints(
  g: Gathered,
  hidden: ReadonlySet<string>,
  tooRecent: (r: number) => boolean = () => false,
): TChartPoint[] {
  return g.wages.map((sample, i) => {
    const r = i - SPAN;
    const n = sample.size;
    const f = figure(n > 0 ? 0 : null, n, hidden.has(`wages${r}`), tooRecent(r));
    return {
      relativeYear: r,
      median: f.suppressed ? null : sample.quantile(0.5),
      p25: f.suppressed ? null : sample.quantile(0.25),
      p75: f.suppressed ? null : sample.quantile(0.75),
      n: f.n,
      lessThan: f.lessThan,
      suppressed: f.suppressed,
      reason: f.reason,
      smallSample: f.smallSample,
    };
  });
}

export function figuresOf(
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

  const increaseN = g.increases.size;
  const increase = figure(
    increaseN > 0 ? g.increases.quantile(0.5) : null,
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
    const n = g.paired[h]!.size;
    const f = figure(n > 0 ? 0 : null, n, hidden.has(`growth${h}`));
    if (f.suppressed) continue;
    const start = g.base[h]!.quantile(0.5)!;
    const end = g.paired[h]!.quantile(0.5)!;
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
      if (g.paired[h]!.size > 0) {
        latest = h;
        break;
      }
    }
    const n = g.paired[latest]!.size;
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
      coverage: figure(lookedUp > 0 ? c.measured / lookedUp : null, lookedUp, lookupHidden, recent),
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

/** Figures of a cohort with no people: everything suppressed, as `figuresOf` gives them. */
export function emptyFigures(): TInsightFigures {
  return figuresOf(gather([]), new Set(), null, () => false);
}
