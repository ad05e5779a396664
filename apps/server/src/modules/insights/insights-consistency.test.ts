import { describe, expect, it } from 'vitest';

import type { TInsightFigures } from '@laurel/contract/insights';

import type { CohortAggregate } from './cohorts.ts';
import { storedAggregateOf } from './insights.repository.ts';
import { canonicalJson, compareWithStored, describeDifferences } from './insights-consistency.ts';

const figures = (awards: number, median: number) =>
  ({
    cohort: { awards, matched: awards },
    earnings: { median, quartiles: [median - 1, median + 1] },
  }) as unknown as TInsightFigures;

const aggregate = (credentialId: number, from: number, to: number, f: TInsightFigures) =>
  ({ credentialId, awardYearFrom: from, awardYearTo: to, figures: f }) as CohortAggregate;

const stored = (a: CohortAggregate, payload = storedAggregateOf(a.figures, 2025, 2025)) => ({
  credentialId: a.credentialId,
  awardYearFrom: a.awardYearFrom,
  awardYearTo: a.awardYearTo,
  payload: JSON.stringify(payload),
});

describe('canonicalJson', () => {
  it('writes equal values alike whatever their keys’ order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    expect(canonicalJson({ x: { q: 1, p: 2 } })).toBe(canonicalJson({ x: { p: 2, q: 1 } }));
  });
});

describe('compareWithStored', () => {
  const all = aggregate(0, 2020, 2020, figures(12, 42_000));
  const one = aggregate(5, 2019, 2021, figures(7, 40_000));
  const rebuilt = { aggregates: [all, one], asOfYear: 2025, dollarsOfYear: 2025 };

  it('finds stored figures written in another key order consistent', () => {
    const reordered = stored(all);
    const parsed = JSON.parse(reordered.payload);
    reordered.payload = JSON.stringify({
      figures: { earnings: parsed.figures.earnings, cohort: parsed.figures.cohort },
      dollarsOfYear: 2025,
      asOfYear: 2025,
      method: parsed.method,
    });
    expect(compareWithStored(rebuilt, [reordered, stored(one)])).toEqual([]);
  });

  it('names missing, extra and changed cohorts, and which figures changed', () => {
    const changed = stored(one, storedAggregateOf(figures(7, 40_001), 2024, 2025));
    const extra = stored(aggregate(9, 2018, 2018, figures(3, 1)));
    const differences = compareWithStored(rebuilt, [changed, extra]);
    expect(differences).toEqual([
      { credentialId: 0, awardYearFrom: 2020, awardYearTo: 2020, kind: 'missing' },
      {
        credentialId: 5,
        awardYearFrom: 2019,
        awardYearTo: 2021,
        kind: 'changed',
        figures: ['asOfYear', 'earnings.median', 'earnings.quartiles'],
      },
      { credentialId: 9, awardYearFrom: 2018, awardYearTo: 2018, kind: 'extra' },
    ]);
    expect(describeDifferences(differences, 2)).toBe(
      'all credentials, 2020: not stored; credential 5, 2019–2021: asOfYear, earnings.median, earnings.quartiles differ; and 1 more.',
    );
    expect(describeDifferences([])).toBeNull();
  });
});
