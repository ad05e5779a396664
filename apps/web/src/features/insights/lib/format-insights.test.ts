import { describe, expect, it } from 'vitest';

import {
  describeRelativeYear,
  formatMoney,
  formatMoneyChange,
  formatPeople,
  formatPercent,
  formatPercentChange,
  formatRelativeYear,
} from './format-insights';

describe('insight figures as people read them', () => {
  it('writes money as whole dollars', () => {
    expect(formatMoney(52_300)).toBe('$52,300');
    expect(formatMoney(52_299.6)).toBe('$52,300');
  });

  it('signs changes of money', () => {
    expect(formatMoneyChange(9_800)).toBe('+$9,800');
    expect(formatMoneyChange(-1_200.4)).toBe('−$1,200');
    expect(formatMoneyChange(0.3)).toBe('$0');
  });

  it('writes fractions as whole percentages, changes with a sign', () => {
    expect(formatPercent(0.64)).toBe('64%');
    expect(formatPercent(0.6449)).toBe('64%');
    expect(formatPercentChange(0.38)).toBe('+38%');
    expect(formatPercentChange(-0.05)).toBe('−5%');
    expect(formatPercentChange(0.001)).toBe('0%');
  });

  it('counts people', () => {
    expect(formatPeople(1_234)).toBe('from 1,234 people');
    expect(formatPeople(1)).toBe('from 1 person');
  });

  it('names relative years', () => {
    expect(formatRelativeYear(-5)).toBe('−5');
    expect(formatRelativeYear(0)).toBe('Award year');
    expect(formatRelativeYear(3)).toBe('+3');
    expect(describeRelativeYear(-1)).toBe('1 year before');
    expect(describeRelativeYear(5)).toBe('5 years after');
  });
});
