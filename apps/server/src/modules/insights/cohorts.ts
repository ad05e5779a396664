// The cohorts of one organization from its counted cells (methodology "Cohort"): every
// credential and all credentials by all years, each fixed pool and the same-cohort award years,
// put in one grid for the disclosure control (./disclosure.ts), then the figures of every
// offered cohort and each credential's summary.
import type { TInsightFigures } from '@laurel/contract/insights';
import {
  INSIGHTS_POOL_YEARS,
  INSIGHTS_YEARS_AROUND_AWARD,
  poolStart,
} from '@laurel/contract/insights-rules';

import {
  type CountedCell,
  gather,
  type Gathered,
  KINDS,
  quantilesOfKind,
  ranksOf,
  seriesOfKind,
  sizesOf,
} from './cells.ts';
import { type Grid, type GridCell, protect } from './disclosure.ts';
import { figuresOf } from './figures.ts';
import type { RankRequest } from './order-statistics.ts';
import { LOOKUP_MEASURES, measuresOf, WAGE_MEASURES } from './publication.ts';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;

export interface CohortAggregate {
  /** 0 for all of the organization's credentials. */
  credentialId: number;
  awardYearFrom: number;
  awardYearTo: number;
  figures: TInsightFigures;
}

export interface CredentialSummary {
  credentialId: number;
  awards: number;
  matched: number;
  awardYearMin: number;
  awardYearMax: number;
  missingEquifax: number;
  missingEarnings: number;
  missingEmployment: number;
}

/** How a cohort's sample of one kind is named among a rebuild's requests and kept windows. */
export const requestLabel = (cohort: string, kind: number): string => `${cohort}|${kind}`;

/** Award-year columns of the grid: each pool by its first year, the complete pools, all years. */
const ALL_YEARS = -1;
const COMPLETE_POOLS = -2;

/** Pools whose every award year has its +5 year complete: the same-cohort chart's awards. */
const completeBy = (asOfYear: number) => (pool: number) =>
  pool + INSIGHTS_POOL_YEARS - 1 + SPAN <= asOfYear;

/**
 * The cohorts (`${row}:${column}`, as `buildCohorts` names them) whose samples hold a cell's wages:
 * its credential's and, for a person's first award, all credentials', by all years, its pool and,
 * when that pool is complete, the complete pools.
 */
export function cohortsOfCell(
  cell: Pick<CountedCell, 'credentialId' | 'awardYear' | 'rank'>,
  asOfYear: number,
): string[] {
  const pool = poolStart(cell.awardYear);
  const columns = [ALL_YEARS, pool, ...(completeBy(asOfYear)(pool) ? [COMPLETE_POOLS] : [])];
  const rows = cell.rank === 0 ? [0, cell.credentialId] : [cell.credentialId];
  return rows.flatMap((row) => columns.map((column) => `${row}:${column}`));
}

/**
 * The figures of every offered cohort and each credential's summary, from all counted cells;
 * `select` gives the values at the ranks asked of each cohort's wages (./order-statistics.ts),
 * the cells named by their places in `sorted`.
 */
export async function buildCohorts(
  sorted: CountedCell[],
  credentialIds: number[],
  asOfYear: number,
  select: (requests: RankRequest[]) => Promise<Array<Map<number, number>>>,
): Promise<{ aggregates: CohortAggregate[]; summaries: CredentialSummary[] }> {
  const pools = [...new Set(sorted.map((c) => poolStart(c.awardYear)))].sort((a, b) => a - b);
  const complete = completeBy(asOfYear);
  const completePools = pools.filter(complete);
  const rows = [0, ...credentialIds];
  const columns = [...pools, COMPLETE_POOLS, ALL_YEARS];

  // Cells of each (credential, column): a credential's views hold every award; the
  // all-credentials views a person once, by their first award.
  const organization = sorted.filter((cell) => cell.rank === 0);
  const cellsOf = (row: number, column: number): CountedCell[] =>
    (row === 0 ? organization : sorted).filter((cell) => {
      if (row !== 0 && cell.credentialId !== row) return false;
      const pool = poolStart(cell.awardYear);
      if (column === ALL_YEARS) return true;
      if (column === COMPLETE_POOLS) return complete(pool);
      return pool === column;
    });

  const gathered = new Map<string, Gathered>();
  const cohortCells = new Map<string, CountedCell[]>();
  const key = (row: number, column: number) => `${row}:${column}`;
  const grid: Grid = { rows, columns, cells: new Map(), lines: [] };
  const yearRange = (cells: CountedCell[]) => {
    let min = Infinity;
    let max = -Infinity;
    for (const c of cells) {
      if (c.counts.awards === 0) continue;
      min = Math.min(min, c.awardYear);
      max = Math.max(max, c.awardYear);
    }
    return min <= max ? { min, max } : null;
  };
  const ranges = new Map<string, { min: number; max: number } | null>();
  // Cohorts of exactly the same cells publish the same people under different labels.
  const index = new Map(sorted.map((cell, i) => [cell, i]));
  const byPeople = new Map<string, string[]>();
  for (const row of rows) {
    for (const column of columns) {
      const cells = cellsOf(row, column);
      const people = cells
        .filter((cell) => cell.counts.awards > 0)
        .map((cell) => index.get(cell)!)
        .join(',');
      if (people !== '') byPeople.set(people, [...(byPeople.get(people) ?? []), key(row, column)]);
      const g = gather(cells);
      gathered.set(key(row, column), g);
      cohortCells.set(key(row, column), cells);
      ranges.set(key(row, column), yearRange(cells));
      const cell: GridCell = {
        row,
        column,
        values: measuresOf(g),
        published: column === COMPLETE_POOLS ? WAGE_MEASURES : null,
      };
      grid.cells.set(key(row, column), cell);
    }
  }
  // Lines: a margin and the cells that make it up (the all-credentials view counts a person once,
  // so its margins are at most the sum of their parts).
  for (const row of rows) {
    grid.lines.push({ margin: key(row, ALL_YEARS), parts: pools.map((p) => key(row, p)) });
    grid.lines.push({
      margin: key(row, COMPLETE_POOLS),
      parts: completePools.map((p) => key(row, p)),
    });
    grid.lines.push({
      margin: key(row, ALL_YEARS),
      parts: [
        key(row, COMPLETE_POOLS),
        ...pools.filter((p) => !complete(p)).map((p) => key(row, p)),
      ],
    });
  }
  for (const column of columns)
    grid.lines.push({ margin: key(0, column), parts: credentialIds.map((c) => key(c, column)) });
  grid.nested = (inner, outer) => {
    const a = grid.cells.get(inner)!;
    const b = grid.cells.get(outer)!;
    const rowInside = b.row === 0 || b.row === a.row;
    const columnInside =
      b.column === ALL_YEARS ||
      b.column === a.column ||
      (b.column === COMPLETE_POOLS && a.column >= 0 && complete(a.column));
    return rowInside && columnInside && inner !== outer;
  };
  grid.same = [...byPeople.values()].filter((cohorts) => cohorts.length > 1);
  const withheld = protect(grid, [LOOKUP_MEASURES]);

  // The cohorts offered, and the same-cohort chart of each.
  const offered: Array<{ row: number; column: number }> = [];
  for (const row of rows) {
    const allYears = ranges.get(key(row, ALL_YEARS));
    for (const column of [ALL_YEARS, ...pools]) {
      const range = ranges.get(key(row, column));
      if (!range || !allYears) continue;
      // A pool that holds every award year there is (all of it or part) is the same people as
      // all years: answered once, as all years, named by the years the awards have.
      if (
        column !== ALL_YEARS &&
        allYears.min >= column &&
        allYears.max <= column + INSIGHTS_POOL_YEARS - 1
      )
        continue;
      offered.push({ row, column });
    }
  }
  const sameColumnOf = (column: number) =>
    column === ALL_YEARS ? COMPLETE_POOLS : complete(column) ? column : null;

  // The medians and quartiles of the cohorts whose figures are computed, selected together.
  const selected = new Set<string>();
  for (const { row, column } of offered) {
    selected.add(key(row, column));
    const sameColumn = sameColumnOf(column);
    if (sameColumn !== null) selected.add(key(row, sameColumn));
  }
  const requests: RankRequest[] = [];
  const requested: Array<{ cohort: string; kind: number }> = [];
  for (const cohort of selected) {
    const cells = cohortCells.get(cohort)!;
    const sizes = sizesOf(cells);
    for (let kind = 0; kind < KINDS; kind += 1) {
      const size = sizes[kind]!;
      if (size === 0) continue;
      requests.push({
        series: seriesOfKind(kind),
        cells: cells.map((cell) => index.get(cell)!),
        size,
        ranks: quantilesOfKind(kind).flatMap((p) => ranksOf(size, p)),
        label: requestLabel(cohort, kind),
        quantiles: quantilesOfKind(kind),
      });
      requested.push({ cohort, kind });
    }
  }
  const values = await select(requests);
  const valuesOf = new Map<string, Map<number, Map<number, number>>>();
  requested.forEach(({ cohort, kind }, i) => {
    if (!valuesOf.has(cohort)) valuesOf.set(cohort, new Map());
    valuesOf.get(cohort)!.set(kind, values[i]!);
  });
  for (const cohort of selected) {
    const byKind = valuesOf.get(cohort);
    gathered.set(
      cohort,
      gather(cohortCells.get(cohort)!, (kind) => byKind?.get(kind) ?? null),
    );
  }

  const aggregates: CohortAggregate[] = [];
  for (const { row, column } of offered) {
    const range = ranges.get(key(row, column))!;
    const hidden = withheld.get(key(row, column))!;
    const g = gathered.get(key(row, column))!;
    const sameColumn = sameColumnOf(column);
    const same =
      sameColumn === null
        ? null
        : {
            g: gathered.get(key(row, sameColumn))!,
            hidden: withheld.get(key(row, sameColumn))!,
            range: ranges.get(key(row, sameColumn)) ?? null,
          };
    aggregates.push({
      credentialId: row,
      awardYearFrom: column === ALL_YEARS ? range.min : column,
      awardYearTo: column === ALL_YEARS ? range.max : column + INSIGHTS_POOL_YEARS - 1,
      figures: figuresOf(g, hidden, same, (r) => range.min + r > asOfYear),
    });
  }

  const summaries: CredentialSummary[] = [];
  for (const credentialId of credentialIds) {
    const g = gathered.get(key(credentialId, ALL_YEARS))!;
    const range = ranges.get(key(credentialId, ALL_YEARS));
    if (!range) continue;
    summaries.push({
      credentialId,
      awards: g.counts.awards,
      matched: g.counts.matched,
      awardYearMin: range.min,
      awardYearMax: range.max,
      missingEquifax: g.counts.notMatched,
      missingEarnings: g.counts.missingEarnings,
      missingEmployment: g.counts.missingEmployment,
    });
  }
  return { aggregates, summaries };
}
