import { describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { type BlockWages, packWages, unpackWages } from './insight-blocks.ts';
import { SERIES } from './spilled-wages.ts';

/** Each cell's values of each series, in the order they were given. */
const byCell = (wages: BlockWages) =>
  wages.values.map((values, s) => {
    const lists = new Map<number, number[]>();
    wages.cells[s]!.forEach((cell, j) => lists.set(cell, [...(lists.get(cell) ?? []), values[j]!]));
    return [...lists].sort(([a], [b]) => a - b);
  });

describe('packWages', () => {
  it('gives back every cell’s wages of every series, in their order, from fewer bytes', () => {
    const random = createRandom(3);
    const wages: BlockWages = { cells: [], values: [] };
    for (let s = 0; s < SERIES; s += 1) {
      // Series 7 is empty; the others' cells come in any order, some with one wage.
      const n = s === 7 ? 0 : random.int(8_000, 16_000);
      wages.cells.push(Uint32Array.from({ length: n }, () => random.int(0, 520)));
      wages.values.push(
        Float64Array.from({ length: n }, () =>
          random.pick([41_000, -12.5, 0, 1e21, random.next() * 90_000]),
        ),
      );
    }
    const packed = packWages(wages);
    const unpacked = unpackWages(packed);
    expect(byCell(unpacked)).toEqual(byCell(wages));
    const total = wages.values.reduce((sum, values) => sum + values.length, 0);
    expect(packed.length).toBeLessThan(12 * total * 0.75);
  });

  it('refuses bytes of another length than their header says', () => {
    const wages: BlockWages = {
      cells: Array.from({ length: SERIES }, () => Uint32Array.of(2, 1, 2)),
      values: Array.from({ length: SERIES }, () => Float64Array.of(1, 2, 3)),
    };
    const packed = packWages(wages);
    expect(() => unpackWages(packed.subarray(0, packed.length - 8))).toThrow(/another length/);
  });
});
