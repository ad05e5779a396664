import { createIntl, type IntlShape } from 'react-intl';
import type { InsightHiddenReason } from '@laurel/contract/insights';

import { formatNumber, formatWholeDollars } from '../../../lib/format/format';
import en from '../../../lib/i18n/messages/en.json';

/** What formats the words around a figure: the component's `useIntl()`, English by default. */
export type Words = Pick<IntlShape, 'formatMessage'>;
export const ENGLISH: Words = createIntl({ locale: 'en-US', messages: en });

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

export const formatYears = (years: number, intl: Words = ENGLISH): string =>
  intl.formatMessage({ id: 'insights.figures.years' }, { years });

/** "from 1,234 people". */
export const formatPeople = (n: number, intl: Words = ENGLISH): string =>
  intl.formatMessage({ id: 'insights.figures.fromPeople' }, { n });

export const formatCount = formatNumber;

/**
 * A people count as the API publishes it: exact from 10 on, "Fewer than 10" below, "Withheld"
 * when kept back so that a smaller group cannot be worked out from other figures.
 */
export function formatPeopleCount(
  value: { count: number | null; lessThan: number | null },
  intl: Words = ENGLISH,
) {
  if (value.count !== null) return formatNumber(value.count);
  return value.lessThan !== null
    ? intl.formatMessage({ id: 'insights.figures.fewerThan' }, { n: value.lessThan })
    : intl.formatMessage({ id: 'insights.figures.withheld' });
}

/** Why a figure is hidden: too recent for data, too few people, or withheld to protect others. */
export function hiddenReason(
  figure: {
    lessThan: number | null;
    reason?: InsightHiddenReason | null;
  },
  intl: Words = ENGLISH,
): string {
  // Awards too recent for the year the figure is measured at: no data yet, not privacy.
  if (figure.reason === 'TOO_RECENT')
    return intl.formatMessage({ id: 'insights.figures.hiddenTooRecent' });
  return figure.lessThan !== null
    ? intl.formatMessage({ id: 'insights.figures.hiddenFewerThan' }, { n: figure.lessThan })
    : intl.formatMessage({ id: 'insights.figures.hiddenWithheld' });
}

/**
 * Why a chart year is hidden, as its tooltip and the data table say it: a year with no count at
 * all is too recent or withheld; one with fewer people than the rule is "fewer than" the rule.
 */
export function chartPointHiddenReason(
  point: { reason?: InsightHiddenReason | null; n: number | null; lessThan: number | null },
  suppressionMin: number,
  intl: Words = ENGLISH,
): string {
  return hiddenReason(
    {
      reason: point.reason,
      lessThan:
        point.n === null && point.lessThan === null ? null : (point.lessThan ?? suppressionMin),
    },
    intl,
  );
}

/** Relative year as the chart labels it: −5 … "Award year" … +5. */
export function formatRelativeYear(relativeYear: number, intl: Words = ENGLISH): string {
  if (relativeYear === 0) return intl.formatMessage({ id: 'insights.figures.awardYear' });
  return relativeYear > 0 ? `+${relativeYear}` : `−${Math.abs(relativeYear)}`;
}

/** The same, in words, for screen readers and tables. */
export function describeRelativeYear(relativeYear: number, intl: Words = ENGLISH): string {
  if (relativeYear === 0) return intl.formatMessage({ id: 'insights.figures.awardYear' });
  return intl.formatMessage(
    { id: relativeYear > 0 ? 'insights.figures.yearsAfter' : 'insights.figures.yearsBefore' },
    { years: Math.abs(relativeYear) },
  );
}
