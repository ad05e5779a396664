import type { INSIGHT_FIGURES } from '@laurel/contract/insight-figures';
import type { TFigure, TInsightsData, TTop } from '@laurel/contract/insights';

/**
 * The figure `spec` names among a cohort's figures.
 *
 * @example insightFigureOf(data, INSIGHT_FIGURES[0]).value // the salary
 */
export function insightFigureOf(
  data: Pick<TInsightsData, 'earnings' | 'employment'>,
  spec: (typeof INSIGHT_FIGURES)[number],
): TFigure | TTop {
  return spec.group === 'earnings' ? data.earnings[spec.key] : data.employment[spec.key];
}
