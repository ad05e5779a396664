// Exact order statistics of samples whose values lie in files (./spilled-wages.ts), in memory that
// does not grow with them (decision record 062): each pass reads the files once and either counts
// every sample's values in 4,096 buckets of its window (a radix selection on the value's place
// between the series' smallest and largest, 12 bits a level), or, once a window holds few enough,
// keeps its values, which are sorted and the ranks read off. Every value returned is one of the
// values written, so a quantile computed from them is the one the sorted values give. A value
// costs one count a pass however many cohorts it belongs to: the first level counts per set of
// cells that feed the same samples and sums the sets of each sample, the deeper ones find their
// windows by the value's bucket and cell.
import { readSeries, SERIES, type SpilledWages } from './spilled-wages.ts';

const BITS = 12;
const BUCKETS = 1 << BITS;
const LEVELS = 4;
/** 2^48: a value's place in [0, 1] scaled to the four levels' 48 bits. */
const SCALE = 2 ** (BITS * LEVELS);
/** A window of at most this many values is kept and sorted rather than counted again. */
const KEEP_AT_MOST = 1 << 12;
/** What one pass may hold: values kept (8 bytes each) and bucket counts (16 KB a window). */
const KEPT_PER_PASS = 1 << 20;
const COUNTED_PER_PASS = 512;

/** Ranks (0-based, ascending) of the values of some cells' series. */
export interface RankRequest {
  /** The series read: every value of these series of these cells. */
  series: readonly number[];
  /** Global cell indices (see `SpilledWages.cellOffset`). */
  cells: readonly number[];
  /** How many values the cells' series hold together. */
  size: number;
  ranks: readonly number[];
  /**
   * Runs of ranks whose every value is wanted too, written into `values` (`values[i]`: the value
   * at rank `from + i`).
   */
  spans?: readonly RankSpan[];
  /** What the asker calls the request (the selection does not read it). */
  label?: string;
  /** The quantiles its ranks are of (the asker's; the selection does not read it). */
  quantiles?: readonly number[];
}

/** The ranks `from` … `to` (inclusive) of a request, and where their values go. */
export interface RankSpan {
  from: number;
  to: number;
  values: Float64Array;
}

const sizesAt = (level: number) => ({
  size: 2 ** (BITS * (LEVELS - level)),
  childSize: 2 ** (BITS * (LEVELS - level - 1)),
});

interface Window {
  request: number;
  /** Level 0: every value; level L: the values whose first 12·L bits of place are `prefix`. */
  level: number;
  prefix: number;
  /** Values of the request below the window. */
  below: number;
  count: number;
  ranks: number[];
  /** The request's spans that meet the window's ranks. */
  spans: RankSpan[];
  /** 2^(12·(4 − level)) and 2^(12·(3 − level)): a place's bucket at this level and the next. */
  size: number;
  childSize: number;
  counts: Uint32Array | null;
  kept: Float64Array | null;
  keptLength: number;
}

/** Requests that read the same series, selected together: a pass reads those series' files. */
export interface RankGroup {
  series: number[];
  /** The requests' indices. */
  indices: number[];
}

/**
 * The groups of requests selected together (those that read the same series; a series read by
 * several groups, a relative year's wages and its paired wages, is read by each), leaving out
 * the requests that ask for nothing.
 */
export function rankGroups(requests: readonly RankRequest[]): RankGroup[] {
  const bySeries = new Map<string, number[]>();
  requests.forEach((request, i) => {
    if (request.size === 0 || (request.ranks.length === 0 && !request.spans?.length)) return;
    const key = [...request.series].sort((a, b) => a - b).join(',');
    bySeries.set(key, [...(bySeries.get(key) ?? []), i]);
  });
  return [...bySeries].map(([key, indices]) => ({ series: key.split(',').map(Number), indices }));
}

/**
 * The values at the requested ranks, by request: `result[i].get(rank)`. Only the requests of
 * `groups` are selected (default: every request); the others' maps stay empty.
 * @example await selectRanks(spills, [{ series: [5], cells: [0, 1], size: 40, ranks: [19, 20] }])
 */
export async function selectRanks(
  spills: readonly SpilledWages[],
  requests: readonly RankRequest[],
  tick: () => Promise<void> = async () => undefined,
  groups: readonly RankGroup[] = rankGroups(requests),
): Promise<Array<Map<number, number>>> {
  const results = requests.map(() => new Map<number, number>());
  let cellCount = 0;
  for (const request of requests)
    for (const cell of request.cells) cellCount = Math.max(cellCount, cell + 1);
  for (const { series, indices } of groups)
    for (let from = 0; from < indices.length; from += COUNTED_PER_PASS)
      await selectGroup(spills, series, requests, indices.slice(from, from + COUNTED_PER_PASS), {
        cellCount,
        results,
        tick,
      });
  return results;
}

async function selectGroup(
  spills: readonly SpilledWages[],
  series: readonly number[],
  requests: readonly RankRequest[],
  indices: readonly number[],
  context: { cellCount: number; results: Array<Map<number, number>>; tick: () => Promise<void> },
): Promise<void> {
  // The place of a value: (v − min) / (max − min), monotone (each step rounds monotonically).
  let min = Infinity;
  let max = -Infinity;
  for (const spill of spills)
    for (const s of series) {
      if (s < 0 || s >= SERIES) throw new RangeError(`No series ${s}`);
      min = Math.min(min, spill.min[s]!);
      max = Math.max(max, spill.max[s]!);
    }
  const range = max - min;
  const finite = Number.isFinite(range) && range > 0;
  const placeOf = (v: number): number =>
    range === 0
      ? 0
      : finite
        ? Math.min(SCALE, ((v - min) / range) * SCALE)
        : // Infinite wages: any monotone map will do, the last level keeps what it cannot tell apart.
          Math.min(SCALE, ((Math.atan(v) + Math.PI / 2) / Math.PI) * SCALE);

  // The cells whose values feed the requests (1) and those that feed none (0).
  const fed = new Uint8Array(context.cellCount);
  for (const i of indices) for (const cell of requests[i]!.cells) fed[cell] = 1;
  // Whether a request's sample holds a cell: `feeds[rowOf[request] * cellCount + cell]` (some
  // 260 KB for 512 requests of 520 cells).
  const cellCount = context.cellCount;
  const rowOf = new Int32Array(requests.length).fill(-1);
  const feeds = new Uint8Array(indices.length * cellCount);
  indices.forEach((i, row) => {
    rowOf[i] = row;
    for (const cell of requests[i]!.cells) feeds[row * cellCount + cell] = 1;
  });
  let open: Window[] = indices.map((request) => ({
    request,
    level: 0,
    prefix: 0,
    below: 0,
    count: requests[request]!.size,
    ranks: [...new Set(requests[request]!.ranks)].sort((a, b) => a - b),
    spans: [...(requests[request]!.spans ?? [])],
    ...sizesAt(0),
    counts: null,
    kept: null,
    keptLength: 0,
  }));
  for (const w of open) {
    const last = w.ranks[w.ranks.length - 1] ?? 0;
    if ((w.ranks[0] ?? 0) < 0 || last >= w.count || !w.ranks.every(Number.isInteger))
      throw new RangeError(`Ranks ${w.ranks.join(', ')} are outside 0…${w.count - 1}`);
    for (const span of w.spans)
      if (span.from < 0 || span.to >= w.count || span.values.length !== span.to - span.from + 1)
        throw new RangeError(`Ranks ${span.from}…${span.to} are outside 0…${w.count - 1}`);
  }

  while (open.length > 0) {
    // This pass's windows: kept when small (or at the last level), counted otherwise, as many as
    // the pass may hold; the rest wait for the next pass.
    let kept = 0;
    let counted = 0;
    const waiting: Window[] = [];
    const now: Window[] = [];
    for (const w of [...open].sort((a, b) => a.count - b.count)) {
      const keep = w.level === LEVELS || w.count <= KEEP_AT_MOST;
      if (keep && (kept + w.count <= KEPT_PER_PASS || kept === 0)) {
        w.kept = new Float64Array(w.count);
        kept += w.count;
      } else if (!keep && counted < COUNTED_PER_PASS) {
        w.counts = new Uint32Array(BUCKETS + 1);
        counted += 1;
      } else {
        waiting.push(w);
        continue;
      }
      now.push(w);
    }
    const pass = passOf(now, requests, context.cellCount);

    // What each value meets: the level-0 windows kept, found by its cell; below level 0, the
    // windows of its place's prefix whose sample holds its cell.
    const { slots, histograms, wholeOf, levels } = pass;
    const feed = (cellOffset: number) =>
      function (cells: Uint32Array, values: Float64Array, n: number) {
        for (let j = 0; j < n; j += 1) {
          const cell = cells[j]! + cellOffset;
          if (fed[cell] === 0) continue;
          const v = values[j]!;
          const place = placeOf(v);
          if (slots !== null) {
            const slot = slots[cell]!;
            if (slot >= 0) histograms![slot * STRIDE + Math.floor(place / WHOLE_CHILD)]! += 1;
          }
          if (wholeOf !== null) {
            const whole = wholeOf[cell];
            if (whole !== undefined)
              for (let k = 0; k < whole.length; k += 1) add(whole[k]!, v, place);
          }
          for (let l = 0; l < levels.length; l += 1) {
            const { size, windows } = levels[l]!;
            const found = windows.get(Math.floor(place / size));
            if (found === undefined) continue;
            for (let k = 0; k < found.length; k += 1) {
              const w = found[k]!;
              if (feeds[rowOf[w.request]! * cellCount + cell] === 1) add(w, v, place);
            }
          }
        }
      };
    for (const spill of spills)
      for (const s of series)
        await readSeries(spill.files[s]!, feed(spill.cellOffset), context.tick);
    pass.sumHistograms();

    open = waiting;
    for (const w of now) {
      if (w.kept !== null) {
        if (w.keptLength !== w.count)
          throw new Error(`An insights sample read ${w.keptLength} values, not ${w.count}`);
        const sorted = w.kept.sort();
        for (const rank of w.ranks) context.results[w.request]!.set(rank, sorted[rank - w.below]!);
        for (const span of w.spans) {
          const from = Math.max(span.from, w.below);
          const to = Math.min(span.to, w.below + w.count - 1);
          if (from <= to)
            span.values.set(sorted.subarray(from - w.below, to - w.below + 1), from - span.from);
        }
        w.kept = null;
        continue;
      }
      // The buckets that hold the ranks become the next level's windows.
      const counts = w.counts!;
      w.counts = null;
      let below = w.below;
      let r = 0;
      const lastSpanned = w.spans.reduce((last, span) => Math.max(last, span.to), -1);
      for (
        let bucket = 0;
        bucket <= BUCKETS && (r < w.ranks.length || below <= lastSpanned);
        bucket += 1
      ) {
        const n = counts[bucket]!;
        const ranks: number[] = [];
        while (r < w.ranks.length && w.ranks[r]! < below + n) ranks.push(w.ranks[r++]!);
        const spans =
          n === 0 ? [] : w.spans.filter((span) => span.from < below + n && span.to >= below);
        if (ranks.length > 0 || spans.length > 0)
          open.push({
            request: w.request,
            level: w.level + 1,
            prefix: w.prefix * BUCKETS + bucket,
            below,
            count: n,
            ranks,
            spans,
            ...sizesAt(w.level + 1),
            counts: null,
            kept: null,
            keptLength: 0,
          });
        below += n;
      }
      if (r < w.ranks.length)
        throw new Error(`An insights sample counted ${below - w.below} values, not ${w.count}`);
    }
  }
}

/** Buckets of a level-0 window's counts, and where a place falls among them. */
const STRIDE = BUCKETS + 1;
const WHOLE_CHILD = sizesAt(0).childSize;
/**
 * Level-0 counts are kept per set of cells that feed the same windows (and summed per request)
 * when there are at most this many sets.
 */
const HISTOGRAMS_AT_MOST = 1024;

/** One value of a window: kept, or counted in the bucket of its place. */
function add(w: Window, v: number, place: number): void {
  if (w.kept !== null) w.kept[w.keptLength++] = v;
  else w.counts![Math.floor(place / w.childSize) - w.prefix * BUCKETS]! += 1;
}

/**
 * How a pass finds the windows a value belongs to. Level-0 windows hold every value of their
 * cells: those counted are counted once per set of cells that feed the same windows (`slots`,
 * `histograms`), then summed for each request, since many requests share a cell (a credential's
 * cohorts and the all-credentials ones); those kept (`wholeOf`) are listed by the cells that feed
 * them. A deeper window holds the values whose place has its prefix: windows are found by
 * prefix, level by level, and a table of the cells each sample holds says which of them take the
 * value, so a value costs a lookup a level rather than a test against every window of every
 * request it feeds.
 */
function passOf(windows: readonly Window[], requests: readonly RankRequest[], cellCount: number) {
  // Cells that feed the same counted level-0 windows (a credential's award years of one pool,
  // say) share one histogram: fewer histograms, which stay in the processor's caches.
  const counted0 = windows.filter((w) => w.level === 0 && w.counts !== null);
  const feedsOf = new Map<number, number[]>();
  counted0.forEach((w, i) => {
    for (const cell of requests[w.request]!.cells) {
      const list = feedsOf.get(cell);
      if (list) list.push(i);
      else feedsOf.set(cell, [i]);
    }
  });
  const slotOf = new Map<string, number>();
  const fedBySlot: number[][] = [];
  const slotOfCell = new Map<number, number>();
  for (const [cell, fed] of feedsOf) {
    const signature = fed.join(',');
    let slot = slotOf.get(signature);
    if (slot === undefined) {
      slot = fedBySlot.length;
      slotOf.set(signature, slot);
      fedBySlot.push(fed);
    }
    slotOfCell.set(cell, slot);
  }
  const histogrammed = fedBySlot.length <= HISTOGRAMS_AT_MOST ? counted0 : [];
  let slots: Int32Array | null = null;
  let histograms: Uint32Array | null = null;
  if (histogrammed.length > 0) {
    slots = new Int32Array(cellCount).fill(-1);
    for (const [cell, slot] of slotOfCell) slots[cell] = slot;
    histograms = new Uint32Array(fedBySlot.length * STRIDE);
  }
  // The level-0 windows kept, by cell; the deeper windows by their prefix.
  let wholeOf: Array<Window[] | undefined> | null = null;
  const byLevel = new Map<number, Map<number, Window[]>>();
  for (const w of windows) {
    if (w.level === 0) {
      if (histogrammed.includes(w)) continue;
      wholeOf ??= new Array<Window[] | undefined>(cellCount);
      for (const cell of requests[w.request]!.cells) (wholeOf[cell] ??= []).push(w);
      continue;
    }
    let byPrefix = byLevel.get(w.size);
    if (!byPrefix) byLevel.set(w.size, (byPrefix = new Map()));
    const found = byPrefix.get(w.prefix);
    if (found) found.push(w);
    else byPrefix.set(w.prefix, [w]);
  }
  return {
    slots,
    histograms,
    wholeOf,
    levels: [...byLevel].map(([size, found]) => ({ size, windows: found })),
    /** Adds each histogram into the counted level-0 windows its cells feed. */
    sumHistograms(): void {
      if (histogrammed.length === 0) return;
      fedBySlot.forEach((fed, slot) => {
        const from = slot * STRIDE;
        for (const i of fed) {
          const counts = histogrammed[i]!.counts!;
          for (let b = 0; b < STRIDE; b += 1) counts[b]! += histograms![from + b]!;
        }
      });
    },
  };
}
