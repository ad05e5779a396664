// An award as an insights rebuild reads it, in the two shapes the readings hand to the builder
// (./award-reading.ts sums up its earnings years into one row, ./sqlite-award-reading.ts reads them
// year by year), and the parsing of a wage's text that both agree on.
import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';

/**
 * One award as the rebuild reads it. For a matched award, its earnings years within ±5 years of
 * the award year and up to the latest complete year, as the database sums them up (one row per
 * award rather than some ten).
 */
export interface AwardFacts {
  credentialId: number;
  awardYear: number;
  matchStatus: string;
  /** Two bits for each relative year r, at bit 2·(r + 5): 1 a wage is known, 2 employed. */
  yearFlags: number;
  /**
   * The counted wages (employed full time, at or above the earnings floor), in nominal dollars:
   * comma-separated, each the letter of its relative year ('a' for −5 … 'k' for +5) followed by
   * the amount; null when there are none.
   */
  countedWages: string | null;
  /** Industry and job role of the +1 year when employed then. */
  industry: string | null;
  jobRole: string | null;
}

/** What the builder's counting needs of an award. */
export type AwardHead = Pick<AwardFacts, 'credentialId' | 'awardYear' | 'matchStatus'>;

/** In `ReadAward.cents`: the counted wage is given as its text (not whole cents). */
export const WAGE_AS_TEXT = -1;

/**
 * One award as read year by year rather than summed up into text (the SQLite reading,
 * ./sqlite-award-reading.ts), in arrays that the reading reuses from award to award.
 */
export interface ReadAward extends AwardHead {
  id: number;
  /** As in `AwardFacts`. */
  yearFlags: number;
  industry: string | null;
  jobRole: string | null;
  /** How many counted wages `cents` holds. */
  wages: number;
  /**
   * The counted wage of each relative year (index r + 5): its whole cents (at most `MAX_CENTS`),
   * `WAGE_AS_TEXT` when it is given as its text in `texts`, −2 when there is none.
   */
  cents: Float64Array;
  /** The counted wages given as the database's text of the number (`WAGE_AS_TEXT`). */
  texts: Array<string | null>;
}

/** An empty `ReadAward`, for a reading to fill and reuse from award to award. */
export function newReadAward(): ReadAward {
  const points = 2 * INSIGHTS_YEARS_AROUND_AWARD + 1;
  return {
    id: 0,
    credentialId: 0,
    awardYear: 0,
    matchStatus: '',
    yearFlags: 0,
    industry: null,
    jobRole: null,
    wages: 0,
    cents: new Float64Array(points).fill(-2),
    texts: Array.from({ length: points }, () => null),
  };
}

/** Empties what `award`'s years said, once it was counted, for the next award. */
export function clearYears(award: ReadAward): void {
  if (award.wages > 0) {
    award.cents.fill(-2);
    award.texts.fill(null);
  }
  award.yearFlags = 0;
  award.industry = null;
  award.jobRole = null;
  award.wages = 0;
}

/** The year flags' "wage known" bits and "employed" bits of every relative year. */
export const WAGE_BITS = 0x155555;
export const EMPLOYED_BITS = WAGE_BITS * 2;
export const LETTER_A = 97;

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The double that `text.slice(from, to)` reads as (what Number() gives), without making the
 * substring: digits with at most one point are read as an integer m and a scale k, and m / 10^k
 * is that double when m < 2^53 and k ≤ 22 (both exact, one correctly rounded division); any
 * other text (exponent, sign, more digits) goes through Number().
 */
export function parseAmount(text: string, from: number, to: number): number {
  let m = 0;
  let k = -1;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      if (k >= 0) k += 1;
    } else if (c === 46 && k < 0) k = 0;
    else return Number(text.slice(from, to));
  }
  const digits = to - from - (k >= 0 ? 1 : 0);
  if (digits === 0 || m > Number.MAX_SAFE_INTEGER || k > 22) return Number(text.slice(from, to));
  return k > 0 ? m / POWERS_OF_TEN[k]! : m;
}

/**
 * The whole cents `text.slice(from, to)` states (digits, at most two after one point, at most
 * `MAX_CENTS`), or −1 for any other text. Such an amount is exactly cents / 100, so cents / 100
 * is the double `parseAmount` reads (both are the correctly rounded value of the same number).
 */
export function centsOf(text: string, from: number, to: number): number {
  let cents = 0;
  let decimals = -1;
  let digits = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (decimals >= 0 && ++decimals > 2) return -1;
      cents = cents * 10 + (c - 48);
      digits += 1;
      if (cents > MAX_CENTS) return -1;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return -1;
  }
  if (digits === 0) return -1;
  for (let d = decimals < 0 ? 0 : decimals; d < 2; d += 1) cents *= 10;
  return cents > MAX_CENTS ? -1 : cents;
}

/** The largest number of cents an Int32Array holds: $21,474,836.47. */
export const MAX_CENTS = 2 ** 31 - 1;
