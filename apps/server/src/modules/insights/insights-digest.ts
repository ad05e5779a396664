/**
 * The monthly insights digest (docs/operations.md#monthly-insights-digest): the organization's
 * headline figures exactly as `GET /api/insights-data` publishes them for all its credentials and
 * award years, suppression marks included, and the month each digest is for.
 */
import type { TFigure, TInsightsData, TPeopleCount } from '@laurel/contract/insights';

/** A figure as published: its value, or why it is hidden (and the threshold it is under). */
export interface PublishedFigure {
  value: number | null;
  lessThan: number | null;
  reason: TFigure['reason'];
}

/** What one digest says, and what the next one compares with. */
export interface DigestFigures {
  awards: number;
  matched: TPeopleCount;
  /** Median salary one year after the award, in dollars. */
  salary: PublishedFigure;
  /** A fraction: 0.64 is 64%. */
  employmentRate: PublishedFigure;
}

const published = (figure: TFigure): PublishedFigure => ({
  value: figure.value,
  lessThan: figure.lessThan,
  reason: figure.reason,
});

/** The digest's figures, taken from the organization's published insights data. */
export function digestFiguresOf(data: TInsightsData): DigestFigures {
  return {
    awards: data.cohort.awards,
    matched: { count: data.cohort.matched.count, lessThan: data.cohort.matched.lessThan },
    salary: published(data.earnings.salary),
    employmentRate: published(data.employment.employmentRate),
  };
}

/** The month a digest sent at `date` is for: `YYYY-MM` in UTC. */
export const digestMonthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** One queued digest job per person and month: two instances queue it once. */
export const insightsDigestDedupeKey = (userId: number, month: string): string =>
  `insights-digest:${userId}:${month}`;
