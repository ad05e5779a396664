import { describe, expect, it } from 'vitest';

import { INSIGHT_FIGURES } from './insight-figures.ts';
import { ZInsightsData } from './insights.ts';

describe('INSIGHT_FIGURES', () => {
  it('makes the insights data one property per figure, in its group and of its kind', () => {
    for (const group of ['earnings', 'employment'] as const) {
      const shape = ZInsightsData.shape[group].shape;
      expect(Object.keys(shape).filter((key) => key !== 'status')).toEqual(
        INSIGHT_FIGURES.filter((f) => f.group === group).map((f) => f.key),
      );
    }
    const salaryGrowth = ZInsightsData.shape.earnings.shape.salaryGrowth;
    expect(Object.keys(salaryGrowth.shape)).toContain('horizonYears');
    expect(Object.keys(ZInsightsData.shape.employment.shape.topIndustry.shape)).toContain('name');
  });

  it('reads each value in a format its kind can have: a name for a top, a change when paired', () => {
    for (const f of INSIGHT_FIGURES) {
      if (f.kind === 'top') expect(f.format, f.key).toBe('name');
      else if (f.kind === 'paired')
        expect(['moneyChange', 'percentChange'], f.key).toContain(f.format);
      else expect(['money', 'percent'], f.key).toContain(f.format);
    }
  });

  it('gives every figure its own title and CSV label', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(INSIGHT_FIGURES.map((f) => f.title))).toBe(true);
    expect(unique(INSIGHT_FIGURES.map((f) => f.csvLabel))).toBe(true);
  });
});
