import { z } from 'zod';

import { CREDENTIAL_DATA_GAP_CODES } from './constants.ts';
import { INSIGHT_FIGURES } from './insight-figures.ts';
import { INSIGHTS_YEARS_AROUND_AWARD } from './insights-rules.ts';
import { ZId, ZWholeNumber } from './pagination.ts';
import { ZLanguage } from './profile.ts';

// The rules' numbers live apart from the schemas, so that code without zod can read them.
export {
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
} from './insights-rules.ts';

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

/**
 * A count about people that came from the credit bureau's data. Fewer than 10 people (including
 * none) is never given exactly: `count` is null and `lessThan` is 10. A count withheld so that it
 * cannot be worked out from other answers (complementary suppression) has both null.
 */
export const ZPeopleCount = z
  .object({ count: z.number().int().nullable(), lessThan: z.number().int().nullable() })
  .meta({ id: 'InsightPeopleCount' });
export type TPeopleCount = z.infer<typeof ZPeopleCount>;

/**
 * Why a figure has no value: its awards are too recent for the year it is measured at (no award
 * of the cohort has that year complete yet), it covers fewer than 10 people, or it is withheld so
 * that a smaller group cannot be worked out from other figures. Null when the figure is shown.
 */
const INSIGHT_HIDDEN_REASONS = ['TOO_RECENT', 'FEWER_THAN_MIN', 'WITHHELD'] as const;
export type InsightHiddenReason = (typeof INSIGHT_HIDDEN_REASONS)[number];
const ZHiddenReason = z.enum(INSIGHT_HIDDEN_REASONS).nullable();

const ZFigure = z
  .object({
    value: z.number().nullable(),
    /** People the figure is computed over; null when withheld (see `lessThan`). */
    n: z.number().int().nullable(),
    /** 10 when the figure covers fewer than 10 people; null otherwise. */
    lessThan: z.number().int().nullable(),
    suppressed: z.boolean(),
    /** Why the value is hidden; null when it is shown. */
    reason: ZHiddenReason,
    /** 10–29 people: shown with a small-sample warning. */
    smallSample: z.boolean(),
  })
  .meta({ id: 'InsightFigure' });
export type TFigure = z.infer<typeof ZFigure>;

/** A figure over the same people at two relative years (−1 and the horizon). */
const ZPairedFigure = ZFigure.extend({
  /** Relative year the change is measured to (+1 for the increase, the horizon for growth). */
  horizonYears: z.number().int(),
  /** People with a counted wage at −1 (the same people as at the horizon). */
  nAtStart: z.number().int().nullable(),
  /** People with a counted wage at the horizon (the same people as at −1). */
  nAtEnd: z.number().int().nullable(),
}).meta({ id: 'InsightPairedFigure' });
export type TPairedFigure = z.infer<typeof ZPairedFigure>;

const ZTop = z
  .object({
    name: z.string().nullable(),
    /** Share of `n`: the people employed at +1 whose record names an industry (job role). */
    share: z.number().nullable(),
    n: z.number().int().nullable(),
    lessThan: z.number().int().nullable(),
    suppressed: z.boolean(),
    reason: ZHiddenReason,
    smallSample: z.boolean(),
  })
  .meta({ id: 'InsightTop' });
export type TTop = z.infer<typeof ZTop>;

const ZChartPoint = z
  .object({
    relativeYear: z
      .number()
      .int()
      .min(-INSIGHTS_YEARS_AROUND_AWARD)
      .max(INSIGHTS_YEARS_AROUND_AWARD),
    median: z.number().nullable(),
    p25: z.number().nullable(),
    p75: z.number().nullable(),
    n: z.number().int().nullable(),
    lessThan: z.number().int().nullable(),
    suppressed: z.boolean(),
    reason: ZHiddenReason,
    smallSample: z.boolean(),
  })
  .meta({ id: 'InsightChartPoint' });
export type TChartPoint = z.infer<typeof ZChartPoint>;

export const ZDataGap = z
  .object({
    code: z.enum(CREDENTIAL_DATA_GAP_CODES),
    count: z.number().int().nullable(),
    lessThan: z.number().int().nullable(),
  })
  .meta({ id: 'InsightDataGap' });
export type TDataGap = z.infer<typeof ZDataGap>;

/** An award-year range the insights answer: all years, or one fixed pool. */
const ZAwardYearRange = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    kind: z.enum(['ALL', 'POOL']),
  })
  .meta({ id: 'InsightAwardYearRange' });
export type TAwardYearRange = z.infer<typeof ZAwardYearRange>;

const FIGURE_SCHEMAS = { figure: ZFigure, paired: ZPairedFigure, top: ZTop };
type ListedFigure = (typeof INSIGHT_FIGURES)[number];
type FiguresShape<G extends ListedFigure['group']> = {
  [F in Extract<ListedFigure, { group: G }> as F['key']]: (typeof FIGURE_SCHEMAS)[F['kind']];
};

/** The schema's properties of one group of figures: one per figure INSIGHT_FIGURES lists. */
function figuresShape<G extends ListedFigure['group']>(group: G): FiguresShape<G> {
  return Object.fromEntries(
    INSIGHT_FIGURES.filter((f) => f.group === group).map((f) => [f.key, FIGURE_SCHEMAS[f.kind]]),
  ) as FiguresShape<G>;
}

/**
 * The cohort figures a build stores and a read returns (status aside). Money is in dollars;
 * employment rate, salary growth and top shares are fractions (0.64 means 64%).
 */
const ZInsightFigures = z.object({
  earnings: z.object(figuresShape('earnings')),
  employment: z.object(figuresShape('employment')),
  chart: z.object({
    /** Every award year of the range at each relative year. */
    points: z.array(ZChartPoint),
    /** Only the award years whose +5 year is complete, so every point covers the same awards. */
    sameCohort: z.object({
      awardYearFrom: z.number().int().nullable(),
      awardYearTo: z.number().int().nullable(),
      points: z.array(ZChartPoint),
    }),
  }),
  cohort: z.object({ awards: z.number().int(), matched: ZPeopleCount }),
  dataGaps: z.array(ZDataGap),
});
export type TInsightFigures = z.infer<typeof ZInsightFigures>;

/**
 * A rebuild of the organization's figures that is queued (WAITING: another rebuild holds the
 * core it needs) or under way (RUNNING): the figures shown are the previous ones meanwhile.
 */
export const ZInsightsRebuild = z
  .object({
    state: z.enum(['WAITING', 'RUNNING']),
    /** READING the awards, COMPUTING the figures, STORING them; null while waiting. */
    phase: z.enum(['READING', 'COMPUTING', 'STORING']).nullable(),
    /** Awards read so far, of `rowsTotal`. */
    rowsRead: z.number().int(),
    rowsTotal: z.number().int(),
    /** When the running rebuild started; null while waiting. */
    startedAt: z.string().nullable(),
    /**
     * Seconds left, estimated from the rate so far or from how long the organization's previous
     * rebuild took; null when there is nothing to go on yet.
     */
    secondsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'InsightsRebuild' });
export type TInsightsRebuild = z.infer<typeof ZInsightsRebuild>;

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
    /** The award-year ranges offered for this organization and credential: all years and each pool. */
    ranges: z.array(ZAwardYearRange),
    /** When the figures were computed; null if never. */
    builtAt: z.string().nullable(),
    /** The rebuild that will replace these figures, if one is queued or running. */
    rebuild: ZInsightsRebuild.nullable(),
  })
  .meta({ id: 'InsightsData' });
export type TInsightsData = z.infer<typeof ZInsightsData>;

const insightsQueryShape = {
  organizationId: ZId.optional(),
  credentialId: ZId.optional(),
  awardYearFrom: ZWholeNumber.pipe(z.number().int().min(1900).max(2100)).optional(),
  awardYearTo: ZWholeNumber.pipe(z.number().int().min(1900).max(2100)).optional(),
};
const yearsInOrder: [
  (q: { awardYearFrom?: number | undefined; awardYearTo?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) =>
    q.awardYearFrom === undefined ||
    q.awardYearTo === undefined ||
    q.awardYearFrom <= q.awardYearTo,
  { message: 'The first award year must not be after the last', path: ['awardYearTo'] },
];

export const ZInsightsQuery = z.strictObject(insightsQueryShape).refine(...yearsInOrder);
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

const INSIGHTS_REPORT_PAPERS = ['letter', 'a4'] as const;

/**
 * The PDF report of the same cohort: a credential's figures, or with no credential one row per
 * credential of the organization; on US Letter or A4 paper.
 */
export const ZInsightsReportQuery = z
  .strictObject({
    ...insightsQueryShape,
    paper: z.enum(INSIGHTS_REPORT_PAPERS).default('letter'),
    /** The report's language; the request's `Accept-Language` when absent (decision 066). */
    language: ZLanguage.optional(),
  })
  .refine(...yearsInOrder);
export type TInsightsReportQuery = z.infer<typeof ZInsightsReportQuery>;

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
    /** Award years are offered as all years or one pool of this many consecutive years. */
    poolYears: z.number().int(),
    /** Annual wages (nominal dollars) below this are not counted in wage figures. */
    earningsFloor: z.number(),
  })
  .meta({ id: 'InsightsLookups' });
export type TInsightsLookups = z.infer<typeof ZInsightsLookups>;
