// How a rebuild selects its cohorts' medians and quartiles with windows of ranks (decision record
// 069, ./rank-windows.ts): a rebuild that reads every wage keeps, beside each value it selects,
// the window around it; one that reads only the blocks that changed shifts the stored windows by
// what those blocks held before and hold now, and reads the values off them.
import { type CountedCell, kindsOfSeries, ranksOf } from './cells.ts';
import { cohortsOfCell, requestLabel } from './cohorts.ts';
import type { BlockWages } from './insight-blocks.ts';
import type { RankRequest, RankSpan } from './order-statistics.ts';
import {
  type RankWindow,
  shiftWindow,
  valuesInWindow,
  wholeSpan,
  WINDOW_SIZES,
  type WindowSizes,
  windowSpan,
} from './rank-windows.ts';
import { SERIES } from './spilled-wages.ts';

type Select = (requests: RankRequest[]) => Promise<Array<Map<number, number>>>;

/** A window was missing or its ranks left it: the figures need every wage read. */
export class WindowsExhaustedError extends Error {
  constructor(label: string) {
    super(`The window of ranks of ${label} does not hold the ranks asked`);
  }
}

/** A quantile's window, or (`p` null) the window of the whole sample. */
const windowKey = (label: string, p: number | null) => `${label}|${p ?? WHOLE}`;
const WHOLE = 'whole';

/**
 * A selection that also selects the window of each quantile asked (when the request says its
 * label and quantiles), and the windows it kept.
 */
export function keepingWindows(
  select: Select,
  sizes: WindowSizes = WINDOW_SIZES,
): { select: Select; windows: Map<string, RankWindow> } {
  const windows = new Map<string, RankWindow>();
  return {
    windows,
    async select(requests) {
      const kept: Array<{ key: string; size: number; span: RankSpan }> = [];
      const withSpans = requests.map((request) => {
        const { label, quantiles } = request;
        if (label === undefined || quantiles === undefined || request.size === 0) return request;
        const spans = (request.size <= sizes.wholeAtMost ? [null] : quantiles).map((p) => {
          const { from, to } =
            p === null ? wholeSpan(request.size) : windowSpan(request.size, p, sizes.atLeast);
          const span = { from, to, values: new Float64Array(to - from + 1) };
          kept.push({ key: windowKey(label, p), size: request.size, span });
          return span;
        });
        return { ...request, spans };
      });
      const values = await select(withSpans);
      for (const { key, size, span } of kept)
        windows.set(key, { size, below: span.from, values: span.values });
      return values;
    },
  };
}

/** Selects the samples whose windows did not hold their ranks, keeping new windows; null: cannot. */
export type Refill = (
  requests: RankRequest[],
) => Promise<{ values: Array<Map<number, number>>; windows: Map<string, RankWindow> } | null>;

/**
 * A selection that reads every value off `windows`, and the windows it read (the windows to keep).
 * The samples whose window is missing or does not hold a rank asked are selected by `refill`; it
 * throws `WindowsExhaustedError` when there is none or it cannot.
 */
export function fromWindows(
  windows: ReadonlyMap<string, RankWindow>,
  sizes: WindowSizes = WINDOW_SIZES,
  refill: Refill = async () => null,
): {
  select: Select;
  used: Map<string, RankWindow>;
  /** How many samples were selected again by `refill`. */
  refilled: () => number;
} {
  const used = new Map<string, RankWindow>();
  let refilled = 0;
  return {
    used,
    refilled: () => refilled,
    async select(requests) {
      const results: Array<Map<number, number>> = [];
      const missing: number[] = [];
      requests.forEach((request, i) => {
        const read = readOff(request);
        if (read === null) missing.push(i);
        else {
          results[i] = read.found;
          for (const [key, window] of read.keep) used.set(key, window);
        }
      });
      if (missing.length > 0) {
        const again = await refill(missing.map((i) => requests[i]!));
        if (again === null)
          throw new WindowsExhaustedError(
            missing.map((i) => requests[i]!.label ?? 'a request without a label').join(', '),
          );
        missing.forEach((i, j) => {
          results[i] = again.values[j]!;
        });
        for (const [key, window] of again.windows) used.set(key, window);
        refilled += missing.length;
      }
      return results;
    },
  };

  /** A sample's values read off its windows, and the windows to keep; null: they do not hold them. */
  function readOff(
    request: RankRequest,
  ): { found: Map<number, number>; keep: Map<string, RankWindow> } | null {
    const { label, quantiles } = request;
    if (label === undefined || quantiles === undefined) return null;
    const used = new Map<string, RankWindow>();
    const found = new Map<number, number>();
    const whole = windows.get(windowKey(label, null));
    if (whole?.size === request.size) {
      for (const p of quantiles)
        for (const [rank, value] of valuesInWindow(whole, ranksOf(request.size, p))!)
          found.set(rank, value);
      // Kept whole while small; once grown, as the windows of its quantiles.
      if (whole.size <= sizes.wholeKeptAtMost) used.set(windowKey(label, null), whole);
      else
        for (const p of quantiles) {
          const { from, to } = windowSpan(whole.size, p, sizes.atLeast);
          const values = whole.values.slice(from, to + 1);
          used.set(windowKey(label, p), { size: whole.size, below: from, values });
        }
      return { found, keep: used };
    }
    for (const p of quantiles) {
      const key = windowKey(label, p);
      const window = windows.get(key);
      const values =
        window?.size === request.size ? valuesInWindow(window, ranksOf(request.size, p)) : null;
      if (!values) return null;
      for (const [rank, value] of values) found.set(rank, value);
      used.set(key, window!);
    }
    return { found, keep: used };
  }
}

/** What a block held before it was read again, or holds now. */
export interface BlockCounted {
  cells: readonly CountedCell[];
  wages: BlockWages;
}

/**
 * The windows after the blocks `before` were taken out and `after` put in; a window whose change
 * does not fit it is left out (its cohort's figures then need every wage read).
 */
export function shiftWindows(
  windows: ReadonlyMap<string, RankWindow>,
  before: readonly BlockCounted[],
  after: readonly BlockCounted[],
  asOfYear: number,
  sizes: WindowSizes = WINDOW_SIZES,
): Map<string, RankWindow> {
  // The quantiles kept of each label (null: the whole sample).
  const quantiles = new Map<string, Array<number | null>>();
  for (const key of windows.keys()) {
    const cut = key.lastIndexOf('|');
    const label = key.slice(0, cut);
    const p = key.slice(cut + 1) === WHOLE ? null : Number(key.slice(cut + 1));
    quantiles.set(label, [...(quantiles.get(label) ?? []), p]);
  }
  const removed = valuesByLabel(before, quantiles, asOfYear);
  const added = valuesByLabel(after, quantiles, asOfYear);
  const none = new Float64Array(0);
  const shifted = new Map<string, RankWindow>();
  for (const [label, ps] of quantiles) {
    const out = removed.get(label)?.sort() ?? none;
    const into = added.get(label)?.sort() ?? none;
    for (const p of ps) {
      const key = windowKey(label, p);
      const window = windows.get(key)!;
      const next =
        out.length === 0 && into.length === 0
          ? window
          : shiftWindow(window, out, into, (size) =>
              p === null ? wholeSpan(size) : windowSpan(size, p, sizes.atLeast),
            );
      if (next) shifted.set(key, next);
    }
  }
  return shifted;
}

/** The values the blocks give each label that has windows. */
function valuesByLabel(
  blocks: readonly BlockCounted[],
  quantiles: ReadonlyMap<string, unknown[]>,
  asOfYear: number,
): Map<string, Float64Array> {
  const lists = new Map<string, number[]>();
  for (const { cells, wages } of blocks) {
    const cohorts = cells.map((cell) => cohortsOfCell(cell, asOfYear));
    for (let s = 0; s < SERIES; s += 1) {
      const kinds = kindsOfSeries[s]!;
      // The lists of each cell of the block for this series, found once.
      const targets = cohorts.map((names) => {
        const found: number[][] = [];
        for (const cohort of names)
          for (const kind of kinds) {
            const label = requestLabel(cohort, kind);
            if (!quantiles.has(label)) continue;
            let list = lists.get(label);
            if (!list) lists.set(label, (list = []));
            found.push(list);
          }
        return found;
      });
      const cellsOf = wages.cells[s]!;
      const values = wages.values[s]!;
      for (let j = 0; j < values.length; j += 1)
        for (const list of targets[cellsOf[j]!]!) list.push(values[j]!);
    }
  }
  return new Map([...lists].map(([label, list]) => [label, Float64Array.from(list)]));
}
