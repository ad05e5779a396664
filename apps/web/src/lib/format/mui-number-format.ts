import { formatNumber } from './format';

/**
 * Stands in for MUI's `buildFormatNumber` in the built app (vite.config.ts,
 * `appNumberFormatForMui`): MUI's table pagination calls it as its module is evaluated, and the
 * `Intl.NumberFormat` it made there was the page's first `Intl` object, which loads the browser's
 * locale data in that task (docs/decisions/045). en-US is written by `formatNumber`, which matches
 * `Intl`; any other locale is formatted by `Intl`, made on first use.
 */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let intl: Intl.NumberFormat | undefined;
  const format =
    locale === 'en-US'
      ? formatNumber
      : (value: number) => (intl ??= new Intl.NumberFormat(locale)).format(value);
  return (value) => (Number.isFinite(value) ? format(value) : String(value));
}
