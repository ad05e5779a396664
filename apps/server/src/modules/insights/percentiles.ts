// Exact order statistics over several ascending arrays without merging them: the insight
// aggregates keep one sorted array per award year and answer every award-year range from them.

/**
 * An ascending array of numbers as the order statistics read it: a Float64Array, or values kept
 * in another form (`ScaledCents`) and computed where they are read.
 */
export interface SortedValues {
  readonly length: number;
  at(index: number): number | undefined;
}

/**
 * Ascending whole cents, each read as the double (cents / 100) × factor: with a positive factor
 * that keeps their order, in half the memory of the doubles.
 */
export class ScaledCents implements SortedValues {
  readonly cents: Int32Array;
  readonly factor: number;
  constructor(cents: Int32Array, factor: number) {
    this.cents = cents;
    this.factor = factor;
  }
  get length(): number {
    return this.cents.length;
  }
  at(index: number): number {
    return (this.cents[index]! / 100) * this.factor;
  }
}

/** First index in `a[lo, hi)` whose value is ≥ `value`. */
export function lowerBound(a: SortedValues, value: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a.at(mid)! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `a[lo, hi)` whose value is > `value`. */
export function upperBound(a: SortedValues, value: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a.at(mid)! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The k-th smallest value (0-based) of the union of ascending arrays, exactly.
 * Each step takes the middle of the widest remaining window as a pivot and narrows every window
 * by binary search, so the widest window at least halves: O(m · log n) steps of m searches.
 * @example kthOfSorted([Float64Array.of(1, 4), Float64Array.of(2, 3)], 2) // 3
 */
export function kthOfSorted(arrays: readonly SortedValues[], k: number): number {
  const m = arrays.length;
  const lo = new Int32Array(m);
  const hi = new Int32Array(m);
  let total = 0;
  for (let i = 0; i < m; i += 1) {
    hi[i] = arrays[i]!.length;
    total += hi[i]!;
  }
  if (!Number.isInteger(k) || k < 0 || k >= total) {
    throw new RangeError(`k = ${k} is outside 0..${total - 1}`);
  }
  const less = new Int32Array(m);
  const lessOrEqual = new Int32Array(m);
  let below = 0; // values known to be smaller than every value left in the windows
  for (;;) {
    let widest = -1;
    let width = 0;
    for (let i = 0; i < m; i += 1) {
      const w = hi[i]! - lo[i]!;
      if (w > width) {
        width = w;
        widest = i;
      }
    }
    const pivot = arrays[widest]!.at((lo[widest]! + hi[widest]!) >>> 1)!;
    let countLess = 0;
    let countLessOrEqual = 0;
    for (let i = 0; i < m; i += 1) {
      const a = arrays[i]!;
      const l = lowerBound(a, pivot, lo[i], hi[i]);
      const u = upperBound(a, pivot, l, hi[i]);
      less[i] = l;
      lessOrEqual[i] = u;
      countLess += l - lo[i]!;
      countLessOrEqual += u - lo[i]!;
    }
    if (k < below + countLess) {
      for (let i = 0; i < m; i += 1) hi[i] = less[i]!;
    } else if (k < below + countLessOrEqual) {
      return pivot;
    } else {
      below += countLessOrEqual;
      for (let i = 0; i < m; i += 1) lo[i] = lessOrEqual[i]!;
    }
  }
}

/** The smallest value of the union that is greater than `value`, or undefined. */
function nextAbove(arrays: readonly SortedValues[], value: number): number | undefined {
  let best: number | undefined;
  for (const a of arrays) {
    const i = upperBound(a, value);
    if (i < a.length && (best === undefined || a.at(i)! < best)) best = a.at(i)!;
  }
  return best;
}

/** How many values ≤ `value` the arrays hold together. */
function countAtMost(arrays: readonly SortedValues[], value: number): number {
  let n = 0;
  for (const a of arrays) n += upperBound(a, value);
  return n;
}

/**
 * The p-quantile (0 ≤ p ≤ 1) of the union of ascending arrays by linear interpolation between
 * closest ranks, the "inclusive" definition: h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
 * Returns null when the arrays are empty.
 * @example quantileOfSorted([Float64Array.of(10, 20, 30, 40)], 0.25) // 17.5
 */
export function quantileOfSorted(arrays: readonly SortedValues[], p: number): number | null {
  const present = arrays.filter((a) => a.length > 0);
  let n = 0;
  for (const a of present) n += a.length;
  if (n === 0) return null;
  const h = (n - 1) * p;
  const k = Math.floor(h);
  const fraction = h - k;
  if (present.length === 1) {
    const a = present[0]!;
    const low = a.at(k)!;
    return fraction === 0 ? low : low + fraction * (a.at(k + 1)! - low);
  }
  const low = kthOfSorted(present, k);
  if (fraction === 0) return low;
  // The next order statistic is the same value again when it repeats, else the next larger one.
  const high = countAtMost(present, low) > k + 1 ? low : nextAbove(present, low)!;
  return low + fraction * (high - low);
}

/** Quantile of one unsorted list, by sorting a copy; the reference the fast path is tested against. */
export function quantileBySorting(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const k = Math.floor(h);
  const fraction = h - k;
  return fraction === 0 ? sorted[k]! : sorted[k]! + fraction * (sorted[k + 1]! - sorted[k]!);
}
