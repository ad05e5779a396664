// One insights rebuild as the server runs it: on a thread with the job thread's resource limits,
// in a process started with the server's runtime settings (scripts/server-runtime.ts: the 256 MB
// heap). Prints, as one JSON line, its time and the process's resident memory before it and at
// its peak (VmHWM, reset at its start), and how many awards it read from their earnings. As the
// job runs it, it counts the stored blocks of awards that did not change and stores those it
// reads (decision record 068); `full` reads every award and stores no block, as the consistency
// check does (and as every rebuild did before blocks were kept).
// `node bench/insights-rebuild.ts <database url> <organization id> <now as ISO time> [full]`
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { createDatabase } from '../apps/server/src/db/database.ts';
import { JOB_THREAD_RESOURCE_LIMITS } from '../apps/server/src/jobs/threaded-queue.ts';
import { rebuildInsights } from '../apps/server/src/modules/insights/rebuild-insights.job.ts';

interface Rebuilt {
  seconds: number;
  cohorts: number;
  awardsRead: number;
  threads: number;
  countedBy: string;
  fallback?: string;
  refilled?: number;
}

if (isMainThread) {
  const [url, organizationId, now, mode] = process.argv.slice(2);
  const megabytes = (field: 'VmRSS' | 'VmHWM') =>
    Number(
      new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))![1],
    ) / 1024;
  const rssBeforeMb = megabytes('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5');
  const thread = new Worker(new URL(import.meta.url), {
    workerData: { url, organizationId: Number(organizationId), now, full: mode === 'full' },
    resourceLimits: JOB_THREAD_RESOURCE_LIMITS,
  });
  const [result] = (await once(thread, 'message')) as [Rebuilt];
  const peakRssMb = megabytes('VmHWM');
  await thread.terminate();
  console.log(JSON.stringify({ ...result, rssBeforeMb, peakRssMb }));
} else {
  const { url, organizationId, now, full } = workerData as {
    url: string;
    organizationId: number;
    now: string;
    full: boolean;
  };
  const handle = createDatabase(url);
  const started = performance.now();
  // As the job thread runs it: with the database's URL, so that it reads on two threads where
  // the job would: by blocks on two cores or more, the second thread at the lowest priority
  // (decision record 071); every award (`full`) on three cores or more (063).
  const { cohorts, awardsRead, threads, countedBy, fallback, refilled } = await rebuildInsights(
    handle.db,
    organizationId,
    {
      now: new Date(now),
      databaseUrl: url,
      reuseBlocks: !full,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  await handle.destroy();
  parentPort!.postMessage({
    seconds,
    cohorts,
    awardsRead,
    threads,
    countedBy,
    fallback,
    refilled,
  } satisfies Rebuilt);
}
