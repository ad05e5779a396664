import { describe, expect, it } from 'vitest';

import { INSIGHT_FIGURES } from './insight-figures.ts';
import { ZInsightsData } from './insights.ts';

describe('INSIGHT_FIGURES', () => {
  it('names every figure of the insights data once, in its own group', () => {
    const keysOf = (group: 'earnings' | 'employment') =>
      Object.keys(ZInsightsData.shape[group].shape)
        .filter((key) => key !== 'status')
        .sort();
    for (const group of ['earnings', 'employment'] as const) {
      expect(
        INSIGHT_FIGURES.filter((f) => f.group === group)
          .map((f) => f.key)
          .sort(),
      ).toEqual(keysOf(group));
    }
  });

  it('gives every figure its own title and CSV label', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(INSIGHT_FIGURES.map((f) => f.title))).toBe(true);
    expect(unique(INSIGHT_FIGURES.map((f) => f.csvLabel))).toBe(true);
  });
});
