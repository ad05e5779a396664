// Builds every cohort's insight figures of one organization from its awards and earnings years,
// read once. Memory grows with the cells (counts per credential, award year and person rank), not
// with the awards: each counted wage is written to its series' file as it is read
// (./spilled-wages.ts), and the cohorts' medians and quartiles are selected from the files
// (./order-statistics.ts, decision record 062). docs/insights-methodology.md states the rules
// implemented here; docs/decisions/017-insights-disclosure-control.md the disclosure control
// (fixed award-year pools plus complementary suppression, in ./disclosure.ts). The parts:
// ./award-facts.ts (an award as read), ./cells.ts (what is counted), ./cohorts.ts (the cohorts and
// their disclosure control), ./figures.ts (a cohort's figures), ./publication.ts (what is shown).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
import { at, type CountedCell, newCell, POINTS, SPAN } from './cells.ts';
import { buildCohorts, type CohortAggregate, type CredentialSummary } from './cohorts.ts';
import { realFactor } from './cpi-u.ts';
import { type RankRequest, selectRanks } from './order-statistics.ts';
import { selectRanksShared, type StartRankSelector } from './shared-selection.ts';
import {
  BASE,
  createWageBuffer,
  createWageSpill,
  INCREASES,
  PAIRED,
  SERIES,
  type SpilledWages,
  WAGES,
  type WageSpill,
  type WagesInMemory,
} from './spilled-wages.ts';

const MEASURE = INSIGHTS_MEASURE_YEAR;

/** A selection of the values at the ranks each request asks (./order-statistics.ts). */
export type SelectRanks = (requests: RankRequest[]) => Promise<Array<Map<number, number>>>;

/** What another builder (a rebuild's second thread) counted: its cells and where its wages are. */
export interface CountedShare {
  cells: CountedCell[];
  wages: SpilledWages;
}

/** A cell as the builder counts into it: its id among the builder's cells, its years' factors. */
interface BuilderCell {
  cell: CountedCell;
  id: number;
  /** The real-dollar factor of calendar year y + i − 5, by relative-year index i. */
  factors: Float64Array;
}

/**
 * Collects awards one at a time (each with what its earnings years say), then computes the figures of
 * every cohort: all credentials and each one, for all award years and each fixed pool. Its wages
 * are written into `directory` (files named by `prefix`); without one, into a folder of its own
 * that `finish` removes.
 */
export function createInsightsBuilder(options: {
  asOfYear: number;
  dollarsOfYear: number;
  directory?: string;
  prefix?: string;
  /**
   * The builder of one block of awards: its wages are held in memory (`createWageBuffer`) and
   * handed on by `counted`, not written.
   */
  inMemory?: boolean;
  /**
   * Selects the medians and quartiles with a second thread started by this, when they read many
   * wages (./shared-selection.ts); without it, on this thread alone.
   */
  selectOn?: StartRankSelector;
}) {
  const { asOfYear, dollarsOfYear } = options;
  const buffer = options.inMemory ? createWageBuffer() : null;
  const ownDirectory =
    buffer === null && options.directory === undefined
      ? mkdtempSync(join(tmpdir(), 'laurel-insights-'))
      : null;
  const spill =
    buffer ?? createWageSpill(options.directory ?? ownDirectory!, options.prefix ?? 'a');
  const written = () => {
    if (buffer) throw new Error('A builder of one block of awards hands on its wages by counted()');
    return spill as WageSpill;
  };
  let nextId = 0;
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
  const credentials = new Map<number, Map<number, BuilderCell>>();

  function cellFor(credentialId: number, awardYear: number, rank: number): BuilderCell {
    let cells = credentials.get(credentialId);
    if (!cells) credentials.set(credentialId, (cells = new Map()));
    const key = awardYear * 4 + rank;
    let cell = cells.get(key);
    if (!cell) {
      const factors = new Float64Array(POINTS);
      for (let i = 0; i < POINTS; i += 1) factors[i] = factor(awardYear + i - SPAN);
      cell = { cell: newCell(credentialId, awardYear, rank), id: nextId++, factors };
      cells.set(key, cell);
    }
    return cell;
  }

  /** Real counted wage by relative year; NaN: none. */
  const wagesAt = new Float64Array(POINTS);

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
  ): BuilderCell | null {
    const y = award.awardYear;
    const counted = cellFor(award.credentialId, y, laterAward ? 1 : 0);
    const cell = counted.cell;
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
    return counted;
  }

  /** The counted wage at relative-year index i as the text `text.slice(from, to)` states it. */
  function readWage(cell: BuilderCell, i: number, text: string, from: number, to: number): void {
    // The factor of calendar year y + i − 5. A wage of whole cents c is c / 100 × factor, the
    // double its text gives.
    const f = cell.factors[i]!;
    const cents = centsOf(text, from, to);
    wagesAt[i] = cents >= 0 ? (cents / 100) * f : parseAmount(text, from, to) * f;
  }

  function push(cell: BuilderCell, series: number, value: number): void {
    spill.push(series, cell.id, value);
    cell.cell.sizes[series] = cell.cell.sizes[series]! + 1;
  }

  /** Writes the wages of `wagesAt` (NaN: none) into the cell's series. */
  function place(cell: BuilderCell): void {
    const before = wagesAt[at(-1)]!;
    const hasBefore = !Number.isNaN(before);
    for (let i = 0; i < POINTS; i += 1) {
      const w = wagesAt[i]!;
      if (Number.isNaN(w)) continue;
      const r = i - SPAN;
      if (r >= 1 && hasBefore) {
        push(cell, PAIRED + r, w);
        push(cell, BASE + r, before);
        if (r === MEASURE) push(cell, INCREASES, w - before);
      } else push(cell, WAGES + i, w);
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
      if (c >= 0) wagesAt[i] = (c / 100) * cell.factors[i]!;
      else if (c === WAGE_AS_TEXT) readWage(cell, i, texts[i]!, 0, texts[i]!.length);
      else wagesAt[i] = Number.NaN;
    }
    place(cell);
  }

  /** The cells counted so far (their ids are their places in this list); the builder is empty afterwards. */
  function cells(): CountedCell[] {
    const counted: CountedCell[] = new Array<CountedCell>(nextId);
    for (const [credentialId, byYear] of credentials) {
      for (const cell of byYear.values()) counted[cell.id] = cell.cell;
      credentials.delete(credentialId);
    }
    return counted;
  }

  /**
   * What another builder counted (a stored block of awards): its cells added to this builder's
   * of the same credential, award year and rank, its wages written into this builder's series.
   */
  function absorb(
    others: readonly CountedCell[],
    wages: { cells: readonly Uint32Array[]; values: readonly Float64Array[] },
  ): void {
    const ids = new Uint32Array(others.length);
    others.forEach((other, i) => {
      const into = cellFor(other.credentialId, other.awardYear, other.rank);
      const cell = into.cell;
      for (const k of Object.keys(other.counts) as Array<keyof CountedCell['counts']>)
        cell.counts[k] += other.counts[k];
      for (const [name, n] of other.industries)
        cell.industries.set(name, (cell.industries.get(name) ?? 0) + n);
      for (const [name, n] of other.jobRoles)
        cell.jobRoles.set(name, (cell.jobRoles.get(name) ?? 0) + n);
      for (let s = 0; s < SERIES; s += 1) cell.sizes[s] = cell.sizes[s]! + other.sizes[s]!;
      ids[i] = into.id;
    });
    for (let s = 0; s < SERIES; s += 1) {
      const cells = wages.cells[s]!;
      const values = wages.values[s]!;
      for (let j = 0; j < cells.length; j += 1) spill.push(s, ids[cells[j]!]!, values[j]!);
    }
  }

  return {
    add,
    addRead,
    absorb,
    cells,

    /** This builder's share for another's `finish`: its cells and its wages, written out. */
    share(): CountedShare {
      const counted = cells();
      return { cells: counted, wages: written().finish() };
    },

    /** What a builder of one block of awards (`inMemory`) counted: its cells and its wages. */
    counted(): { cells: CountedCell[]; wages: WagesInMemory } {
      if (!buffer) throw new Error('Only a builder of one block of awards keeps its wages');
      const counted = cells();
      return { cells: counted, wages: buffer.finish() };
    },

    /** Stops writing (the rebuild failed) and removes the builder's own folder. */
    dispose(): void {
      spill.abandon();
      if (ownDirectory !== null) rmSync(ownDirectory, { recursive: true, force: true });
    },

    /**
     * Every cohort's figures and each credential's summary, from the awards added here and the
     * shares other builders counted (`more`: other awards of the same organization). `tick` is
     * awaited now and then while the wages are read back.
     */
    async finish(
      more: readonly CountedShare[] = [],
      tick: () => Promise<void> = async () => undefined,
      /** Wraps the selection (./windowed-selection.ts keeps the windows of ranks). */
      around: (select: SelectRanks) => SelectRanks = (select) => select,
    ): Promise<{
      aggregates: CohortAggregate[];
      summaries: CredentialSummary[];
      /** Every cell counted (cells of the same key from several builders side by side). */
      cells: CountedCell[];
    }> {
      try {
        const own = cells();
        const counted = [...own];
        const spills: SpilledWages[] = [written().finish()];
        for (const share of more) {
          spills.push({ ...share.wages, cellOffset: counted.length });
          counted.push(...share.cells);
        }
        if (counted.length === 0) return { aggregates: [], summaries: [], cells: [] };
        const credentialIds = [...new Set(counted.map((c) => c.credentialId))];
        const built = await buildCohorts(
          counted,
          credentialIds.sort((a, b) => a - b),
          asOfYear,
          around((requests) =>
            options.selectOn
              ? selectRanksShared(spills, requests, tick, options.selectOn)
              : selectRanks(spills, requests, tick),
          ),
        );
        return { ...built, cells: counted };
      } finally {
        if (ownDirectory !== null) rmSync(ownDirectory, { recursive: true, force: true });
      }
    },
  };
}
export type InsightsBuilder = ReturnType<typeof createInsightsBuilder>;
