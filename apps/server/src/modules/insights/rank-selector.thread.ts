// The second thread of a rebuild's selection of medians and quartiles (started by
// ./shared-selection.ts): at the lowest priority the operating system gives, it selects the
// values of its share of the requests from the rebuild's wage files and hands them back with
// their spans. It loads the selection alone (decision record 073).
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

import { selectRanks } from './order-statistics.ts';
import type { RankSelectorData, RankSelectorReport } from './shared-selection.ts';

const data = workerData as RankSelectorData;

// HTTP and the job's own thread go first (on Linux the priority is the calling thread's).
try {
  setPriority(0, constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here: the thread still selects, at the process's priority.
}

async function main(): Promise<void> {
  const results = await selectRanks(data.spills, data.requests, async () => undefined, data.groups);
  const spans = data.requests.map((request) => (request.spans ?? []).map((span) => span.values));
  parentPort!.postMessage(
    { results, spans } satisfies RankSelectorReport,
    spans.flat().map((values) => values.buffer as ArrayBuffer),
  );
}

// A failure reaches the rebuild as the thread's error (an unhandled rejection).
void main();
