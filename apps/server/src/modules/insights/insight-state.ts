// What an organization's insights were last computed from (decision record 069): the stored blocks
// they add up (each by its version and the reading that counted it), the cells summed over them
// and the windows of ranks around every median and quartile. After a small change (an upload, a
// correction) a rebuild reads only the blocks whose version moved: it takes out of the sums and
// windows what their stored counting held, puts in what they hold now, and computes every
// cohort's figures from the sums and windows, as a rebuild that read everything would, to the
// last bit. When too many blocks changed, a stored block is not the one the state added up, or a
// quantile's ranks have left its window, it answers null and the rebuild reads everything.
import { randomUUID } from 'node:crypto';

import type { CountAwards } from './award-source.ts';
import {
  type BlockCounting,
  type BlockReadings,
  countBlock,
  letGoOfBlockRoom,
  NO_AWARDS,
  yearsOf,
} from './block-counting.ts';
import { type CountedCell, newCell } from './cells.ts';
import { buildCohorts, type CohortAggregate, type CredentialSummary } from './cohorts.ts';
import {
  blockOf,
  cellsFromJson,
  idsOfBlock,
  cellsToJson,
  packBlock,
  type StoredBlock,
  unpackBlock,
} from './insight-blocks.ts';
import type { InsightsRepository, StoredInsightState } from './insights.repository.ts';
import { type RankWindow, windowParts, type WindowSizes, windowsOfParts } from './rank-windows.ts';
import { type RankRequest, selectRanks } from './order-statistics.ts';
import { createWageSpill, SERIES } from './spilled-wages.ts';
import {
  type BlockCounted,
  fromWindows,
  keepingWindows,
  shiftWindows,
  WindowsExhaustedError,
} from './windowed-selection.ts';

/** Blocks changed (or gone) beyond which a rebuild reads everything. */
export const CHANGED_BLOCKS_AT_MOST = 8;

/** A state to store with the figures, in their transaction. */
export interface InsightStateToStore {
  basis: string;
  blocks: string;
  cells: string;
  /** The windows of ranks in parts, each packed as it is stored. */
  windows: Iterable<Uint8Array>;
  /** Blocks counted now, stored in the same transaction (the full reading stored them as it read). */
  stored: Array<{ block: number } & StoredBlock>;
  /** Blocks whose awards are all gone. */
  gone: number[];
  /** The generation computed from (null: stored whatever is there). */
  after: number | null;
}

/** The cells summed by credential, award year and rank. */
export type CellSums = Map<string, CountedCell>;

const keyOf = (cell: CountedCell) => `${cell.credentialId}:${cell.awardYear}:${cell.rank}`;

/** Adds (sign 1) or takes out (−1) cells into the sums. */
export function addCells(sums: CellSums, cells: readonly CountedCell[], sign: 1 | -1): void {
  for (const cell of cells) {
    const key = keyOf(cell);
    let into = sums.get(key);
    if (!into) sums.set(key, (into = newCell(cell.credentialId, cell.awardYear, cell.rank)));
    for (const k of Object.keys(cell.counts) as Array<keyof CountedCell['counts']>)
      into.counts[k] += sign * cell.counts[k];
    for (const [from, to] of [
      [cell.industries, into.industries],
      [cell.jobRoles, into.jobRoles],
    ] as const)
      for (const [name, n] of from) {
        const sum = (to.get(name) ?? 0) + sign * n;
        if (sum === 0) to.delete(name);
        else to.set(name, sum);
      }
    cell.sizes.forEach((n, s) => {
      into.sizes[s] = into.sizes[s]! + sign * n;
    });
  }
}

/**
 * The cells with awards, in order of credential, award year and rank; null when a sum went below
 * zero or a cell without awards still holds something (the sums do not add up what they say).
 */
export function cellsOfSums(sums: CellSums): CountedCell[] | null {
  const cells: CountedCell[] = [];
  for (const cell of sums.values()) {
    const values = [
      ...Object.values(cell.counts),
      ...cell.sizes,
      ...cell.industries.values(),
      ...cell.jobRoles.values(),
    ];
    if (values.some((n) => n < 0)) return null;
    if (cell.counts.awards > 0) cells.push(cell);
    else if (values.some((n) => n !== 0)) return null;
  }
  return cells.sort(
    (a, b) => a.credentialId - b.credentialId || a.awardYear - b.awardYear || a.rank - b.rank,
  );
}

/** The state's blocks as JSON. */
export const blocksToJson = (readings: BlockReadings): string =>
  JSON.stringify(
    [...readings].map(([block, { version, reading, years }]) => [
      block,
      version,
      reading,
      ...(years ?? []),
    ]),
  );

function blocksFromJson(json: string): BlockReadings {
  const rows = JSON.parse(json) as Array<[number, number, string, number?, number?]>;
  if (!Array.isArray(rows)) throw new Error('A stored insights state has no list of blocks');
  return new Map(
    rows.map(([block, version, reading, least, most]) => [
      block,
      {
        version,
        reading,
        ...(least === undefined || most === undefined ? {} : { years: [least, most] as const }),
      },
    ]),
  );
}

/** The state a rebuild that read everything (by blocks) stores: its cells summed, its windows. */
export function stateOfFullReading(
  basis: string,
  readings: BlockReadings,
  cells: readonly CountedCell[],
  windows: ReadonlyMap<string, RankWindow>,
): InsightStateToStore {
  const sums: CellSums = new Map();
  addCells(sums, cells, 1);
  return {
    basis,
    blocks: blocksToJson(readings),
    cells: cellsToJson(cellsOfSums(sums) ?? []),
    windows: windowParts(windows),
    stored: [],
    gone: [],
    after: null,
  };
}

/** How a rebuild counts from the state: by blocks, with windows this wide. */
export type StateCounting = BlockCounting & {
  windowSizes: WindowSizes;
  /** Once the changed blocks are known, before any is read: the awards they hold. */
  onStart: (awardsToRead: number) => Promise<void>;
};

export interface UpdatedInsights {
  aggregates: CohortAggregate[];
  summaries: CredentialSummary[];
  awards: number;
  awardsRead: number;
  /** Samples whose ranks had left their windows, selected again from every block's wages. */
  refilled: number;
  state: InsightStateToStore;
}

/**
 * The figures from the stored state and the blocks changed since, or why they need every award
 * read (see the head of this file).
 */
export async function updateFromState(
  repository: InsightsRepository,
  countAwards: CountAwards,
  counting: StateCounting,
  state: StoredInsightState,
): Promise<UpdatedInsights | { fallback: string }> {
  const { organizationId, basis, asOfYear } = counting;
  if (state.basis !== basis) return { fallback: 'counted on another basis' };
  if (state.windows === null) return { fallback: 'the stored windows of ranks miss a part' };
  const added = blocksFromJson(state.blocks);
  const ids = await repository.awardIds(organizationId);
  const range = ids ? { from: blockOf(ids.first), to: blockOf(ids.last) } : { from: 0, to: -1 };
  // The versions before any block is read (./block-counting.ts says why).
  const versions = await repository.blockVersions(range.from, range.to);
  const readings: BlockReadings = new Map(added);
  // Blocks changed (another organization's awards in them count too) that held and hold none of
  // this organization's awards need no reading.
  const changed: number[] = [];
  for (let block = range.from; block <= range.to; block += 1) {
    const version = versions.get(block) ?? 0;
    const was = added.get(block);
    if (was?.version === version) continue;
    const { from, to } = idsOfBlock(block);
    if (
      (was?.reading ?? NO_AWARDS) === NO_AWARDS &&
      !(await repository.hasAwardsIn(organizationId, from, to))
    )
      readings.set(block, { version, reading: NO_AWARDS });
    else changed.push(block);
  }
  const gone = [...added.keys()].filter((block) => block < range.from || block > range.to);
  for (const block of gone) readings.delete(block);
  const goneWithAwards = gone.filter((block) => added.get(block)!.reading !== NO_AWARDS);
  if (changed.length + goneWithAwards.length > CHANGED_BLOCKS_AT_MOST)
    return { fallback: `${changed.length + goneWithAwards.length} blocks changed` };

  // The progress is of these awards (not the organization's: its estimate would be of them).
  let awardsToRead = 0;
  for (const block of changed) {
    const { from, to } = idsOfBlock(block);
    awardsToRead += await repository.awardsIn(organizationId, from, to);
  }
  await counting.onStart(awardsToRead);

  const sums: CellSums = new Map();
  addCells(sums, cellsFromJson(state.cells), 1);
  let windows = windowsOfParts(state.windows);
  const stored: Array<{ block: number } & StoredBlock> = [];
  let awardsRead = 0;
  const emptied: number[] = [];
  /** The blocks counted now, as counted (for `refill`). */
  const fresh = new Map<number, BlockCounted>();
  for (const block of [...changed, ...goneWithAwards]) {
    // What the state added up of the block: its stored counting, by the same reading.
    const was = added.get(block);
    let before = null;
    if (was && was.reading !== NO_AWARDS) {
      const row = await repository.block(organizationId, block);
      if (!row || row.reading !== was.reading || row.version !== was.version || row.basis !== basis)
        return { fallback: `block ${block} is not the one the state adds up` };
      before = unpackBlock(row, counting.dollarsOfYear);
      addCells(sums, before.cells, -1);
    }
    if (gone.includes(block)) {
      windows = shiftWindows(windows, before ? [before] : [], [], asOfYear, counting.windowSizes);
      continue;
    }
    const version = versions.get(block) ?? 0;
    const now = await countBlock(repository, countAwards, counting, block, {
      wholeLater: null,
      onProgress: (awards) => counting.onProgress(awardsRead + awards),
    });
    awardsRead += now.awards;
    addCells(sums, now.cells, 1);
    windows = shiftWindows(windows, before ? [before] : [], [now], asOfYear, counting.windowSizes);
    if (now.awards === 0) {
      readings.set(block, { version, reading: NO_AWARDS });
      emptied.push(block);
      continue;
    }
    const reading = randomUUID();
    const years = yearsOf(now.cells);
    readings.set(block, { version, reading, ...(years ? { years } : {}) });
    fresh.set(block, now);
    stored.push({ block, ...packBlock(now, counting.dollarsOfYear), version, basis, reading });
  }

  letGoOfBlockRoom();
  const cells = cellsOfSums(sums);
  if (cells === null) return { fallback: 'the summed cells do not add up' };
  const selection = fromWindows(windows, counting.windowSizes, (requests) =>
    refill(requests, cells),
  );
  let built: { aggregates: CohortAggregate[]; summaries: CredentialSummary[] };
  try {
    const credentialIds = [...new Set(cells.map((c) => c.credentialId))].sort((a, b) => a - b);
    built =
      cells.length === 0
        ? { aggregates: [], summaries: [] }
        : await buildCohorts(cells, credentialIds, asOfYear, selection.select);
  } catch (error) {
    if (error instanceof WindowsExhaustedError) return { fallback: error.message };
    throw error;
  }
  return {
    ...built,
    awards: cells.reduce((n, cell) => n + cell.counts.awards, 0),
    awardsRead,
    refilled: selection.refilled(),
    state: {
      basis,
      blocks: blocksToJson(readings),
      cells: cellsToJson(cells),
      windows: windowParts(selection.used),
      stored,
      gone: [...gone, ...emptied],
      after: state.generation,
    },
  };

  /**
   * The samples whose ranks left their windows, selected from the wages of every block the sums
   * add up (read back one at a time, only the wages of those samples written out) and their new
   * windows; null when a stored block is not the one the state adds up or the blocks do not give
   * the samples' sizes.
   */
  async function refill(requests: RankRequest[], cells: readonly CountedCell[]) {
    const index = new Map(cells.map((cell, i) => [keyOf(cell), i]));
    const wanted = Array.from({ length: SERIES }, () => new Set<number>());
    for (const request of requests)
      for (const s of request.series) for (const cell of request.cells) wanted[s]!.add(cell);
    // The award years of those samples' cells: a block whose cells are all of other years holds
    // none of their wages and is not read.
    const years = new Set<number>();
    for (const request of requests)
      for (const cell of request.cells) years.add(cells[cell]!.awardYear);
    const holds = (range: readonly [number, number] | undefined) =>
      range === undefined || [...years].some((year) => year >= range[0] && year <= range[1]);
    const spill = createWageSpill(counting.directory, 'refill');
    try {
      for (const [block, { reading, years: range }] of readings) {
        if (reading === NO_AWARDS || !holds(range)) continue;
        let counted = fresh.get(block);
        if (!counted) {
          const row = await repository.block(organizationId, block);
          if (row?.reading !== reading) return null;
          counted = unpackBlock(row, counting.dollarsOfYear);
        }
        const ids = counted.cells.map((cell) => index.get(keyOf(cell)) ?? -1);
        for (let s = 0; s < SERIES; s += 1) {
          const into = wanted[s]!;
          if (into.size === 0) continue;
          const of = counted.wages.cells[s]!;
          const values = counted.wages.values[s]!;
          for (let j = 0; j < values.length; j += 1) {
            const cell = ids[of[j]!]!;
            if (cell >= 0 && into.has(cell)) spill.push(s, cell, values[j]!);
          }
        }
        await counting.onProgress(awardsRead);
      }
      const spilled = { ...spill.finish(), cellOffset: 0 };
      const keeping = keepingWindows(
        (asked) => selectRanks([spilled], asked, () => counting.onProgress(awardsRead)),
        counting.windowSizes,
      );
      try {
        return { values: await keeping.select(requests), windows: keeping.windows };
      } catch (error) {
        // The blocks did not give a sample's size: everything is read again.
        if (error instanceof Error && /An insights sample counted/.test(error.message)) return null;
        throw error;
      }
    } finally {
      spill.abandon();
    }
  }
}
