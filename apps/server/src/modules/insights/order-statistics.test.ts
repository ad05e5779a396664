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

  it('reads the same ranks when more sets of cells feed different samples than are counted together', async () => {
    // 2,048 cells of 10 values each, and 11 samples: sample k holds the cells whose number has
    // bit k set, so that 2,047 cells each feed a different set of samples (more than the first
    // level keeps counts for): each sample is counted in buckets of its own instead.
    const random = createRandom(7);
    const spill = createWageSpill(directory, 'd');
    const byCell: number[][] = [];
    for (let cell = 0; cell < 2048; cell += 1) {
      byCell.push([]);
      for (let i = 0; i < 10; i += 1) {
        const v = random.int(1_500_000, 9_000_000) / 100;
        spill.push(3, cell, v);
        byCell[cell]!.push(v);
      }
    }
    const requests = Array.from({ length: 11 }, (_, k) => {
      const cells = byCell.map((_, cell) => cell).filter((cell) => (cell & (1 << k)) !== 0);
      const sorted = Float64Array.from(cells.flatMap((cell) => byCell[cell]!)).sort();
      const n = sorted.length;
      const ranks = [0, n >> 2, (n >> 1) - 1, n >> 1, n - 1];
      return { series: [3], cells, size: n, ranks, sorted };
    });
    expect(Math.min(...requests.map((r) => r.size))).toBeGreaterThan(4096);
    const selected = await selectRanks([{ ...spill.finish(), cellOffset: 0 }], requests);
    for (const [i, request] of requests.entries())
      for (const rank of request.ranks)
        expect(selected[i]!.get(rank), `sample ${i}, rank ${rank}`).toBe(request.sorted[rank]);
  });

  it('refuses a rank outside the sample', async () => {
    const spill = createWageSpill(directory, 'c');
    spill.push(0, 0, 1);
    await expect(
      selectRanks([spill.finish()], [{ series: [0], cells: [0], size: 1, ranks: [1] }]),
    ).rejects.toThrow('Ranks 1 are outside 0…0');
  });
});
