import type { InsightHiddenReason } from '@laurel/contract/insights';

import { formatNumber, formatWholeDollars } from '../../../lib/format/format';

/** Money as whole dollars: `52300` → "$52,300". */
export const formatMoney = (value: number): string => formatWholeDollars(Math.round(value));

/** A change in money with its sign: `9800` → "+$9,800", `-1200` → "−$1,200". */
export function formatMoneyChange(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return formatMoney(0);
  return `${rounded > 0 ? '+' : '−'}${formatMoney(Math.abs(rounded))}`;
}

/** A fraction as a whole percentage: `0.64` → "64%". */
export const formatPercent = (fraction: number): string => `${Math.round(fraction * 100)}%`;

/** A fractional change with its sign: `0.38` → "+38%". */
export function formatPercentChange(fraction: number): string {
  const percent = Math.round(fraction * 100);
  if (percent === 0) return '0%';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

export const formatYears = (years: number): string => `${years} ${years === 1 ? 'year' : 'years'}`;

/** "from 1,234 people". */
export const formatPeople = (n: number): string =>
  `from ${formatNumber(n)} ${n === 1 ? 'person' : 'people'}`;

export const formatCount = formatNumber;

/**
 * A people count as the API publishes it: exact from 10 on, "Fewer than 10" below, "Withheld"
 * when kept back so that a smaller group cannot be worked out from other figures.
 */
export function formatPeopleCount(value: { count: number | null; lessThan: number | null }) {
  if (value.count !== null) return formatNumber(value.count);
  return value.lessThan !== null ? `Fewer than ${value.lessThan}` : 'Withheld';
}

/** A figure of awards too recent for the year it is measured at: no data yet, not privacy. */
const TOO_RECENT_TEXT =
  'No data yet: not enough time has passed since these awards for this year to be complete';

/** Why a figure is hidden: too recent for data, too few people, or withheld to protect others. */
export function hiddenReason(figure: {
  lessThan: number | null;
  reason?: InsightHiddenReason | null;
}): string {
  if (figure.reason === 'TOO_RECENT') return TOO_RECENT_TEXT;
  return figure.lessThan !== null
    ? `Fewer than ${figure.lessThan} people: hidden to protect privacy`
    : 'Withheld so that a smaller group cannot be worked out from other figures';
}

/** Relative year as the chart labels it: −5 … "Award year" … +5. */
export function formatRelativeYear(relativeYear: number): string {
  if (relativeYear === 0) return 'Award year';
  return relativeYear > 0 ? `+${relativeYear}` : `−${Math.abs(relativeYear)}`;
}

/** The same, in words, for screen readers and tables. */
export function describeRelativeYear(relativeYear: number): string {
  if (relativeYear === 0) return 'Award year';
  const years = formatYears(Math.abs(relativeYear));
  return relativeYear > 0 ? `${years} after` : `${years} before`;
}
