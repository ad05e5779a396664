// The insights rules' numbers (docs/insights-methodology.md), without the API's schemas: the
// insights rebuild's reading thread loads these and not zod.

/** Figures from fewer people than this are suppressed (shown as "—"). */
export const INSIGHTS_SUPPRESSION_MIN = 10;
/** Figures from fewer people than this carry a small-sample warning. */
export const INSIGHTS_SMALL_SAMPLE_MIN = 30;
/** The chart spans this many years before and after the award year (year 0). */
export const INSIGHTS_YEARS_AROUND_AWARD = 5;
/** Award years are pooled in fixed blocks of this many years (2016–2018, 2019–2021, …). */
export const INSIGHTS_POOL_YEARS = 3;
/** Default earnings floor: the federal minimum wage full time ($7.25 × 2,080 hours). */
export const INSIGHTS_DEFAULT_EARNINGS_FLOOR = 15_080;

/** First award year of the fixed pool that holds `year`. */
export const poolStart = (year: number) =>
  year - (((year % INSIGHTS_POOL_YEARS) + INSIGHTS_POOL_YEARS) % INSIGHTS_POOL_YEARS);

/** Relative year at which salary, employment and the top industry/job role are measured. */
export const INSIGHTS_MEASURE_YEAR = 1;
