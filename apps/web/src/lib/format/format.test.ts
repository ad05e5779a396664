import { afterEach, describe, expect, it } from 'vitest';

import { setLanguage } from '../i18n/language';

import {
  daysUntil,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatWholeDollars,
} from './format';

describe('days until a date', () => {
  const today = new Date(2026, 10, 25, 22, 30);

  it('counts calendar days from the viewer’s today, whatever the hour', () => {
    expect(daysUntil('2026-12-31', today)).toBe(36);
    expect(daysUntil('2026-11-26', today)).toBe(1);
    expect(daysUntil('2026-11-25', today)).toBe(0);
    expect(daysUntil('2026-11-24', today)).toBe(-1);
    expect(daysUntil('2026-12-31', new Date(2026, 10, 25, 0, 5))).toBe(36);
  });
});

describe('numbers and dates as en-US Intl formats write them', () => {
  const intlNumber = new Intl.NumberFormat('en-US');
  const intlCurrency = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  });
  const intlWholeDollars = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const intlDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  const intlDateTime = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  // Whole numbers of every size, decimals that round at each digit (ties included: 0.0005,
  // 2.5, 1.0005), tiny and huge magnitudes written with exponents, zero of both signs.
  const edges = [
    0,
    -0,
    1,
    -1,
    5,
    999,
    1000,
    1001,
    12_345,
    999_999,
    1_000_000,
    2_147_483_647,
    Number.MAX_SAFE_INTEGER,
    1e21,
    1.5e21,
    1.2345678901234566e25,
    0.5,
    2.5,
    -2.5,
    0.125,
    0.0005,
    0.0004,
    -0.0005,
    -0.0001,
    1.0005,
    1.0015,
    1.9995,
    9.9995,
    999.9995,
    0.995,
    0.005,
    0.015,
    1.005,
    1.255,
    123.456789,
    1e-7,
    6e-7,
    5e-4,
    1.5e-3,
    0.1 + 0.2,
    1 / 3,
    2 / 3,
    52_300.49,
    52_300.5,
    -52_300.5,
    1234.5,
    Number.NaN,
    Infinity,
    -Infinity,
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const randoms = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** Math.floor(random() * 16 - 6);
    const value = (random() - 0.3) * magnitude;
    // A third rounded to a few decimals, as sums of money and percentages are.
    return i % 3 === 0 ? Math.round(value * 1000) / 1000 : value;
  });

  it('formats numbers, money with cents and whole dollars exactly as Intl does', () => {
    for (const value of [...edges, ...randoms]) {
      expect(formatNumber(value), String(value)).toBe(intlNumber.format(value));
      expect(formatCurrency(value), String(value)).toBe(intlCurrency.format(value));
      expect(formatWholeDollars(value), String(value)).toBe(intlWholeDollars.format(value));
    }
  });

  it('formats dates and times exactly as Intl does, in the viewer’s time zone', () => {
    const start = Date.UTC(1990, 0, 1);
    const end = Date.UTC(2060, 0, 1);
    const instants = [
      ...Array.from({ length: 2000 }, () => start + Math.floor(random() * (end - start))),
      Date.UTC(2026, 0, 1, 0, 0),
      Date.UTC(2026, 5, 30, 12, 0),
      Date.UTC(2026, 11, 31, 23, 59),
    ];
    for (const time of instants) {
      const iso = new Date(time).toISOString();
      expect(formatDate(iso), iso).toBe(intlDate.format(new Date(time)));
      expect(formatDateTime(iso), iso).toBe(intlDateTime.format(new Date(time)));
    }
    expect(formatDate('2026-01-31')).toBe('Jan 31, 2026');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('numbers and dates in Spanish (es-419, through Intl)', () => {
  afterEach(() => setLanguage('en'));

  it('writes them as Intl does for es-419, with amounts in US dollars', () => {
    setLanguage('es');
    const at = new Date(2026, 0, 31, 15, 5);
    expect(formatNumber(1234567.891)).toBe(new Intl.NumberFormat('es-419').format(1234567.891));
    expect(formatCurrency(-1234.5)).toBe(
      new Intl.NumberFormat('es-419', { style: 'currency', currency: 'USD' }).format(-1234.5),
    );
    expect(formatCurrency(1234.5)).toContain('USD');
    expect(formatWholeDollars(52300)).toBe(
      new Intl.NumberFormat('es-419', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      }).format(52300),
    );
    expect(formatDate('2026-01-31')).toBe(
      new Intl.DateTimeFormat('es-419', { dateStyle: 'medium' }).format(new Date(2026, 0, 31, 12)),
    );
    expect(formatDate('2026-01-31')).toMatch(/^31 ene/);
    expect(formatDateTime(at.toISOString())).toBe(
      new Intl.DateTimeFormat('es-419', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
    expect(formatDate(null)).toBe('—');
  });

  it('goes back to the English fast path', () => {
    setLanguage('es');
    formatNumber(1);
    setLanguage('en');
    expect(formatCurrency(-12)).toBe('-$12.00');
    expect(formatDate('2026-01-31')).toBe('Jan 31, 2026');
  });
});
