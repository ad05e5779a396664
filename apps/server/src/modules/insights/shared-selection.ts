// How a rebuild selects its cohorts' medians and quartiles on two threads (decision record 073):
// the groups of requests that read the same series (./order-statistics.ts) are shared out by the
// bytes of wages each reads, the largest first, each to the thread with less so far. The job's
// thread selects its share while a second thread (./rank-selector.thread.ts), at the lowest
// priority the system gives, selects the other from the same files; its values are copied into
// the requests as if selected here. Few wages are selected on the job's thread alone: a thread's
// start (some 0.3 s) would cost more than it saves.
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import { READER_RESOURCE_LIMITS } from './block-reader.ts';
import { type RankGroup, type RankRequest, rankGroups, selectRanks } from './order-statistics.ts';
import type { SpilledWages } from './spilled-wages.ts';

/** Below this many bytes of wage files (some three million wages), the job's thread selects alone. */
export const SHARED_FROM_BYTES = 32 * 2 ** 20;

/** What the second thread selects: its requests (numbered from 0) and their groups. */
export interface RankSelectorData {
  spills: readonly SpilledWages[];
  requests: readonly RankRequest[];
  groups: readonly RankGroup[];
}

/** What it selected: the values at the ranks of each request, and the values of its spans. */
export interface RankSelectorReport {
  results: Array<Map<number, number>>;
  spans: Float64Array[][];
}

/** A second thread selecting: its report, and how to end it. */
export interface RankSelector {
  report: Promise<RankSelectorReport>;
  stop(): Promise<void>;
}
export type StartRankSelector = (data: RankSelectorData) => RankSelector;

/** Starts the selection of `data` on a thread of its own. */
export const rankSelectorThread: StartRankSelector = (data) => {
  const thread = new Worker(new URL('./rank-selector.thread.ts', import.meta.url), {
    workerData: data,
    resourceLimits: READER_RESOURCE_LIMITS,
  });
  const report = new Promise<RankSelectorReport>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) =>
      reject(new Error(`The insights rank selector ended (exit code ${code}) before its values`)),
    );
  });
  return {
    report,
    async stop() {
      await thread.terminate();
    },
  };
};

/**
 * `selectRanks` of every request, shared with a second thread (`start`) when the requests read
 * at least `fromBytes` of wage files: the same values, and the same spans filled.
 */
export async function selectRanksShared(
  spills: readonly SpilledWages[],
  requests: readonly RankRequest[],
  tick: () => Promise<void>,
  start: StartRankSelector = rankSelectorThread,
  fromBytes = SHARED_FROM_BYTES,
): Promise<Array<Map<number, number>>> {
  const groups = rankGroups(requests);
  const fileBytes = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const bytesOf = new Map(
    groups.map((group) => [
      group,
      spills.reduce(
        (sum, spill) => sum + group.series.reduce((n, s) => n + fileBytes(spill.files[s]!), 0),
        0,
      ),
    ]),
  );
  const weight = (group: RankGroup) => bytesOf.get(group)!;
  const total = groups.reduce((sum, group) => sum + weight(group), 0);
  if (groups.length < 2 || total < fromBytes) return selectRanks(spills, requests, tick, groups);

  const mine: RankGroup[] = [];
  const theirs: RankGroup[] = [];
  let here = 0;
  let there = 0;
  for (const group of [...groups].sort((a, b) => weight(b) - weight(a)))
    if (here <= there) {
      mine.push(group);
      here += weight(group);
    } else {
      theirs.push(group);
      there += weight(group);
    }
  // The second thread's requests, numbered from 0 in the order of `sent`.
  const sent = theirs.flatMap((group) => group.indices);
  const numbered = new Map(sent.map((index, i) => [index, i]));
  const selector = start({
    spills,
    requests: sent.map((index) => requests[index]!),
    groups: theirs.map(({ series, indices }) => ({
      series,
      indices: indices.map((index) => numbered.get(index)!),
    })),
  });
  // A failure of the thread while this one still selects is told once this one is done.
  selector.report.catch(() => undefined);
  try {
    const results = await selectRanks(spills, requests, tick, mine);
    // The job keeps reporting that it is alive while the other thread finishes.
    let report: RankSelectorReport | null = null;
    while (report === null) {
      report = await Promise.race([selector.report, sleep(1_000, null)]);
      if (report === null) await tick();
    }
    sent.forEach((index, i) => {
      results[index] = report.results[i]!;
      const spans = requests[index]!.spans ?? [];
      report.spans[i]!.forEach((values, k) => spans[k]!.values.set(values));
    });
    return results;
  } finally {
    await selector.stop();
  }
}
