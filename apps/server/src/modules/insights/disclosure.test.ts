import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type Grid, protect, reachesSmall } from './disclosure.ts';

/** One row of cohorts: all years (`all`) made of pools a, b, c; counts by measure. */
function row(counts: Record<string, Record<string, number>>): Grid {
  const cells = new Map(
    Object.entries(counts).map(([key, values], column) => [
      key,
      { row: 1, column, values, published: null },
    ]),
  );
  return {
    rows: [1],
    columns: [...cells.values()].map((c) => c.column),
    cells,
    lines: [{ margin: 'all', parts: ['a', 'b', 'c'] }],
  };
}

describe('protect', () => {
  it('withholds a group of measures together, so that a companion is picked once for all', () => {
    const grid = row({
      a: { x: 5, y: 5 },
      b: { x: 20, y: 20 },
      c: { x: 12, y: 0 },
      all: { x: 37, y: 25 },
    });
    // On their own, x's companion is c (the smallest) and y's is b (c holds no one for y).
    const apart = protect(grid);
    expect([...apart.get('a')!].sort()).toEqual(['x', 'y']);
    expect([...apart.get('b')!].sort()).toEqual(['y']);
    expect([...apart.get('c')!].sort()).toEqual(['x']);
    // Together, every cohort shows both or neither.
    const together = protect(grid, [['x', 'y']]);
    for (const key of ['a', 'b', 'c', 'all']) {
      const hidden = together.get(key)!;
      expect(hidden.has('x'), key).toBe(hidden.has('y'));
    }
    expect([...together.get('b')!].sort()).toEqual(['x', 'y']);
  });

  it('withholds in every cohort of the same people what it withholds in one of them', () => {
    const grid = row({ a: { x: 5 }, b: { x: 20 }, c: { x: 12 }, all: { x: 37 } });
    grid.cells.set('c again', { row: 1, column: 9, values: { x: 12 }, published: null });
    expect(protect(grid).get('c again')!.has('x')).toBe(false);
    grid.same = [['c', 'c again']];
    const hidden = protect(grid);
    expect([hidden.get('c')!.has('x'), hidden.get('c again')!.has('x')]).toEqual([true, true]);
  });
});

describe('reachesSmall', () => {
  /** The subset-sum by the definition: every sum of some of the values, one by one. */
  function bySums(start: number, values: readonly number[]): boolean {
    let sums = new Set([0]);
    for (const v of values) sums = new Set([...sums, ...[...sums].map((s) => s + v)]);
    return [...sums].some((s) => start + s >= 1 && start + s <= 9);
  }

  it('answers as the sums of every subset do, whatever the sign and size of the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -300, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 10 }),
        (start, values) => {
          expect(reachesSmall(start, values)).toBe(bySums(start, values));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds a sum across words of the bitset, from a start far below zero', () => {
    // −100,000 + 99,990 + 13 = 3; the values alone, or without the 13, miss 1–9.
    expect(reachesSmall(-100_000, [99_990, 13, 40_000])).toBe(true);
    expect(reachesSmall(-100_000, [99_990, 40_000])).toBe(false);
    expect(reachesSmall(-100_000, [33, 99_950, 7])).toBe(false);
    expect(reachesSmall(-100_000, [33, 99_950, 18])).toBe(true);
  });
});
