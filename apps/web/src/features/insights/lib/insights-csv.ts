import { INSIGHT_FIGURES, type InsightFigure } from '@laurel/contract/insight-figures';
import type { TFigure, TInsightsData, TTop } from '@laurel/contract/insights';

import { toCsv } from '@laurel/contract/csv';
import { DATA_GAP_LABELS } from '@laurel/contract/constants';
import { insightFigureOf } from './insight-figure-of';

type Row = Array<string | number | boolean | null>;

/** A figure's row: its value in dollars, as a fraction, or a name with its share. */
function figureRow(
  spec: InsightFigure,
  figure: TFigure | TTop,
  name: string,
  dollars: string,
): Row {
  if (spec.format === 'name') {
    const top = figure as TTop;
    return [
      'figure',
      name,
      top.name,
      'name',
      top.share === null ? null : round(top.share),
      peopleCell({ count: top.n, lessThan: top.lessThan }),
      top.suppressed,
      top.smallSample,
    ];
  }
  const { value } = figure as TFigure;
  const inDollars = spec.format === 'money' || spec.format === 'moneyChange';
  return [
    'figure',
    name,
    value === null ? null : inDollars ? Math.round(value) : round(value),
    inDollars ? dollars : 'fraction',
    null,
    peopleCell({ count: figure.n, lessThan: figure.lessThan }),
    figure.suppressed,
    figure.smallSample,
  ];
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A people count as the API publishes it: the number, "<10", or "withheld". */
function peopleCell(value: { count: number | null; lessThan: number | null }) {
  if (value.count !== null) return value.count;
  return value.lessThan !== null ? `<${value.lessThan}` : 'withheld';
}

function pointRows(view: string, points: TInsightsData['chart']['points']): Row[] {
  return points.map((point): Row => [
    view,
    point.relativeYear,
    point.median === null ? null : Math.round(point.median),
    point.p25 === null ? null : Math.round(point.p25),
    point.p75 === null ? null : Math.round(point.p75),
    peopleCell({ count: point.n, lessThan: point.lessThan }),
    point.suppressed,
    point.smallSample,
  ]);
}

export interface InsightsCsvContext {
  /** What the cohort is, e.g. "Northwind Technical College — all credentials, 2015–2024". */
  cohortLabel: string;
}

/**
 * The figures and the chart's points as one CSV: a header block naming the cohort and the
 * dollars' year, then one row per figure, then one row per relative year.
 */
export function insightsToCsv(data: TInsightsData, context: InsightsCsvContext): string {
  const dollars = `${data.dollarsOfYear} dollars`;
  const rows: Row[] = [
    ['cohort', context.cohortLabel],
    ['awards', data.cohort.awards],
    ['matched', peopleCell(data.cohort.matched)],
    ['data as of', data.asOfYear],
    ['money in', dollars],
    [],
    ['kind', 'name', 'value', 'unit', 'share', 'n', 'suppressed', 'small sample'],
  ];
  for (const spec of INSIGHT_FIGURES) {
    if (data[spec.group].status !== 'available') continue;
    const figure = insightFigureOf(data, spec);
    const years = 'horizonYears' in figure ? String(figure.horizonYears) : '';
    rows.push(figureRow(spec, figure, spec.csvLabel.replace('{years}', years), dollars));
  }
  for (const gap of data.dataGaps) {
    rows.push(['data gap', gap.code, peopleCell(gap), DATA_GAP_LABELS[gap.code]]);
  }
  if (data.earnings.status !== 'available') return toCsv(rows);
  rows.push(
    [],
    ['view', 'relative year', 'median', 'p25', 'p75', 'n', 'suppressed', 'small sample'],
    ...pointRows('all award years', data.chart.points),
  );
  const same = data.chart.sameCohort;
  if (same.awardYearFrom !== null)
    rows.push(...pointRows(`same cohort ${same.awardYearFrom}-${same.awardYearTo}`, same.points));
  return toCsv(rows);
}
