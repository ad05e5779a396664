import { describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { clearYears, newReadAward } from './award-facts.ts';
import { createInsightsBuilder } from './insights-builder.ts';
import { type BlockWages, blockFactors, packWages, unpackWages } from './insight-blocks.ts';
import { unpackYears } from './packed-award-reading.ts';
import { INCREASES, SERIES } from './spilled-wages.ts';

const AS_OF = 2025;
const DOLLARS = 2024;

/** Each cell's values of each series, in the order they were given. */
const byCell = (wages: BlockWages) =>
  wages.values.map((values, s) => {
    const lists = new Map<number, number[]>();
    wages.cells[s]!.forEach((cell, j) => lists.set(cell, [...(lists.get(cell) ?? []), values[j]!]));
    return [...lists].sort(([a], [b]) => a - b);
  });

/**
 * What a builder of one block counts of `awards` random awards, each with the years of its
 * packed text (as the database packs them: year, letter, wage): mostly whole cents, and `odd` of
 * them wages of other text.
 */
function countedBlock(awards: number, odd: string[] = []) {
  const random = createRandom(11);
  const builder = createInsightsBuilder({
    asOfYear: AS_OF,
    dollarsOfYear: DOLLARS,
    inMemory: true,
  });
  const award = newReadAward();
  try {
    for (let id = 1; id <= awards; id += 1) {
      award.id = id;
      award.credentialId = random.int(1, 4);
      award.awardYear = random.int(2012, 2022);
      award.matchStatus = 'MATCHED';
      const years: string[] = [];
      for (let year = award.awardYear - 5; year <= award.awardYear + 5; year += 1) {
        if (random.next() < 0.1) continue;
        const cents = random.int(1_508_000, 12_000_000);
        const wage =
          odd.length > 0 && random.next() < 0.01
            ? random.pick(odd)
            : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        years.push(`${year}h${wage}`);
      }
      unpackYears(award, years.join(','), AS_OF, 15_080);
      builder.addRead(award, false);
      clearYears(award);
    }
    return builder.counted();
  } finally {
    builder.dispose();
  }
}

describe('packWages', () => {
  it('gives back the very doubles a block counted, its wages as cents and no increases', () => {
    const { cells, wages } = countedBlock(3_000);
    const factors = blockFactors(cells, DOLLARS);
    const packed = packWages(wages, factors);
    expect(byCell(unpackWages(packed, factors))).toEqual(byCell(wages));
    // 4 bytes a wage (and at most 4 of padding a series), none an increase, 8 a run of cells, and
    // the header: well under half the doubles.
    const total = wages.values.reduce((sum, values) => sum + values.length, 0);
    const increases = wages.values[INCREASES]!.length;
    const runs = wages.cells.reduce((sum, of) => sum + new Set(of).size, 0);
    expect(increases).toBeGreaterThan(1_000);
    expect(packed.length).toBeLessThanOrEqual(
      4 * (total - increases) + 4 * SERIES + 8 * runs + 4 * (3 * SERIES + 2),
    );
    expect(packed.length).toBeLessThan(0.5 * 8 * total);
  });

  it('keeps as doubles a series with a wage of other text, and still gives back each', () => {
    const odd = ['40000.125', '123456.789', '21474836.48', '30000000', '1e7'];
    const { cells, wages } = countedBlock(3_000, odd);
    const factors = blockFactors(cells, DOLLARS);
    const packed = packWages(wages, factors);
    expect(byCell(unpackWages(packed, factors))).toEqual(byCell(wages));
    const whole = countedBlock(3_000);
    expect(packed.length).toBeGreaterThan(
      packWages(whole.wages, blockFactors(whole.cells, DOLLARS)).length,
    );
  });

  it('gives back any doubles: −0, fractions of a cent, beyond 32 bits of cents', () => {
    const random = createRandom(3);
    const cells = Array.from({ length: 521 }, () => ({ awardYear: random.int(2010, 2024) }));
    const wages: BlockWages = { cells: [], values: [] };
    for (let s = 0; s < SERIES; s += 1) {
      // Series 7 is empty; the others' cells come in any order, some with one wage.
      const n = s === 7 ? 0 : random.int(8_000, 16_000);
      wages.cells.push(Uint32Array.from({ length: n }, () => random.int(0, 520)));
      wages.values.push(
        Float64Array.from({ length: n }, () =>
          random.pick([41_000, -12.5, 0, -0, 1e21, 21_474_836.48, random.next() * 90_000]),
        ),
      );
    }
    const factors = blockFactors(cells, DOLLARS);
    // Series 0 all whole cents but one −0 (which as cents would come back as 0).
    const first = wages.values[0]!;
    wages.cells[0]!.forEach((cell, j) => {
      first[j] = (random.int(0, 9_000_000) / 100) * factors(cell, 0)!;
    });
    first[first.length - 1] = -0;
    expect(byCell(unpackWages(packWages(wages, factors), factors))).toEqual(byCell(wages));
  });

  it('refuses bytes of another length than their header says', () => {
    const cells = [{ awardYear: 2015 }, { awardYear: 2016 }, { awardYear: 2017 }];
    const wages: BlockWages = {
      cells: Array.from({ length: SERIES }, () => Uint32Array.of(2, 1, 2)),
      values: Array.from({ length: SERIES }, () => Float64Array.of(1, 2, 3)),
    };
    const factors = blockFactors(cells, DOLLARS);
    const packed = packWages(wages, factors);
    expect(() => unpackWages(packed.subarray(0, packed.length - 8), factors)).toThrow(
      /another length/,
    );
  });
});
