import { describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import {
  kthOfSorted,
  lowerBound,
  quantileBySorting,
  quantileOfSorted,
  ScaledCents,
  type SortedValues,
  upperBound,
} from './percentiles.ts';

const sorted = (values: number[]) => Float64Array.from(values).sort();

describe('order statistics over several sorted arrays', () => {
  it('finds bounds', () => {
    const a = Float64Array.of(1, 2, 2, 2, 5);
    expect(lowerBound(a, 2)).toBe(1);
    expect(upperBound(a, 2)).toBe(4);
    expect(lowerBound(a, 0)).toBe(0);
    expect(upperBound(a, 9)).toBe(5);
  });

  it('selects every k-th element like a sort of the union, with duplicates and empty arrays', () => {
    const random = createRandom(42);
    for (let round = 0; round < 200; round += 1) {
      const arrays: Float64Array[] = [];
      const all: number[] = [];
      const m = 1 + random.int(0, 7);
      for (let i = 0; i < m; i += 1) {
        const length = random.int(0, 40);
        // Few distinct values in some rounds, so that ties are common.
        const spread = round % 3 === 0 ? 5 : 100_000;
        const values = Array.from({ length }, () => Math.round(random.next() * spread) / 4);
        arrays.push(sorted(values));
        all.push(...values);
      }
      const expected = [...all].sort((x, y) => x - y);
      for (let k = 0; k < expected.length; k += 1) {
        expect(kthOfSorted(arrays, k)).toBe(expected[k]);
      }
    }
  });

  it('interpolates quantiles exactly as the naive sort does', () => {
    const random = createRandom(7);
    for (let round = 0; round < 300; round += 1) {
      const arrays: Float64Array[] = [];
      const all: number[] = [];
      for (let i = 0, m = random.int(1, 6); i < m; i += 1) {
        const values = Array.from(
          { length: random.int(0, 25) },
          () => 20_000 + random.next() * 80_000,
        );
        if (round % 4 === 0) values.push(...values.slice(0, 3));
        arrays.push(sorted(values));
        all.push(...values);
      }
      for (const p of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]) {
        expect(quantileOfSorted(arrays, p)).toBe(quantileBySorting(all, p));
      }
    }
  });

  it('uses the inclusive definition', () => {
    expect(quantileOfSorted([Float64Array.of(10, 20, 30, 40)], 0.25)).toBe(17.5);
    expect(quantileOfSorted([Float64Array.of(10, 40), Float64Array.of(20, 30)], 0.5)).toBe(25);
    expect(quantileOfSorted([Float64Array.of(7)], 0.75)).toBe(7);
    expect(quantileOfSorted([new Float64Array(0)], 0.5)).toBeNull();
    expect(() => kthOfSorted([Float64Array.of(1)], 1)).toThrow(RangeError);
  });

  it('reads whole cents times a factor as the doubles they stand for, beside arrays of doubles', () => {
    const random = createRandom(27);
    for (let round = 0; round < 200; round += 1) {
      const arrays: SortedValues[] = [];
      const all: number[] = [];
      for (let i = 0, m = random.int(1, 6); i < m; i += 1) {
        const length = random.int(0, 30);
        if (i % 2 === 0) {
          // One calendar year's wages: whole cents, one real-dollar factor.
          const factor = 0.8 + random.next();
          const cents = Int32Array.from({ length }, () => random.int(1_500_000, 20_000_000));
          // Ties in some rounds.
          if (round % 4 === 0) cents.fill(cents[0] ?? 0, 0, length >> 1);
          cents.sort();
          arrays.push(new ScaledCents(cents, factor));
          for (const c of cents) all.push((c / 100) * factor);
        } else {
          const values = Array.from({ length }, () => 15_000 + random.next() * 90_000);
          arrays.push(sorted(values));
          all.push(...values);
        }
      }
      for (const p of [0, 0.25, 0.5, 0.75, 1]) {
        expect(quantileOfSorted(arrays, p)).toBe(quantileBySorting(all, p));
      }
    }
  });
});
