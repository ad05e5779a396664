// Consumer Price Index for All Urban Consumers (CPI-U), U.S. city average, all items,
// not seasonally adjusted, annual averages (1982–84 = 100). Source: U.S. Bureau of Labor
// Statistics, series CUUR0000SA0 (https://data.bls.gov/timeseries/CUUR0000SA0).
//
// 2025: the annual average is computed from the monthly indexes BLS published; October 2025 was
// not collected (federal shutdown), so the figure below is the average of the published months
// rounded to one decimal; it is not confirmed against an official BLS annual average. Replace it when
// BLS publishes a final figure; every rebuild after that uses the new value.

/** CPI-U annual average index by calendar year. */
export const CPI_U_ANNUAL: Readonly<Record<number, number>> = Object.freeze({
  1990: 130.7,
  1991: 136.2,
  1992: 140.3,
  1993: 144.5,
  1994: 148.2,
  1995: 152.4,
  1996: 156.9,
  1997: 160.5,
  1998: 163.0,
  1999: 166.6,
  2000: 172.2,
  2001: 177.1,
  2002: 179.9,
  2003: 184.0,
  2004: 188.9,
  2005: 195.3,
  2006: 201.6,
  2007: 207.342,
  2008: 215.303,
  2009: 214.537,
  2010: 218.056,
  2011: 224.939,
  2012: 229.594,
  2013: 232.957,
  2014: 236.736,
  2015: 237.017,
  2016: 240.007,
  2017: 245.12,
  2018: 251.107,
  2019: 255.657,
  2020: 258.811,
  2021: 270.97,
  2022: 292.655,
  2023: 304.702,
  2024: 313.689,
  2025: 321.9,
});

const YEARS = Object.keys(CPI_U_ANNUAL)
  .map(Number)
  .sort((a, b) => a - b);
export const CPI_FIRST_YEAR = YEARS[0]!;
export const CPI_LAST_YEAR = YEARS[YEARS.length - 1]!;

/** The year whose dollars insights are stated in: `asOfYear` when the table has it, else its latest. */
export function dollarsYearFor(asOfYear: number): number {
  return CPI_U_ANNUAL[asOfYear] !== undefined ? asOfYear : CPI_LAST_YEAR;
}

/**
 * The factor that turns nominal dollars of `year` into dollars of `dollarsOfYear`:
 * CPI[dollarsOfYear] / CPI[year]. A year outside the table uses the nearest year in it.
 * @example realFactor(2020, 2025) * 50_000 // 2020 dollars in 2025 dollars
 */
export function realFactor(year: number, dollarsOfYear: number): number {
  const index = (y: number) => CPI_U_ANNUAL[Math.min(Math.max(y, CPI_FIRST_YEAR), CPI_LAST_YEAR)]!;
  return index(dollarsOfYear) / index(year);
}
