/**
 * Laurel's numbers and dates as en-US `Intl` formats write them, worked out here instead: the first
 * `Intl` formatter a page creates loads the browser's locale data, 25–35 ms of main thread on a
 * desktop and four times that on a phone, in the task that first draws a number or a date.
 * format.test.ts compares every function with `Intl` over many values.
 *
 * In Spanish (es-419, docs/i18n.md) the same functions hand over to `Intl`, one cached formatter
 * per style; amounts stay US dollars.
 */
import { currentLanguage, LOCALES } from '../i18n/language';

/** The chosen language's `Intl` formatter for `style`, made once. */
const intlFormatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function localNumber(style: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = LOCALES[currentLanguage()];
  const key = `${locale} ${style}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) intlFormatters.set(key, (formatter = new Intl.NumberFormat(locale, options)));
  return formatter as Intl.NumberFormat;
}
function localDate(style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = LOCALES[currentLanguage()];
  const key = `${locale} ${style}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) intlFormatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter as Intl.DateTimeFormat;
}
const english = () => currentLanguage() === 'en';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `value` in en-US digits: grouped by thousands, rounded half away from zero to at most
 * `maxFraction` decimals (as `Intl` rounds: the number's shortest decimal form, not its binary
 * value), with at least `minFraction`.
 */
function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [mantissa = '', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  // The decimal point sits after this many of `digits` (negative: zeros come first).
  let point = whole.length + Number(exponent);
  const kept = point + maxFraction;
  if (kept < 0) {
    digits = '0';
    point = 1;
  } else if (digits.length > kept) {
    const roundsUp = digits.charCodeAt(kept) >= 53; // '5'
    digits = digits.slice(0, kept);
    if (roundsUp) {
      const up = (BigInt(digits || '0') + 1n).toString().padStart(digits.length, '0');
      if (up.length > digits.length) point += 1;
      digits = up;
    }
  }
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '').padEnd(minFraction, '0');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** As `Intl.NumberFormat('en-US').format`: "1,234.568". */
export const formatNumber = (value: number): string =>
  english() ? formatDecimal(value, 0, 3) : localNumber('number', {}).format(value);

/** As en-US USD currency with cents: "$1,234.50", "-$12.00". */
export const formatCurrency = (value: number): string =>
  english()
    ? withDollar(formatDecimal(value, 2, 2))
    : localNumber('currency', { style: 'currency', currency: 'USD' }).format(value);

/** As en-US USD currency without cents: "$52,300". */
export const formatWholeDollars = (value: number): string =>
  english()
    ? withDollar(formatDecimal(value, 0, 0))
    : localNumber('dollars', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(value);

const withDollar = (number: string) =>
  number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;

/** As `Intl`'s en-US `dateStyle: 'medium'`: "Jan 31, 2026" (the viewer's time zone). */
const mediumDate = (date: Date) =>
  english()
    ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
    : localDate('date', { dateStyle: 'medium' }).format(date);

/** As `Intl`'s en-US `timeStyle: 'short'`: "3:05 PM" (the viewer's time zone). */
function shortTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `2026-01-31` or an ISO timestamp as "Jan 31, 2026"; a plain date is not shifted by time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plain ? `${value}T12:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : mediumDate(date);
}

/** An ISO timestamp as "Jan 31, 2026, 3:05 PM" in the viewer's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return english()
    ? `${mediumDate(date)}, ${shortTime(date)}`
    : localDate('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Calendar days from the viewer's today to a plain date (`2026-12-31`): 0 on that day, negative
 * after it. The server counts the same way (UTC), so a contract's days left agree everywhere.
 */
export function daysUntil(date: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000);
}
