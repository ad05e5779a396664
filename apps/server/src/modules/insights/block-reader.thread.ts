// The second reader of a rebuild that counts by blocks (started by ./block-reader.ts): on a
// thread of its own and a connection of its own, at the lowest priority the operating system
// gives, it reads and counts the blocks the job's thread has not claimed, in order, stores each
// with the repository's own statement and hands its cells and wages back; the job's thread adds
// every block in order. Which thread reads a block is decided by a claim in memory both threads
// share, so each block is read once. It loads the database driver and the builder only (no query
// builder, no schemas): each module a thread loads is memory of its own (decision records 027
// and 071).
import { randomUUID } from 'node:crypto';
import { constants, setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

import type { CountAwards } from './award-source.ts';
import { countBlockAwards, NO_AWARDS, storingBehind } from './block-counting.ts';
import { blockParameters, packBlock } from './insight-blocks.ts';
import { BLOCK_CLAIM, type BlockReaderData, type BlockReaderReport } from './block-reader.ts';
import { laterAwardsOf } from './later-awards.ts';
import { withReaderConnection } from './reader-connection.ts';

const data = workerData as BlockReaderData;
const port = parentPort!;
const shared = new Int32Array(data.shared);
const later = laterAwardsOf(data.later);

/** Until the job's thread adds more than `added` blocks, or a second passes (to look again). */
async function untilAdded(added: number): Promise<void> {
  // A wait on shared memory does not keep a thread alive; the timer does.
  const timer = new AbortController();
  await Promise.race([
    Atomics.waitAsync(shared, 0, added, 1_000).value,
    sleep(1_000, undefined, { signal: timer.signal }).catch(() => undefined),
  ]);
  timer.abort();
}

/** Reads and counts every block the job's thread has not claimed, at most `ahead` past it. */
async function readBlocks(
  countAwards: CountAwards,
  store: (parameters: unknown[]) => Promise<void>,
): Promise<void> {
  // Each block is stored while the next is read; the last before the reader says it is done.
  const storing = storingBehind();
  for (let index = 0; index < data.blocks.length; index += 1) {
    for (;;) {
      const added = Atomics.load(shared, 0);
      if (index < added + data.ahead) break;
      await untilAdded(added);
    }
    const claimed = Atomics.compareExchange(
      shared,
      1 + index,
      BLOCK_CLAIM.free,
      BLOCK_CLAIM.reader,
    );
    if (claimed !== BLOCK_CLAIM.free) continue;
    // The job's thread reports progress as it adds the blocks.
    const { block, version } = data.blocks[index]!;
    const counted = await countBlockAwards(countAwards, data, block, later, async () => {});
    let reading = NO_AWARDS;
    if (counted.awards > 0) {
      reading = randomUUID();
      const stored = {
        ...packBlock(counted, data.dollarsOfYear),
        version,
        basis: data.basis,
        reading,
      };
      await storing.add(() =>
        store(blockParameters(data.statement, data.organizationId, block, stored)),
      );
    }
    const { wages } = counted;
    port.postMessage(
      { type: 'block', index, ...counted, reading } satisfies BlockReaderReport,
      [...wages.cells, ...wages.values].map((array) => array.buffer as ArrayBuffer),
    );
  }
  await storing.settled();
}

// HTTP and the job's own thread go first: this thread takes what the cores have left. (On Linux
// the priority is the calling thread's; where the system refuses, it reads at the usual one.)
try {
  setPriority(0, constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here: the thread still reads, at the process's priority.
}
/** Reads on a connection of its own, then says it is done. */
async function main(): Promise<void> {
  await withReaderConnection(data.databaseUrl, ({ countPackedAwards, execute }) =>
    readBlocks(countPackedAwards, (parameters) => execute(data.statement.sql, parameters)),
  );
  port.postMessage({ type: 'done' } satisfies BlockReaderReport);
}

// Not awaited at the top: the rebuild ends this thread when it stops early, and a failure reaches
// it as the thread's error (an unhandled rejection).
void main();
