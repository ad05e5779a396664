// Builds every cohort's insight figures of one organization from its awards and earnings years,
// read once. Memory grows with the aggregates (sorted arrays of real wages per credential, award
// year and relative year; counters), not with the rows read. docs/insights-methodology.md states
// the rules implemented here; docs/decisions/017-insights-disclosure-control.md the disclosure
// control (fixed award-year pools plus complementary suppression, in ./disclosure.ts). The parts:
// ./award-facts.ts (an award as read), ./cells.ts (what is counted), ./cohorts.ts (the cohorts and
// their disclosure control), ./figures.ts (a cohort's figures), ./publication.ts (what is shown).
import { INSIGHTS_MEASURE_YEAR } from '@laurel/contract/insights-rules';

import {
  type AwardFacts,
  type AwardHead,
  centsOf,
  EMPLOYED_BITS,
  LETTER_A,
  parseAmount,
  type ReadAward,
  WAGE_AS_TEXT,
  WAGE_BITS,
} from './award-facts.ts';
import {
  at,
  newCell,
  POINTS,
  type SortedCell,
  SPAN,
  type Values,
  type Wages,
  type YearCell,
} from './cells.ts';
import { buildCohorts, type CohortAggregate, type CredentialSummary } from './cohorts.ts';
import { realFactor } from './cpi-u.ts';

const MEASURE = INSIGHTS_MEASURE_YEAR;

/**
 * Collects awards one at a time (each with what its earnings years say), then computes the figures of
 * every cohort: all credentials and each one, for all award years and each fixed pool.
 */
export function createInsightsBuilder(options: { asOfYear: number; dollarsOfYear: number }) {
  const { asOfYear, dollarsOfYear } = options;
  const factors = new Map<number, number>();
  const factor = (year: number) => {
    let f = factors.get(year);
    if (f === undefined) {
      f = realFactor(year, dollarsOfYear);
      factors.set(year, f);
    }
    return f;
  };
  /** Cells by credential, then by award year × 4 + (1 for a person's later awards, else 0). */
  const credentials = new Map<number, Map<number, YearCell<Wages, Values>>>();

  function cellFor(credentialId: number, awardYear: number, rank: number): YearCell<Wages, Values> {
    let cells = credentials.get(credentialId);
    if (!cells) credentials.set(credentialId, (cells = new Map()));
    const key = awardYear * 4 + rank;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = newCell(factor, awardYear)));
    return cell;
  }

  /** Real counted wage and its whole cents (−1: not whole cents) by relative year; NaN: none. */
  const wagesAt = new Float64Array(POINTS);
  const centsAt = new Float64Array(POINTS);

  /**
   * Counts one award's cohort counts, industry and job role; returns its cell when it is matched
   * (its wages to be placed there), else null.
   */
  function count(
    award: AwardHead,
    laterAward: boolean,
    flags: number,
    industry: string | null,
    jobRole: string | null,
  ): YearCell<Wages, Values> | null {
    const y = award.awardYear;
    const cell = cellFor(award.credentialId, y, laterAward ? 1 : 0);
    const c = cell.counts;
    c.awards += 1;
    const measurable = y + MEASURE <= asOfYear;
    if (award.matchStatus === 'NOT_MATCHED') {
      c.notMatched += 1;
      if (measurable) c.notMatchedMeasured += 1;
    }
    if (award.matchStatus !== 'MATCHED') return null;
    c.matched += 1;
    if (measurable) c.measured += 1;
    if ((flags & WAGE_BITS) === 0) c.missingEarnings += 1;
    if ((flags & EMPLOYED_BITS) === 0) c.missingEmployment += 1;
    if ((flags & (2 << (2 * at(MEASURE)))) !== 0) {
      c.employed += 1;
      if (industry !== null)
        cell.industries.set(industry, (cell.industries.get(industry) ?? 0) + 1);
      if (jobRole !== null) cell.jobRoles.set(jobRole, (cell.jobRoles.get(jobRole) ?? 0) + 1);
    }
    return cell;
  }

  /** The counted wage at relative-year index i as the text `text.slice(from, to)` states it. */
  function readWage(
    cell: YearCell<Wages, Values>,
    i: number,
    text: string,
    from: number,
    to: number,
  ): void {
    // The factor of calendar year y + i − 5, which the cell's array of relative year i holds.
    const f = cell.wages[i]!.factor;
    const cents = centsOf(text, from, to);
    centsAt[i] = cents;
    wagesAt[i] = cents >= 0 ? (cents / 100) * f : parseAmount(text, from, to) * f;
  }

  /** Puts the wages of `wagesAt` (NaN: none) into the cell's arrays. */
  function place(cell: YearCell<Wages, Values>): void {
    const before = wagesAt[at(-1)]!;
    const hasBefore = !Number.isNaN(before);
    for (let i = 0; i < POINTS; i += 1) {
      const w = wagesAt[i]!;
      if (Number.isNaN(w)) continue;
      const r = i - SPAN;
      if (r >= 1 && hasBefore) {
        cell.paired[r]!.push(centsAt[i]!, w);
        cell.base[r]!.push(centsAt[at(-1)]!, before);
        if (r === MEASURE) cell.increases.push(w - before);
      } else cell.wages[i]!.push(centsAt[i]!, w);
    }
  }

  /**
   * One award. `laterAward`: not the person's first award (person = organization + external id;
   * first = earliest award year, then lowest id): all-credentials views leave it out, so that a
   * person counts once, by their first award.
   */
  function add(award: AwardFacts, laterAward = false): void {
    const cell = count(award, laterAward, award.yearFlags, award.industry, award.jobRole);
    const text = award.countedWages;
    if (cell === null || text === null) return;
    wagesAt.fill(Number.NaN);
    for (let from = 0; from < text.length;) {
      let to = text.indexOf(',', from);
      if (to < 0) to = text.length;
      readWage(cell, text.charCodeAt(from) - LETTER_A, text, from + 1, to);
      from = to + 1;
    }
    place(cell);
  }

  /**
   * One award as read year by year (`ReadAward`, the SQLite reading): the same as `add` given the
   * same years. A wage of whole cents c is c / 100 × factor, the double its text gives.
   */
  function addRead(award: ReadAward, laterAward = false): void {
    const cell = count(award, laterAward, award.yearFlags, award.industry, award.jobRole);
    if (cell === null || award.wages === 0) return;
    const { cents, texts } = award;
    for (let i = 0; i < POINTS; i += 1) {
      const c = cents[i]!;
      if (c >= 0) {
        centsAt[i] = c;
        wagesAt[i] = (c / 100) * cell.wages[i]!.factor;
      } else if (c === WAGE_AS_TEXT) readWage(cell, i, texts[i]!, 0, texts[i]!.length);
      else wagesAt[i] = Number.NaN;
    }
    place(cell);
  }

  /** The cells counted so far, sorted (each array once); the builder is empty afterwards. */
  function cells(): SortedCell[] {
    const sorted: SortedCell[] = [];
    for (const [credentialId, byYear] of credentials) {
      for (const [key, cell] of byYear) {
        byYear.delete(key);
        sorted.push({
          counts: cell.counts,
          industries: cell.industries,
          jobRoles: cell.jobRoles,
          wages: cell.wages.map((v) => v.sorted()),
          paired: cell.paired.map((v) => v.sorted()),
          base: cell.base.map((v) => v.sorted()),
          increases: cell.increases.sorted(),
          awardYear: Math.floor(key / 4),
          rank: key % 4,
          credentialId,
        });
      }
      credentials.delete(credentialId);
    }
    return sorted;
  }

  return {
    add,
    addRead,
    cells,

    /**
     * Every cohort's figures and each credential's summary, from the awards added here and the
     * cells other builders counted (`more`: other awards of the same organization).
     */
    finish(more: readonly SortedCell[] = []): {
      aggregates: CohortAggregate[];
      summaries: CredentialSummary[];
    } {
      const sorted = [...cells(), ...more];
      if (sorted.length === 0) return { aggregates: [], summaries: [] };
      const credentialIds = [...new Set(sorted.map((c) => c.credentialId))];
      return buildCohorts(
        sorted,
        credentialIds.sort((a, b) => a - b),
        asOfYear,
      );
    },
  };
}
export type InsightsBuilder = ReturnType<typeof createInsightsBuilder>;
