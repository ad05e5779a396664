import type { TFigure } from '@laurel/contract/insights';

import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';
import type { InsightsRepository } from './insights.repository.ts';
import { rangesOf } from './insights.service.ts';

export interface OutcomeFigure {
  kind: 'money' | 'percent' | 'change';
  value: number;
  /** Which figure it is; the page words it in its language. */
  figure: 'salary' | 'salaryGrowth' | 'employmentRate';
  /** For the salary growth: over how many years after the award. */
  horizonYears?: number;
  n: number;
  smallSample: boolean;
}

export interface OutcomeSummary {
  /** The award years the figures cover (the same year when one). */
  years: { from: number; to: number };
  dollarsOfYear: number;
  figures: OutcomeFigure[];
}

const shown = (figure: TFigure): figure is TFigure & { value: number; n: number } =>
  figure.value !== null && figure.n !== null && figure.reason === null && !figure.suppressed;

/**
 * A credential's published outcome summary for its public pages: the all-years figures its
 * organization's insights already publish (the same disclosure rules, nothing recomputed), and only
 * those shown there. Null when the organization has no current insights for it, or none is shown.
 */
export function createOutcomeSummary(insights: InsightsRepository) {
  return async function outcomeSummary(
    organizationId: number,
    credentialId: number,
  ): Promise<OutcomeSummary | null> {
    const organization = await insights.organization(organizationId);
    if (!organization?.insightsEntitled) return null;
    const all = rangesOf(await insights.storedRanges(organizationId, credentialId)).find(
      (range) => range.kind === 'ALL',
    );
    if (!all) return null;
    const stored = await insights.findAggregate(organizationId, credentialId, all.from, all.to);
    if (!stored || stored.method !== INSIGHTS_METHOD) return null;
    const { earnings, employment } = stored.figures;
    const figures: OutcomeFigure[] = [];
    if (shown(earnings.salary))
      figures.push({
        kind: 'money',
        value: earnings.salary.value,
        figure: 'salary',
        n: earnings.salary.n,
        smallSample: earnings.salary.smallSample,
      });
    if (shown(earnings.salaryGrowth))
      figures.push({
        kind: 'change',
        value: earnings.salaryGrowth.value,
        figure: 'salaryGrowth',
        horizonYears: earnings.salaryGrowth.horizonYears,
        n: earnings.salaryGrowth.n,
        smallSample: earnings.salaryGrowth.smallSample,
      });
    if (shown(employment.employmentRate))
      figures.push({
        kind: 'percent',
        value: employment.employmentRate.value,
        figure: 'employmentRate',
        n: employment.employmentRate.n,
        smallSample: employment.employmentRate.smallSample,
      });
    if (figures.length === 0) return null;
    return {
      years: { from: all.from, to: all.to },
      dollarsOfYear: stored.dollarsOfYear,
      figures,
    };
  };
}
export type OutcomeSummaryReader = ReturnType<typeof createOutcomeSummary>;
