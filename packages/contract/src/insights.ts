import { z } from 'zod';

import { CREDENTIAL_DATA_GAP_CODES } from './constants.ts';
import { ZId, ZWholeNumber } from './pagination.ts';

/** Figures from fewer people than this are suppressed (shown as "—"). */
export const INSIGHTS_SUPPRESSION_MIN = 10;
/** Figures from fewer people than this carry a small-sample warning. */
export const INSIGHTS_SMALL_SAMPLE_MIN = 30;
/** The chart spans this many years before and after the award year (year 0). */
export const INSIGHTS_YEARS_AROUND_AWARD = 5;
/** Relative year at which salary, employment and the top industry/job role are measured. */
export const INSIGHTS_MEASURE_YEAR = 1;

export const INSIGHT_STATUSES = ['available', 'unavailable', 'processing'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/**
 * Share of the awards the data provider looked up that it matched; null while none was looked up.
 * @example matchRate(80, 20) // 0.8
 */
export function matchRate(matched: number, notMatched: number): number | null {
  return matched + notMatched > 0 ? matched / (matched + notMatched) : null;
}

/** How the figures are grouped: the whole organization, one credential type, or one credential. */
export const AGGREGATION_OPTIONS = [
  { code: 'ORGANIZATION', name: 'All credentials' },
  { code: 'CREDENTIAL', name: 'One credential' },
] as const;

export const ZFigure = z
  .object({
    value: z.number().nullable(),
    n: z.number().int(),
    suppressed: z.boolean(),
    smallSample: z.boolean(),
  })
  .meta({ id: 'InsightFigure' });
export type TFigure = z.infer<typeof ZFigure>;

export const ZTop = z
  .object({
    name: z.string().nullable(),
    share: z.number().nullable(),
    n: z.number().int(),
    suppressed: z.boolean(),
  })
  .meta({ id: 'InsightTop' });
export type TTop = z.infer<typeof ZTop>;

export const ZChartPoint = z
  .object({
    relativeYear: z
      .number()
      .int()
      .min(-INSIGHTS_YEARS_AROUND_AWARD)
      .max(INSIGHTS_YEARS_AROUND_AWARD),
    median: z.number().nullable(),
    p25: z.number().nullable(),
    p75: z.number().nullable(),
    n: z.number().int(),
    suppressed: z.boolean(),
  })
  .meta({ id: 'InsightChartPoint' });
export type TChartPoint = z.infer<typeof ZChartPoint>;

export const ZDataGap = z
  .object({ code: z.enum(CREDENTIAL_DATA_GAP_CODES), count: z.number().int() })
  .meta({ id: 'InsightDataGap' });

/**
 * The cohort figures a build stores and a read returns (status aside). Money is in dollars;
 * employment rate, salary growth and top shares are fractions (0.64 means 64%).
 */
export const ZInsightFigures = z.object({
  earnings: z.object({
    salary: ZFigure,
    salaryIncrease: ZFigure,
    salaryGrowth: ZFigure.extend({ horizonYears: z.number().int() }),
  }),
  employment: z.object({
    employmentRate: ZFigure,
    topIndustry: ZTop,
    topJobRole: ZTop,
  }),
  chart: z.object({ points: z.array(ZChartPoint) }),
  cohort: z.object({ awards: z.number().int(), matched: z.number().int() }),
  dataGaps: z.array(ZDataGap),
});
export type TInsightFigures = z.infer<typeof ZInsightFigures>;

export const ZInsightsData = z
  .object({
    earnings: ZInsightFigures.shape.earnings.extend({ status: z.enum(INSIGHT_STATUSES) }),
    employment: ZInsightFigures.shape.employment.extend({ status: z.enum(INSIGHT_STATUSES) }),
    chart: ZInsightFigures.shape.chart,
    cohort: ZInsightFigures.shape.cohort,
    dataGaps: ZInsightFigures.shape.dataGaps,
    /** Latest complete calendar year of earnings data. */
    asOfYear: z.number().int(),
    /** Money is in constant dollars of this year (CPI-U annual averages). */
    dollarsOfYear: z.number().int(),
    /** The cohort actually answered (award years clamped to the data). */
    organizationId: z.number().int(),
    credentialId: z.number().int().nullable(),
    awardYearFrom: z.number().int().nullable(),
    awardYearTo: z.number().int().nullable(),
    /** When the figures were computed; null if never. */
    builtAt: z.string().nullable(),
  })
  .meta({ id: 'InsightsData' });
export type TInsightsData = z.infer<typeof ZInsightsData>;

export const ZInsightsQuery = z
  .strictObject({
    organizationId: ZId.optional(),
    credentialId: ZId.optional(),
    awardYearFrom: ZWholeNumber.pipe(z.number().int().min(1900).max(2100)).optional(),
    awardYearTo: ZWholeNumber.pipe(z.number().int().min(1900).max(2100)).optional(),
  })
  .refine(
    (q) =>
      q.awardYearFrom === undefined ||
      q.awardYearTo === undefined ||
      q.awardYearFrom <= q.awardYearTo,
    { message: 'The first award year must not be after the last', path: ['awardYearTo'] },
  );
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

export const ZInsightsLookups = z
  .object({
    aggregationOptions: z.array(z.object({ code: z.string(), name: z.string() })),
    /** Award years with data, across the organizations the caller may see. */
    awardYears: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
    credentialTypes: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    ),
    supportEmail: z.string(),
    suppressionMin: z.number().int(),
    smallSampleMin: z.number().int(),
  })
  .meta({ id: 'InsightsLookups' });
export type TInsightsLookups = z.infer<typeof ZInsightsLookups>;
