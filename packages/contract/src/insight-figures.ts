import type { TFigure, TInsightFigures, TTop } from './insights.ts';

/** How a figure's value reads: dollars, a change in dollars, a share, a change in percent, a name. */
export type InsightFigureFormat = 'money' | 'moneyChange' | 'percent' | 'percentChange' | 'name';

type EarningsKey = keyof TInsightFigures['earnings'];
type EmploymentKey = keyof TInsightFigures['employment'];

/** One published figure: where it is in the figures, and how screens and exports name it. */
export type InsightFigure = {
  title: string;
  format: InsightFigureFormat;
  /** The id of the section of the methodology that defines it (`/insights/methodology#id`). */
  methodologySection: string;
  /** Its row's name in the CSV export; `{years}` stands for a paired figure's horizon. */
  csvLabel: string;
  /** Shown as a card of its own; otherwise inside another figure's card. */
  card: boolean;
} & ({ group: 'earnings'; key: EarningsKey } | { group: 'employment'; key: EmploymentKey });

/**
 * Every published insight figure, in the order of the cards and the export's rows. The insights
 * panel, the CSV export and the methodology page read their names here.
 *
 * @example INSIGHT_FIGURES.filter((f) => f.group === 'earnings' && f.card).map((f) => f.title)
 */
export const INSIGHT_FIGURES = [
  {
    group: 'earnings',
    key: 'salary',
    title: 'Salary',
    format: 'money',
    methodologySection: 'salary',
    csvLabel: 'Salary',
    card: true,
  },
  {
    group: 'earnings',
    key: 'salaryGrowth',
    title: 'Salary growth',
    format: 'percentChange',
    methodologySection: 'salary-growth',
    csvLabel: 'Salary growth over {years} years',
    card: true,
  },
  {
    group: 'earnings',
    key: 'salaryIncrease',
    title: 'Salary increase',
    format: 'moneyChange',
    methodologySection: 'salary-increase',
    csvLabel: 'Salary increase',
    card: true,
  },
  {
    group: 'employment',
    key: 'employmentRate',
    title: 'Employment rate',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Employment rate',
    card: true,
  },
  {
    group: 'employment',
    key: 'coverage',
    title: 'Coverage',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Coverage (matched share)',
    card: false,
  },
  {
    group: 'employment',
    key: 'employmentRateAllAwards',
    title: 'Employment rate over all awards',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Employment rate over all awards',
    card: false,
  },
  {
    group: 'employment',
    key: 'topIndustry',
    title: 'Top industry',
    format: 'name',
    methodologySection: 'top-industry',
    csvLabel: 'Top industry',
    card: true,
  },
  {
    group: 'employment',
    key: 'topJobRole',
    title: 'Top job role',
    format: 'name',
    methodologySection: 'top-job-role',
    csvLabel: 'Top job role',
    card: true,
  },
] as const satisfies readonly InsightFigure[];

/** The key of a figure shown as a card of its own. */
export type InsightCardKey = Extract<(typeof INSIGHT_FIGURES)[number], { card: true }>['key'];

/**
 * The figure `spec` names among a cohort's figures.
 *
 * @example insightFigureOf(data, INSIGHT_FIGURES[0]!).value // the salary
 */
export function insightFigureOf(
  figures: Pick<TInsightFigures, 'earnings' | 'employment'>,
  spec: InsightFigure,
): TFigure | TTop {
  return spec.group === 'earnings' ? figures.earnings[spec.key] : figures.employment[spec.key];
}
