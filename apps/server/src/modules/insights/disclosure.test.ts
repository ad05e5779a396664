import { describe, expect, it } from 'vitest';

import { type Grid, protect } from './disclosure.ts';

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
