import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { rankGroups } from './order-statistics.ts';
import {
  rankSelectorThread,
  selectRanksShared,
  type StartRankSelector,
} from './shared-selection.ts';
import { createWageSpill, SERIES, type SpilledWages } from './spilled-wages.ts';

const directory = mkdtempSync(join(tmpdir(), 'laurel-shared-selection-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Two builders' wages in every series, and requests of several groups with ranks and spans. */
function world(seed: number) {
  const random = createRandom(seed);
  const values = new Map<string, number[]>();
  const spills: SpilledWages[] = [];
  let cellOffset = 0;
  for (const [prefix, cells] of [
    ['a', 5],
    ['b', 3],
  ] as const) {
    const spill = createWageSpill(directory, `${prefix}${seed}`);
    for (let cell = 0; cell < cells; cell += 1)
      for (let i = 0; i < 12_000; i += 1) {
        const series = random.int(0, SERIES - 1);
        const v = random.next() < 0.2 ? 41_000 : Math.round(random.next() * 9_000_000) / 100;
        spill.push(series, cell, v);
        const key = `${cellOffset + cell}:${series}`;
        values.set(key, [...(values.get(key) ?? []), v]);
      }
    spills.push({ ...spill.finish(), cellOffset });
    cellOffset += cells;
  }
  const requests = [
    { series: [0], cells: [0, 1, 5, 6] },
    { series: [0], cells: [2, 7] },
    { series: [3, 14], cells: [0, 1, 2, 3, 4, 5, 6, 7] },
    { series: [5], cells: [3] },
    { series: [SERIES - 1], cells: [1, 6] },
    { series: [9], cells: [0, 4] },
  ].map(({ series, cells }) => {
    const sorted = Float64Array.from(
      cells.flatMap((c) => series.flatMap((s) => values.get(`${c}:${s}`) ?? [])),
    ).sort();
    const n = sorted.length;
    const ranks = [0, n >> 2, n >> 1, n - 1];
    const spans = [{ from: n >> 1, to: Math.min(n - 1, (n >> 1) + 40) }].map((span) => ({
      ...span,
      values: new Float64Array(span.to - span.from + 1),
    }));
    return { series, cells, size: n, ranks, spans, sorted };
  });
  return { spills, requests };
}

describe('selectRanksShared', () => {
  it('selects on two threads the values and spans one thread selects', async () => {
    const { spills, requests } = world(5);
    let started = 0;
    const start: StartRankSelector = (data) => {
      started += 1;
      expect(data.groups.length).toBeGreaterThan(0);
      expect(data.groups.length).toBeLessThan(rankGroups(requests).length);
      return rankSelectorThread(data);
    };
    const selected = await selectRanksShared(spills, requests, async () => undefined, start, 0);
    expect(started).toBe(1);
    for (const [i, request] of requests.entries()) {
      for (const rank of request.ranks)
        expect(selected[i]!.get(rank), `request ${i}, rank ${rank}`).toBe(request.sorted[rank]);
      for (const span of request.spans)
        expect(span.values, `request ${i}, span`).toEqual(
          request.sorted.slice(span.from, span.to + 1),
        );
    }
  });

  it('selects on this thread alone below the bytes a second thread is worth', async () => {
    const { spills, requests } = world(6);
    const start: StartRankSelector = () => {
      throw new Error('no second thread for a few wages');
    };
    const selected = await selectRanksShared(spills, requests, async () => undefined, start);
    for (const [i, request] of requests.entries())
      for (const rank of request.ranks) expect(selected[i]!.get(rank)).toBe(request.sorted[rank]);
  });

  it('fails with the second thread’s failure', async () => {
    const { spills, requests } = world(7);
    const start: StartRankSelector = (data) =>
      rankSelectorThread({
        ...data,
        spills: data.spills.map((s) => ({ ...s, files: s.files.map((f) => `${f}.gone`) })),
      });
    await expect(
      selectRanksShared(spills, requests, async () => undefined, start, 0),
    ).rejects.toThrow(/ENOENT/);
  });
});
