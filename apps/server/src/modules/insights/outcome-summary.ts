import type { TFigure } from '@laurel/contract/insights';

import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';
import type { InsightsRepository } from './insights.repository.ts';
import { rangesOf } from './insights.service.ts';

export interface OutcomeFigure {
  kind: 'money' | 'percent' | 'change';
  value: number;
  label: string;
  n: number;
  smallSample: boolean;
}

export interface OutcomeSummary {
  /** "in 2019–2024": the award years the figures cover. */
  years: string;
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
        label: 'Median annual full-time wage, one year after the award',
        n: earnings.salary.n,
        smallSample: earnings.salary.smallSample,
      });
    if (shown(earnings.salaryGrowth))
      figures.push({
        kind: 'change',
        value: earnings.salaryGrowth.value,
        label: `Change of the median wage from the year before the award to ${earnings.salaryGrowth.horizonYears} ${earnings.salaryGrowth.horizonYears === 1 ? 'year' : 'years'} after, for the same people`,
        n: earnings.salaryGrowth.n,
        smallSample: earnings.salaryGrowth.smallSample,
      });
    if (shown(employment.employmentRate))
      figures.push({
        kind: 'percent',
        value: employment.employmentRate.value,
        label: 'Employed one year after the award, of the graduates the wage records found',
        n: employment.employmentRate.n,
        smallSample: employment.employmentRate.smallSample,
      });
    if (figures.length === 0) return null;
    return {
      years: all.from === all.to ? `in ${all.from}` : `in ${all.from}–${all.to}`,
      dollarsOfYear: stored.dollarsOfYear,
      figures,
    };
  };
}
export type OutcomeSummaryReader = ReturnType<typeof createOutcomeSummary>;
