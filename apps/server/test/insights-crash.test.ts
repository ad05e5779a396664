// A rebuild killed with SIGKILL (a worker's process ended by the operating system, a machine that
// lost power) in each of its phases: readers keep the previous figures, and the job is run again
// by another worker once its lease has run out, storing what a full computation gives. Each is
// a rebuild after a change (the blocks of the awards that did not change are stored, decision
// record 068); `block` is killed once it has stored the block it read again.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../src/db/schema.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { rebuildInsightsDedupeKey } from '../src/modules/earnings/match-awards.job.ts';
import { compareWithStored } from '../src/modules/insights/insights-consistency.ts';
import {
  computeInsights,
  createRebuildInsightsHandler,
  rebuildInsights,
} from '../src/modules/insights/rebuild-insights.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { insertMatchedGraduate, storedInsights } from './helpers/graduates.ts';
import { createWorld, type World } from './helpers/world.ts';

const WORKER = fileURLToPath(new URL('./helpers/insights-worker.ts', import.meta.url));
const LEASE_MS = 1000;

describe.each(DIALECTS)('an insights rebuild killed with SIGKILL, on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let graduates = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    db = t.database.handle.db;
    await addGraduates(12);
    await rebuildInsights(db, w.a.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Matched graduates of Alpha College's credential, each with wages before and after. */
  async function addGraduates(n: number): Promise<void> {
    for (let i = 0; i < n; i += 1, graduates += 1)
      await insertMatchedGraduate(
        db,
        {
          organizationId: w.a.id,
          credentialId: w.credentialA,
          externalId: `CRASH-${graduates}`,
          lastName: `Graduate ${graduates}`,
        },
        [
          { year: 2019, wage: 29_000 + graduates * 311 },
          { year: 2021, wage: 41_000 + graduates * 517 },
        ],
      );
  }

  /** Every stored figure of Alpha College, as readers get them. */
  const stored = () => storedInsights(db, w.a.id);

  it.each([
    ['reading', 'reading'],
    ['having stored a block it read again', 'block'],
    ['computing', 'computing'],
    ['storing', 'storing'],
  ] as const)(
    'killed while %s, it leaves the previous figures and is done again',
    async (_, stallAt) => {
      await addGraduates(3);
      const before = await stored();
      expect(before.aggregates.length).toBeGreaterThan(0);
      const log = pino({ level: 'silent' });
      const queue = createJobQueue({
        db,
        dialect,
        log,
        leaseMs: LEASE_MS,
        handlers: { [JOB_TYPES.rebuildInsights]: createRebuildInsightsHandler() },
      });
      const jobId = await queue.enqueue({
        type: JOB_TYPES.rebuildInsights,
        organizationId: w.a.id,
        dedupeKey: rebuildInsightsDedupeKey(w.a.id),
      });
      expect(jobId).not.toBeNull();

      const worker = spawn(process.execPath, [WORKER, t.database.url, stallAt], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(worker, 'exit');
      try {
        const waitingSince = Date.now();
        while (!output.includes(`stalled ${stallAt}`)) {
          if (worker.exitCode !== null || Date.now() - waitingSince > 60_000)
            throw new Error(`the worker did not reach ${stallAt}:\n${output}`);
          await sleep(50);
        }
        // Meanwhile, and once the worker is gone, readers see the figures as they were.
        expect(await stored()).toEqual(before);
      } finally {
        worker.kill('SIGKILL');
        await exited;
      }
      expect(await stored()).toEqual(before);
      const interrupted = await db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('id', '=', jobId!)
        .executeTakeFirstOrThrow();
      expect(interrupted).toEqual({ status: 'RUNNING', attempts: 1 });

      // Another worker claims the job once the dead one's lease has run out, and finishes it.
      const redone = Date.now();
      for (;;) {
        await queue.runUntilIdle();
        const job = await db
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('id', '=', jobId!)
          .executeTakeFirstOrThrow();
        if (job.status !== 'RUNNING' && job.status !== 'QUEUED') {
          expect(job).toEqual({ status: 'DONE', attempts: 2 });
          break;
        }
        if (Date.now() - redone > 30_000) throw new Error(`the job is still ${job.status}`);
        await sleep(LEASE_MS / 4);
      }
      const after = await stored();
      expect(after.aggregates).not.toEqual(before.aggregates);
      expect(compareWithStored(await computeInsights(db, w.a.id), after.aggregates)).toEqual([]);
    },
    120_000,
  );
});
