// What of a cohort's figures is published (methodology "Privacy and small samples", decision
// record 017): people counts under 10 as "fewer than 10", suppressed and withheld figures with
// their reason, small-sample marks, and the people counts the disclosure control protects.
import type { TChartPoint, TFigure, TPeopleCount, TTop } from '@laurel/contract/insights';
import {
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
} from '@laurel/contract/insights-rules';

import { type Gathered, POINTS, SPAN, sumOf } from './cells.ts';

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

export function emptyPoints(): TChartPoint[] {
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
    increase: g.increases.size,
    industryNamed: sumOf(g.industries),
    jobRoleNamed: sumOf(g.jobRoles),
  };
  for (let i = 0; i < POINTS; i += 1) m[`wages${i - SPAN}`] = g.wages[i]!.size;
  for (let h = 1; h <= SPAN; h += 1) m[`growth${h}`] = g.paired[h]!.size;
  return m;
}

/**
 * The awards looked up, in four disjoint parts: matched or not, and whether their +1 year is
 * complete. Every published count about the lookup is a sum of them (matched, the unmatched data
 * gap, the employment rate's n, coverage's n) and, with the cohort's awards given exactly, a
 * cohort that shows them all tells each part. So each part is protected on its own, and a cohort
 * shows all of them or none: withholding one withholds the others, wherever it is withheld.
 */
export const LOOKUP_MEASURES = [
  'matchedMeasured',
  'matchedUnmeasured',
  'notMatchedMeasured',
  'notMatchedUnmeasured',
] as const;

/** Wage measures: the only ones the same-cohort chart publishes. */
export const WAGE_MEASURES = new Set(Array.from({ length: POINTS }, (_, i) => `wages${i - SPAN}`));
