// Windows of ranks kept around each quantile a rebuild selected (decision record 069): the sorted
// values of a cohort's sample at the ranks near its median or quartile, and how many values lie
// below them. An upload changes a sample by the wages of the blocks read again (those stored
// before are taken out, those counted now put in): each value below the window adds to the count
// below, each within it is put in its place, so the window still holds the sample's values at
// its (shifted) ranks, exactly. While the quantile's ranks stay inside, it is read off without
// reading the organization's other wages; once they leave it, the rebuild reads everything.
import { ranksOf } from './cells.ts';

/** A run of a sample's sorted values: those at ranks `below` … `below + values.length − 1`. */
export interface RankWindow {
  /** How many values the whole sample holds. */
  size: number;
  below: number;
  values: Float64Array;
}

/**
 * A sample of at most this many values is kept whole, in one window for all its quantiles (a
 * small cohort may double with one upload)…
 */
export const WHOLE_AT_MOST = 512;
/** …and stays whole while it holds at most this many. */
export const WHOLE_KEPT_AT_MOST = 2048;
/** The least values kept on each side of a quantile's ranks… */
export const WINDOW_AT_LEAST = 32;

/** How wide windows are kept (the constants above; tests make them narrow). */
export interface WindowSizes {
  atLeast: number;
  wholeAtMost: number;
  wholeKeptAtMost: number;
}
export const WINDOW_SIZES: WindowSizes = {
  atLeast: WINDOW_AT_LEAST,
  wholeAtMost: WHOLE_AT_MOST,
  wholeKeptAtMost: WHOLE_KEPT_AT_MOST,
};
/** …or this share of the sample, when more. */
const WINDOW_SHARE = 1 / 2048;

/** The ranks of a window that holds the whole sample. */
export const wholeSpan = (size: number): { from: number; to: number } => ({
  from: 0,
  to: size - 1,
});

/** The ranks a quantile's window holds in a sample of `size` values: its ranks and `margin` on each side. */
export function windowSpan(
  size: number,
  p: number,
  atLeast = WINDOW_AT_LEAST,
): { from: number; to: number } {
  const margin = Math.max(atLeast, Math.ceil(size * WINDOW_SHARE));
  const ranks = ranksOf(size, p);
  return {
    from: Math.max(0, ranks[0]! - margin),
    to: Math.min(size - 1, ranks[ranks.length - 1]! + margin),
  };
}

/**
 * The window after the sample lost `removed` and gained `added` (each sorted ascending), cut to
 * the span of the new size; null when the change does not fit what the window holds (a value
 * removed within it that it does not hold, more removed below or above than there were).
 */
export function shiftWindow(
  window: RankWindow,
  removed: Float64Array,
  added: Float64Array,
  span: (size: number) => { from: number; to: number },
): RankWindow | null {
  const { values } = window;
  const n = values.length;
  if (n === 0) return null;
  const low = values[0]!;
  const high = values[n - 1]!;
  let below = window.below;
  let above = window.size - window.below - n;
  // The window's values less those removed within it (both sorted: one merge).
  const kept: number[] = [];
  let r = 0;
  for (; r < removed.length && removed[r]! < low; r += 1) below -= 1;
  for (const v of values) {
    if (r < removed.length && removed[r]! <= high && removed[r] === v) r += 1;
    else kept.push(v);
  }
  if (r < removed.length && removed[r]! <= high) return null;
  above -= removed.length - r;
  if (below < 0 || above < 0) return null;
  // Values added below the window count below it, unless nothing is below (then the window
  // starts at the sample's least value and takes them); likewise above.
  const merged: number[] = [];
  let k = 0;
  let a = 0;
  const takeBelow = below === 0;
  const takeAbove = above === 0;
  for (; a < added.length && added[a]! < low; a += 1) {
    if (takeBelow) merged.push(added[a]!);
    else below += 1;
  }
  for (; a < added.length && added[a]! <= high; a += 1) {
    while (k < kept.length && kept[k]! <= added[a]!) merged.push(kept[k++]!);
    merged.push(added[a]!);
  }
  while (k < kept.length) merged.push(kept[k++]!);
  for (; a < added.length; a += 1) {
    if (takeAbove) merged.push(added[a]!);
    else above += 1;
  }
  const size = window.size - removed.length + added.length;
  if (merged.length === 0 || below + merged.length + above !== size) return null;
  // Cut to the span the new size asks (never wider than what is held).
  const { from, to } = span(size);
  const first = Math.max(below, Math.min(from, below + merged.length - 1));
  const last = Math.min(below + merged.length - 1, Math.max(to, first));
  return {
    size,
    below: first,
    values: Float64Array.from(merged.slice(first - below, last - below + 1)),
  };
}

/** The values at `ranks` from the window, or null when one lies outside it. */
export function valuesInWindow(
  window: RankWindow,
  ranks: readonly number[],
): Map<number, number> | null {
  const found = new Map<number, number>();
  for (const rank of ranks) {
    const i = rank - window.below;
    if (i < 0 || i >= window.values.length) return null;
    found.set(rank, window.values[i]!);
  }
  return found;
}

/**
 * The bytes of values a stored part of the windows holds at most, unless one window alone holds
 * more: stored in parts, the windows (some 10 MB at 10 million awards) are never copied whole on
 * their way to the database.
 */
export const WINDOW_PART_BYTES = 1 << 20;

/**
 * The windows in parts of at most `partBytes` of values each (`packWindows` of some of them, in
 * order), each packed only when iterated to, so that storing them holds one part at a time.
 */
export function windowParts(
  windows: ReadonlyMap<string, RankWindow>,
  partBytes = WINDOW_PART_BYTES,
): Iterable<Buffer> {
  return {
    *[Symbol.iterator]() {
      let part = new Map<string, RankWindow>();
      let bytes = 0;
      for (const [key, window] of windows) {
        if (part.size > 0 && bytes + window.values.byteLength > partBytes) {
          yield packWindows(part);
          part = new Map();
          bytes = 0;
        }
        part.set(key, window);
        bytes += window.values.byteLength;
      }
      if (part.size > 0) yield packWindows(part);
    },
  };
}

/** The windows of the parts `windowParts` gave. */
export function windowsOfParts(parts: Iterable<Uint8Array>): Map<string, RankWindow> {
  const windows = new Map<string, RankWindow>();
  for (const part of parts)
    for (const [key, window] of unpackWindows(part)) windows.set(key, window);
  return windows;
}

/** The windows as bytes: a JSON head (keys, sizes, ranks below, lengths), then every value. */
export function packWindows(windows: ReadonlyMap<string, RankWindow>): Buffer {
  const head = JSON.stringify(
    [...windows].map(([key, w]) => [key, w.size, w.below, w.values.length]),
  );
  const headBytes = Buffer.from(head, 'utf8');
  const padded = Math.ceil((8 + headBytes.length) / 8) * 8;
  let total = 0;
  for (const w of windows.values()) total += w.values.length;
  const bytes = Buffer.alloc(padded + 8 * total);
  bytes.writeUInt32LE(headBytes.length, 0);
  headBytes.copy(bytes, 8);
  let offset = padded;
  for (const w of windows.values()) {
    bytes.set(new Uint8Array(w.values.buffer, w.values.byteOffset, w.values.byteLength), offset);
    offset += w.values.byteLength;
  }
  return bytes;
}

/** The windows of `packWindows`' bytes. */
export function unpackWindows(stored: Uint8Array): Map<string, RankWindow> {
  const bytes = new Uint8Array(stored.length);
  bytes.set(stored);
  const view = Buffer.from(bytes.buffer, 0, bytes.length);
  if (bytes.length < 8) throw new Error('The stored windows of insights ranks are cut short');
  const headLength = view.readUInt32LE(0);
  const head = JSON.parse(view.toString('utf8', 8, 8 + headLength)) as Array<
    [string, number, number, number]
  >;
  let offset = Math.ceil((8 + headLength) / 8) * 8;
  const windows = new Map<string, RankWindow>();
  for (const [key, size, below, length] of head) {
    if (offset + 8 * length > bytes.length)
      throw new Error('The stored windows of insights ranks are cut short');
    windows.set(key, { size, below, values: new Float64Array(bytes.buffer, offset, length) });
    offset += 8 * length;
  }
  if (offset !== bytes.length)
    throw new Error(
      'The stored windows of insights ranks have another length than their head says',
    );
  return windows;
}
