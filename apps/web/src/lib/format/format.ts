const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const numberFormat = new Intl.NumberFormat('en-US');
const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** `2026-01-31` or an ISO timestamp as "Jan 31, 2026"; a plain date is not shifted by time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plain ? `${value}T12:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

export const formatNumber = (value: number): string => numberFormat.format(value);
export const formatCurrency = (value: number): string => currencyFormat.format(value);

/**
 * Calendar days from the viewer's today to a plain date (`2026-12-31`): 0 on that day, negative
 * after it. The server counts the same way (UTC), so a contract's days left agree everywhere.
 */
export function daysUntil(date: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000);
}
