import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TInsightsData } from '@laurel/contract/insights';
import { ROLES } from '@laurel/contract/roles';

import { recountAwards } from '../src/db/award-counts.ts';
import { sqliteConnectionOf } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { createJobQueue, enqueueJob } from '../src/jobs/queue.ts';
import { type JobHandler, JOB_TYPES } from '../src/jobs/types.ts';
import { rebuildInsightsDedupeKey } from '../src/modules/earnings/match-awards.job.ts';
import { createInsightsRepository } from '../src/modules/insights/insights.repository.ts';
import { blockOf, idsOfBlock } from '../src/modules/insights/insight-blocks.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createProgressRecorder } from '../src/modules/insights/rebuild-progress.ts';
import { SCAN_PAGE_CACHE } from '../src/modules/insights/sqlite-award-reading.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

/** An organization with `awards` awards (no earnings: a rebuild reads them all the same). */
async function organizationWithAwards(db: Kysely<Database>, awards: number): Promise<number> {
  const organizationId = (await createOrganization(db)).id;
  const credentialId = await createCredential(db, organizationId, { code: 'C1', name: 'Welding' });
  const now = new Date().toISOString();
  await db
    .insertInto('awards')
    .values(
      Array.from({ length: awards }, (_, i) => ({
        organizationId,
        credentialId,
        externalId: `P${i}`,
        firstName: 'Test',
        lastName: `Person ${i}`,
        email: null,
        dateOfBirth: null,
        awardDate: '2020-06-15',
        awardYear: 2020,
        uploadId: null,
        matchStatus: 'NOT_MATCHED',
        matchProvider: 'EQUIFAX_TWN',
        matchedAt: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  // As the awards' other ways in keep it: the count a rebuild's progress is measured against.
  await recountAwards(db, organizationId);
  return organizationId;
}

const queueRebuild = (db: Kysely<Database>, organizationId: number) =>
  enqueueJob(db, {
    type: JOB_TYPES.rebuildInsights,
    organizationId,
    dedupeKey: rebuildInsightsDedupeKey(organizationId),
  });

/** When each rebuild started and finished, as it recorded them in the database. */
interface RebuildRun {
  organizationId: number;
  startedAt: number;
  finishedAt: number;
}

const recordedRun = async (db: Kysely<Database>, organizationId: number): Promise<RebuildRun> => {
  const row = await db
    .selectFrom('insightRebuilds')
    .select(['startedAt', 'finishedAt'])
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return {
    organizationId,
    startedAt: new Date(row.startedAt).getTime(),
    finishedAt: new Date(row.finishedAt!).getTime(),
  };
};

describe.each(DIALECTS)('insights rebuild progress and fairness on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let db: Kysely<Database>;

  beforeAll(async () => {
    first = await createTestApp(dialect);
    second = await createTestApp(dialect, { sameDatabaseAs: first });
    db = first.database.handle.db;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function insightsOn(
    instance: TestApp,
    user: BuiltUser,
    organizationId: number,
  ): Promise<TInsightsData> {
    const response = await instance.app.inject({
      method: 'GET',
      url: `/api/insights-data?organizationId=${organizationId}`,
      headers: { authorization: `Bearer ${await instance.tokenFor(user)}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('shows a running rebuild with its progress on another instance, keeps a second rebuild of that organization waiting until it ends, and a queued one as waiting', async () => {
    const busy = await organizationWithAwards(db, 30);
    const other = await organizationWithAwards(db, 10);
    const busyUser = await first.createUser(busy, { roleId: ROLES.ORGANIZATION_ADMIN });
    const otherUser = await first.createUser(other, { roleId: ROLES.ORGANIZATION_ADMIN });

    // The first instance's rebuild of `busy` stops after its second batch until released.
    let paused!: () => void;
    const pausedAt = new Promise<void>((resolve) => (paused = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runs: RebuildRun[] = [];
    const rebuildHandler = (gated: boolean): JobHandler => ({
      async run(context) {
        const organizationId = context.job.organizationId!;
        let batches = 0;
        await rebuildInsights(context.db, organizationId, {
          now: NOW,
          batchSize: 5,
          // Every award read from its earnings, batch by batch (none from stored blocks).
          reuseBlocks: false,
          // Every batch is written, so that the test sees exactly how far it is.
          progress: createProgressRecorder(createInsightsRepository(context.db), organizationId, {
            intervalMs: 0,
          }),
          onBatch: async () => {
            await context.heartbeat();
            batches += 1;
            if (gated && organizationId === busy && batches === 2 && runs.length === 0) {
              paused();
              await released;
            }
          },
        });
        runs.push(await recordedRun(context.db, organizationId));
      },
    });
    const queueOn = (instance: TestApp, name: string, gated: boolean) =>
      createJobQueue({
        db: instance.database.handle.db,
        dialect,
        log: pino({ level: 'silent' }),
        workerId: name,
        handlers: { [JOB_TYPES.rebuildInsights]: rebuildHandler(gated) },
      });

    await rebuildInsights(db, busy, { now: NOW });
    const builtAt = (await insightsOn(second, busyUser, busy)).builtAt;
    expect(builtAt).not.toBeNull();
    await queueRebuild(db, busy);
    const firstRuns = queueOn(first, 'first', true).runUntilIdle();
    await pausedAt;

    const running = (await insightsOn(second, busyUser, busy)).rebuild;
    expect(running).toMatchObject({
      state: 'RUNNING',
      phase: 'READING',
      rowsRead: 10,
      rowsTotal: 30,
    });
    expect(running!.secondsLeft).toBeGreaterThanOrEqual(1);
    // The figures already built stay on show beside the progress.
    expect((await insightsOn(second, busyUser, busy)).builtAt).toBe(builtAt);

    // Queued while the first instance is busy: waiting, with no earlier rebuild to estimate from.
    await queueRebuild(db, other);
    expect((await insightsOn(second, otherUser, other)).rebuild).toEqual({
      state: 'WAITING',
      phase: null,
      rowsRead: 0,
      rowsTotal: 0,
      startedAt: null,
      secondsLeft: null,
    });

    // Another rebuild of `busy` is queued; the second instance runs the other organization's
    // rebuild but leaves that one queued while the first runs.
    const again = await queueRebuild(db, busy);
    await queueOn(second, 'second', false).runUntilIdle();
    const waiting = await db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', again!)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('QUEUED');
    expect(runs.map((run) => run.organizationId)).toEqual([other]);

    release();
    await firstRuns;
    expect(runs.map((run) => run.organizationId)).toEqual([other, busy, busy]);
    const [, firstOfBusy, secondOfBusy] = runs;
    expect(secondOfBusy!.startedAt).toBeGreaterThanOrEqual(firstOfBusy!.finishedAt);

    // Done: no rebuild to tell of; the next one is estimated from this one's duration.
    expect((await insightsOn(second, busyUser, busy)).rebuild).toBeNull();
    await queueRebuild(db, busy);
    const next = (await insightsOn(second, busyUser, busy)).rebuild;
    expect(next?.state).toBe('WAITING');
    expect(next?.secondsLeft).toBe(
      Math.round((secondOfBusy!.finishedAt - secondOfBusy!.startedAt) / 1000),
    );
  });
  it('measures a rebuild from the stored state against the awards of the blocks it reads, not the organization’s', async () => {
    const organizationId = await organizationWithAwards(db, 30);
    const totals: number[] = [];
    const recorder = {
      start: async (rowsTotal: number) => void totals.push(rowsTotal),
      read: async () => undefined,
      phase: async () => undefined,
      finish: async () => undefined,
    };
    // The first rebuild stores the blocks and the state; it reads every award.
    await rebuildInsights(db, organizationId, { now: NOW, reuseBlocks: true, progress: recorder });
    expect(totals).toEqual([30]);
    // Five awards in a block of their own: the next rebuild reads those alone.
    const { last } = (await createInsightsRepository(db).awardIds(organizationId))!;
    const credentialId = (
      await db
        .selectFrom('credentials')
        .select('id')
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    const firstOfNextBlock = idsOfBlock(blockOf(last) + 1).from;
    await db
      .insertInto('awards')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          id: firstOfNextBlock + i,
          organizationId,
          credentialId,
          externalId: `Q${i}`,
          firstName: 'Test',
          lastName: `Later ${i}`,
          awardDate: '2021-06-15',
          awardYear: 2021,
          matchStatus: 'NOT_MATCHED',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await recountAwards(db, organizationId);
    totals.length = 0;
    const rebuilt = await rebuildInsights(db, organizationId, {
      now: NOW,
      reuseBlocks: true,
      progress: recorder,
    });
    expect(rebuilt).toMatchObject({ countedBy: 'changes', awards: 35, awardsRead: 5 });
    expect(totals).toEqual([5]);
  });

  it.runIf(dialect === 'sqlite')(
    'reads with the page cache of a scan and gives the connection its own back, also when it fails',
    async () => {
      const sqlite = sqliteConnectionOf(db)!;
      const cacheSize = () => sqlite.pragma('cache_size', { simple: true });
      const own = cacheSize();
      expect(own).not.toBe(SCAN_PAGE_CACHE);
      const organizationId = await organizationWithAwards(db, 12);
      const during: unknown[] = [];
      await rebuildInsights(db, organizationId, {
        now: NOW,
        batchSize: 5,
        reuseBlocks: false,
        onBatch: async () => void during.push(cacheSize()),
      });
      expect(during).toEqual([SCAN_PAGE_CACHE, SCAN_PAGE_CACHE, SCAN_PAGE_CACHE]);
      expect(cacheSize()).toBe(own);
      const failing = rebuildInsights(db, organizationId, {
        now: NOW,
        reuseBlocks: false,
        onBatch: async () => {
          throw new Error('stopped');
        },
      });
      await expect(failing).rejects.toThrow('stopped');
      expect(cacheSize()).toBe(own);
    },
  );
});

describe.each(DIALECTS)('insights rebuilds on the job thread on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { jobThread: {} });
  });
  afterAll(() => t?.close());

  it('runs two organizations’ queued rebuilds one after the other', async () => {
    const db = t.database.handle.db;
    const organizations = [
      await organizationWithAwards(db, 40),
      await organizationWithAwards(db, 40),
    ];
    for (const organizationId of organizations) await queueRebuild(db, organizationId);
    t.app.jobs.start();
    for (;;) {
      const open = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', JOB_TYPES.rebuildInsights)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .execute();
      if (open.length === 0) break;
      await sleep(50);
    }
    await t.app.jobs.stop();
    const done = await db
      .selectFrom('jobs')
      .select('status')
      .where('type', '=', JOB_TYPES.rebuildInsights)
      .execute();
    expect(done.map((job) => job.status)).toEqual(['DONE', 'DONE']);
    const [a, b] = await Promise.all(organizations.map((id) => recordedRun(db, id)));
    const ordered = [a!, b!].sort((x, y) => x.startedAt - y.startedAt);
    expect(ordered[1]!.startedAt).toBeGreaterThanOrEqual(ordered[0]!.finishedAt);
  });
});
