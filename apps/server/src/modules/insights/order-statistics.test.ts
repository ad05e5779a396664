import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { selectRanks } from './order-statistics.ts';
import { createWageSpill, SERIES, type SpilledWages } from './spilled-wages.ts';

const directory = mkdtempSync(join(tmpdir(), 'laurel-order-statistics-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('selectRanks', () => {
  it(
    'reads every rank a sort of the cells’ values gives, across files, series and builders',
    { timeout: 60_000 },
    async () => {
      const random = createRandom(41);
      // Two builders' files; values with many ties, negatives, zero, far-out ones and one sample
      // large enough to be counted in buckets over several passes.
      const values = new Map<string, number[]>();
      const spills: SpilledWages[] = [];
      let cellOffset = 0;
      for (const [prefix, cells] of [
        ['a', 6],
        ['b', 4],
      ] as const) {
        const spill = createWageSpill(directory, prefix);
        for (let cell = 0; cell < cells; cell += 1) {
          const n = cell === 0 && prefix === 'a' ? 150_000 : random.int(0, 3_000);
          for (let i = 0; i < n; i += 1) {
            const series = n > 100_000 ? 0 : random.int(0, 2);
            const u = random.next();
            const v =
              u < 0.3
                ? 52_000
                : u < 0.35
                  ? -random.int(0, 500) / 7
                  : u < 0.36
                    ? random.pick([0, 1e21, 21_474_836.48, 0.1 + 0.2])
                    : Math.round(random.next() * 90_000_00) / 100 + 1e-9 * random.int(0, 3);
            spill.push(series, cell, v);
            const key = `${cellOffset + cell}:${series}`;
            let list = values.get(key);
            if (!list) values.set(key, (list = []));
            list.push(v);
          }
        }
        spills.push({ ...spill.finish(), cellOffset });
        cellOffset += cells;
      }
      const requests = [
        { series: [0], cells: [0, 1, 2, 6, 7] },
        { series: [0, 1], cells: [0, 3, 9] },
        { series: [2], cells: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
        { series: [1], cells: [5] },
        { series: [SERIES - 1], cells: [0] },
      ].map(({ series, cells }) => {
        const all = cells.flatMap((c) => series.flatMap((s) => values.get(`${c}:${s}`) ?? []));
        const sorted = Float64Array.from(all).sort();
        const ranks =
          sorted.length === 0
            ? []
            : [
                0,
                sorted.length - 1,
                ...Array.from({ length: 12 }, () => random.int(0, sorted.length - 1)),
              ];
        // Runs of ranks too: at both ends, and one across the middle wider than a kept window.
        const n = sorted.length;
        const spans = (
          n === 0
            ? []
            : [
                [0, 2],
                [n - 3, n - 1],
                [n >> 2, (n >> 2) + 5_000],
              ]
        )
          .map(([from, to]) => [Math.max(0, from!), Math.min(n - 1, to!)] as const)
          .map(([from, to]) => ({ from, to, values: new Float64Array(to - from + 1) }));
        return { series, cells, size: n, ranks, sorted, spans };
      });
      const selected = await selectRanks(spills, requests);
      for (const [i, request] of requests.entries()) {
        for (const rank of request.ranks)
          expect(
            Object.is(selected[i]!.get(rank), request.sorted[rank]),
            `request ${i}, rank ${rank}`,
          ).toBe(true);
        for (const span of request.spans)
          expect(span.values, `request ${i}, ranks ${span.from}…${span.to}`).toEqual(
            request.sorted.slice(span.from, span.to + 1),
          );
      }
      expect(requests[0]!.size).toBeGreaterThan(65_536);
    },
  );

  it('reads the same ranks when a sample spans more cells than are counted one by one', async () => {
    // 1,100 cells (more than the per-cell counts of the first level are kept for), 6 values
    // each: the sample is counted in buckets request by request instead.
    const random = createRandom(7);
    const spill = createWageSpill(directory, 'd');
    const all: number[] = [];
    for (let cell = 0; cell < 1100; cell += 1)
      for (let i = 0; i < 6; i += 1) {
        const v = random.int(1_500_000, 9_000_000) / 100;
        spill.push(3, cell, v);
        all.push(v);
      }
    const sorted = Float64Array.from(all).sort();
    const cells = Array.from({ length: 1100 }, (_, cell) => cell);
    const ranks = [0, 1649, 3299, 3300, 4949, sorted.length - 1];
    const [selected] = await selectRanks(
      [{ ...spill.finish(), cellOffset: 0 }],
      [{ series: [3], cells, size: sorted.length, ranks }],
    );
    for (const rank of ranks) expect(selected!.get(rank)).toBe(sorted[rank]);
  });

  it('refuses a rank outside the sample', async () => {
    const spill = createWageSpill(directory, 'c');
    spill.push(0, 0, 1);
    await expect(
      selectRanks([spill.finish()], [{ series: [0], cells: [0], size: 1, ranks: [1] }]),
    ).rejects.toThrow('Ranks 1 are outside 0…0');
  });
});
