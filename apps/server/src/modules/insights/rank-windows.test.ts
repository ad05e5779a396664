import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  packWindows,
  type RankWindow,
  shiftWindow,
  unpackWindows,
  valuesInWindow,
  windowParts,
  windowsOfParts,
  windowSpan,
} from './rank-windows.ts';

const sorted = (values: readonly number[]) => Float64Array.from(values).sort();

/** The window of `sample` (sorted) at ranks from … to. */
const windowOf = (sample: Float64Array, from: number, to: number): RankWindow => ({
  size: sample.length,
  below: from,
  values: sample.slice(from, to + 1),
});

/** Values with many ties (a few dozen distinct), so that removals and additions meet the edges. */
const value = fc.integer({ min: 0, max: 40 }).map((k) => 30_000 + k * 250.5);

describe('shiftWindow', () => {
  it('holds the values the changed sample has at its ranks, or says it cannot', () => {
    let shifted = 0;
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 120 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.array(value, { maxLength: 30 }),
        fc.constantFrom(0.25, 0.5, 0.75),
        fc.constantFrom(1, 3, 32),
        (values, a, b, removing, added, p, atLeast) => {
          const sample = sorted(values);
          const from = a % sample.length;
          const to = from + (b % (sample.length - from));
          // Values removed: some of the sample's (each at most once).
          const left = [...sample];
          const removed: number[] = [];
          for (const k of removing) {
            if (left.length === 0) break;
            removed.push(...left.splice(k % left.length, 1));
          }
          const after = sorted([...left, ...added]);
          const span = (size: number) => windowSpan(size, p, atLeast);
          const next = shiftWindow(
            windowOf(sample, from, to),
            sorted(removed),
            sorted(added),
            span,
          );
          if (next === null) return;
          shifted += 1;
          expect(next.size).toBe(after.length);
          expect(next.values).toEqual(after.slice(next.below, next.below + next.values.length));
          // Never wider than the span asked.
          const { from: least, to: most } = span(after.length);
          expect(next.below).toBeGreaterThanOrEqual(
            Math.min(least, next.below + next.values.length - 1),
          );
          expect(next.below + next.values.length - 1).toBeLessThanOrEqual(
            Math.max(most, next.below),
          );
        },
      ),
      { numRuns: 2_000 },
    );
    // Most changes fit their window.
    expect(shifted).toBeGreaterThan(1_000);
  });

  it('keeps a window that holds the whole sample whole', () => {
    const sample = sorted([5, 1, 3]);
    const next = shiftWindow(windowOf(sample, 0, 2), sorted([3]), sorted([0, 9]), (size) =>
      windowSpan(size, 0.5),
    );
    expect(next).toEqual({ size: 4, below: 0, values: sorted([0, 1, 5, 9]) });
    expect(valuesInWindow(next!, [1, 2])).toEqual(
      new Map([
        [1, 1],
        [2, 5],
      ]),
    );
  });

  it('refuses to take out a value the window does not hold', () => {
    const sample = sorted([1, 2, 3, 4, 5, 6, 7]);
    const span = (size: number) => windowSpan(size, 0.5, 1);
    expect(shiftWindow(windowOf(sample, 2, 4), sorted([3.5]), sorted([]), span)).toBeNull();
    // More taken out below than there were.
    expect(shiftWindow(windowOf(sample, 2, 4), sorted([0, 0, 0]), sorted([]), span)).toBeNull();
  });
});

describe('valuesInWindow', () => {
  it('answers null for a rank outside the window', () => {
    const window = { size: 10, below: 4, values: sorted([7, 8]) };
    expect(valuesInWindow(window, [4, 5])).toEqual(
      new Map([
        [4, 7],
        [5, 8],
      ]),
    );
    expect(valuesInWindow(window, [3])).toBeNull();
    expect(valuesInWindow(window, [6])).toBeNull();
  });
});

describe('packWindows', () => {
  it('reads back every window, bit for bit', () => {
    const windows = new Map<string, RankWindow>([
      ['0:-1|5|0.5', { size: 1_000, below: 480, values: sorted([0.1 + 0.2, -0, 1e21, 52_000]) }],
      ['3:2019|21|0.5', { size: 1, below: 0, values: sorted([-4.25]) }],
    ]);
    const back = unpackWindows(packWindows(windows));
    expect([...back.keys()]).toEqual([...windows.keys()]);
    for (const [key, window] of windows) {
      const read = back.get(key)!;
      expect(read.size).toBe(window.size);
      expect(read.below).toBe(window.below);
      expect([...read.values].map((v) => (Object.is(v, -0) ? 'minus zero' : v))).toEqual(
        [...window.values].map((v) => (Object.is(v, -0) ? 'minus zero' : v)),
      );
    }
  });

  it('refuses bytes cut short', () => {
    const bytes = packWindows(new Map([['a', { size: 2, below: 0, values: sorted([1, 2]) }]]));
    expect(() => unpackWindows(bytes.subarray(0, bytes.length - 8))).toThrow(/cut short/);
  });
});

describe('windowParts', () => {
  it('packs windows into parts of at most the bytes asked (one window larger alone) that read back as the windows, as often as iterated', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ noNaN: true }), { maxLength: 40 }), { maxLength: 30 }),
        fc.integer({ min: 8, max: 200 }),
        (samples, partBytes) => {
          const windows = new Map<string, RankWindow>(
            samples.map((values, i) => [
              `${i}|0.5`,
              { size: values.length + i, below: i, values: sorted(values) },
            ]),
          );
          const parts = windowParts(windows, partBytes);
          for (const part of parts) {
            const inPart = [...unpackWindows(part).values()];
            const bytes = inPart.reduce((n, window) => n + window.values.byteLength, 0);
            expect(inPart.length === 1 || bytes <= partBytes).toBe(true);
          }
          const back = windowsOfParts(parts);
          expect([...back.keys()]).toEqual([...windows.keys()]);
          for (const [key, window] of windows) {
            const read = back.get(key)!;
            expect([read.size, read.below]).toEqual([window.size, window.below]);
            expect(
              Buffer.from(read.values.buffer, read.values.byteOffset, read.values.byteLength),
            ).toEqual(
              Buffer.from(window.values.buffer, window.values.byteOffset, window.values.byteLength),
            );
          }
        },
      ),
    );
  });
});
