// A second reader of an insights rebuild, on a thread of its own (started by `rebuildInsights`):
// it reads and counts its share of the organization's awards (the upper range of their ids) on
// a connection of its own, while the job's thread reads and counts the rest, and hands
// back its counted cells and the files its wages were written to. It loads the database
// driver and the builder only (no query builder, no schemas): each module a thread loads is
// memory of its own, and the rebuild's process stays under 256 MB (decision record 027).
import { parentPort, workerData } from 'node:worker_threads';

import type { AwardReading } from './award-reading.ts';
import type { CountAwards } from './award-source.ts';
import { type CountedShare, createInsightsBuilder } from './insights-builder.ts';
import { type LaterAwardBits, laterAwardsOf } from './later-awards.ts';
import { withReaderConnection } from './reader-connection.ts';

/** What the rebuild tells its reading thread. */
export interface RebuildThreadData extends AwardReading {
  databaseUrl: string;
  dollarsOfYear: number;
  /** Reads the awards after this id. */
  afterId: number;
  /** The organization's awards that are not their person's first (see `laterAwards`). */
  later: LaterAwardBits;
  /** The folder this thread's wages are written to (the rebuild removes it). */
  directory: string;
}

export type RebuildThreadReport =
  { type: 'batch'; awards: number } | { type: 'done'; share: CountedShare };

const data = workerData as RebuildThreadData;
const port = parentPort!;

const builder = createInsightsBuilder({
  asOfYear: data.asOfYear,
  dollarsOfYear: data.dollarsOfYear,
  directory: data.directory,
  prefix: 'b',
});
const later = laterAwardsOf(data.later);
const url = data.databaseUrl;
/** Counts this thread's share of the awards with `countAwards`, reporting each batch. */
async function countShare(countAwards: CountAwards): Promise<void> {
  for await (const batch of countAwards(data, builder, later))
    port.postMessage({ type: 'batch', awards: batch.awards } satisfies RebuildThreadReport);
}
try {
  await withReaderConnection(url, ({ countAwards }) => countShare(countAwards));
} catch (error) {
  // The files this thread was writing are closed before it fails (its folder is the rebuild's).
  builder.dispose();
  throw error;
}
port.postMessage({ type: 'done', share: builder.share() } satisfies RebuildThreadReport);
