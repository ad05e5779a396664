/** How a figure's value reads: dollars, a change in dollars, a share, a change in percent, a name. */
export type InsightFigureFormat = 'money' | 'moneyChange' | 'percent' | 'percentChange' | 'name';

/** One published figure: its place and schema in the insights data, and how screens name it. */
export interface InsightFigure {
  group: 'earnings' | 'employment';
  /** Its property in its group of the insights data. */
  key: string;
  /** Its schema: a figure, a figure over the same people at two years, or the most common name. */
  kind: 'figure' | 'paired' | 'top';
  title: string;
  format: InsightFigureFormat;
  /** The id of the section of the methodology that defines it (`/insights/methodology#id`). */
  methodologySection: string;
  /** Its row's name in the CSV export; `{years}` stands for a paired figure's horizon. */
  csvLabel: string;
  /** Shown as a card of its own; otherwise inside another figure's card. */
  card: boolean;
}

/**
 * Every published insight figure, in the order of the cards and the export's rows. The insights
 * data's schema (`ZInsightsData`) has a property for each; the insights panel, the CSV export and
 * the methodology page read their names here.
 *
 * @example INSIGHT_FIGURES.filter((f) => f.group === 'earnings' && f.card).map((f) => f.title)
 */
export const INSIGHT_FIGURES = [
  {
    group: 'earnings',
    key: 'salary',
    kind: 'figure',
    title: 'Salary',
    format: 'money',
    methodologySection: 'salary',
    csvLabel: 'Salary',
    card: true,
  },
  {
    group: 'earnings',
    key: 'salaryGrowth',
    kind: 'paired',
    title: 'Salary growth',
    format: 'percentChange',
    methodologySection: 'salary-growth',
    csvLabel: 'Salary growth over {years} years',
    card: true,
  },
  {
    group: 'earnings',
    key: 'salaryIncrease',
    kind: 'paired',
    title: 'Salary increase',
    format: 'moneyChange',
    methodologySection: 'salary-increase',
    csvLabel: 'Salary increase',
    card: true,
  },
  {
    group: 'employment',
    /** Share of the matched people (+1 complete) employed at +1 (any employment, part-time too). */
    key: 'employmentRate',
    kind: 'figure',
    title: 'Employment rate',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Employment rate',
    card: true,
  },
  {
    group: 'employment',
    /** Share of the looked-up awards (+1 complete) the bureau matched: the rate's coverage. */
    key: 'coverage',
    kind: 'figure',
    title: 'Coverage',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Coverage (matched share)',
    card: false,
  },
  {
    group: 'employment',
    /** Employed at +1 over every looked-up award (+1 complete), the unmatched counted as not found. */
    key: 'employmentRateAllAwards',
    kind: 'figure',
    title: 'Employment rate over all awards',
    format: 'percent',
    methodologySection: 'employment-rate',
    csvLabel: 'Employment rate over all awards',
    card: false,
  },
  {
    group: 'employment',
    key: 'topIndustry',
    kind: 'top',
    title: 'Top industry',
    format: 'name',
    methodologySection: 'top-industry',
    csvLabel: 'Top industry',
    card: true,
  },
  {
    group: 'employment',
    key: 'topJobRole',
    kind: 'top',
    title: 'Top job role',
    format: 'name',
    methodologySection: 'top-job-role',
    csvLabel: 'Top job role',
    card: true,
  },
] as const satisfies readonly InsightFigure[];
