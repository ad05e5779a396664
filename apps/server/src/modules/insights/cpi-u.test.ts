import { describe, expect, it } from 'vitest';

import {
  CPI_FIRST_YEAR,
  CPI_LAST_YEAR,
  CPI_U_ANNUAL,
  dollarsYearFor,
  realFactor,
} from './cpi-u.ts';

describe('CPI-U constant dollars', () => {
  it('covers every year from 2000 to 2025 with a rising index over decades', () => {
    for (let year = 2000; year <= 2025; year += 1) expect(CPI_U_ANNUAL[year]).toBeGreaterThan(150);
    expect(CPI_FIRST_YEAR).toBeLessThanOrEqual(2000);
    expect(CPI_LAST_YEAR).toBe(2025);
    expect(CPI_U_ANNUAL[2020]).toBe(258.811);
  });

  it('states money in the as-of year, or the latest year of the table', () => {
    expect(dollarsYearFor(2024)).toBe(2024);
    expect(dollarsYearFor(2031)).toBe(CPI_LAST_YEAR);
    expect(realFactor(2020, 2024)).toBeCloseTo(313.689 / 258.811, 12);
    expect(realFactor(2024, 2024)).toBe(1);
    // Years outside the table use its nearest year.
    expect(realFactor(2030, 2025)).toBe(1);
    expect(realFactor(1980, 2025)).toBe(CPI_U_ANNUAL[2025]! / CPI_U_ANNUAL[CPI_FIRST_YEAR]!);
  });
});
