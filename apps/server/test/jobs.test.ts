import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import {
  createJobQueue,
  enqueueJob,
  type JobQueueOptions,
  LeaseLostError,
} from '../src/jobs/queue.ts';
import {
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
} from '../src/jobs/types.ts';
import { createOrganization } from './helpers/builders.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('job queue on %s', (dialect) => {
  let database: TestDatabase;
  let organizationId: number;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(db(), [serverMigrations]);
    organizationId = (await createOrganization(db())).id;
  });
  afterAll(() => database?.drop());
  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
  });

  const queue = (handlers: JobQueueOptions['handlers'], options: Partial<JobQueueOptions> = {}) =>
    createJobQueue({ db: db(), dialect, log, handlers, retryDelayMs: () => 0, ...options });

  const job = (id: number) =>
    db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues a job once per dedupe key while it waits, and again once it runs', async () => {
    const key = `match-awards:${organizationId}`;
    const first = await enqueueJob(db(), {
      type: JOB_TYPES.matchAwards,
      organizationId,
      dedupeKey: key,
    });
    expect(first).toEqual(expect.any(Number));
    expect(
      await enqueueJob(db(), { type: JOB_TYPES.matchAwards, organizationId, dedupeKey: key }),
    ).toBeNull();
    // a concurrent burst still adds one
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        enqueueJob(db(), { type: JOB_TYPES.matchAwards, organizationId, dedupeKey: key }),
      ),
    );
    expect(burst.every((id) => id === null)).toBe(true);
    expect(await db().selectFrom('jobs').select('id').execute()).toEqual([{ id: first }]);

    let second: number | null = null;
    const q = queue({
      [JOB_TYPES.matchAwards]: {
        async run(context) {
          // the running job no longer covers changes made now: a new one is queued
          if (context.job.id === first)
            second = await enqueueJob(context.db, {
              type: JOB_TYPES.matchAwards,
              organizationId,
              dedupeKey: key,
            });
        },
      },
    });
    await q.runUntilIdle();
    expect(second).toEqual(expect.any(Number));
    expect((await job(first!)).status).toBe('DONE');
    expect((await job(second!)).status).toBe('DONE');
  });

  it('adds the job only when the surrounding transaction commits', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueueJob(trx, { type: JOB_TYPES.rebuildInsights, organizationId });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db().selectFrom('jobs').select('id').execute()).toEqual([]);
    await db()
      .transaction()
      .execute((trx) => enqueueJob(trx, { type: JOB_TYPES.rebuildInsights, organizationId }));
    expect(await db().selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('retries a failing job, then marks it FAILED and calls onFailed once', async () => {
    const attempts: number[] = [];
    const failures: string[] = [];
    const q = queue({
      [JOB_TYPES.rebuildInsights]: {
        async run(context) {
          attempts.push(context.job.attempt);
          throw new Error(`boom ${context.job.attempt}`);
        },
        async onFailed(context, error) {
          failures.push(`${context.job.id}:${error.message}`);
        },
      },
    });
    const id = await enqueueJob(db(), {
      type: JOB_TYPES.rebuildInsights,
      organizationId,
      maxAttempts: 3,
    });
    await q.runUntilIdle();
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures).toEqual([`${id}:boom 3`]);
    const row = await job(id!);
    expect(row).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      lastError: 'boom 3',
      lockedBy: null,
    });
    expect(row.finishedAt).not.toBeNull();
  });

  it('waits with backoff before the next attempt', async () => {
    let runs = 0;
    const q = queue(
      {
        [JOB_TYPES.rebuildInsights]: {
          async run() {
            runs++;
            throw new Error('not yet');
          },
        },
      },
      { retryDelayMs: (attempt) => 2 ** attempt * 1000 },
    );
    const id = await enqueueJob(db(), { type: JOB_TYPES.rebuildInsights, organizationId });
    await q.runUntilIdle();
    expect(runs).toBe(1);
    const row = await job(id!);
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'not yet' });
    const wait = new Date(row.runAt).getTime() - new Date(row.updatedAt).getTime();
    expect(wait).toBeGreaterThanOrEqual(1900);
    expect(wait).toBeLessThanOrEqual(2100);
  });

  it('succeeds on a later attempt and clears the error', async () => {
    const q = queue({
      [JOB_TYPES.rebuildInsights]: {
        async run(context) {
          if (context.job.attempt === 1) throw new Error('flaky');
        },
      },
    });
    const id = await enqueueJob(db(), { type: JOB_TYPES.rebuildInsights, organizationId });
    await q.runUntilIdle();
    expect(await job(id!)).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
  });

  it('claims again a running job whose lease ran out (its worker died), as a new attempt', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    const insert = async (lockedUntil: string, attempts: number) =>
      (
        await db()
          .insertInto('jobs')
          .values({
            type: JOB_TYPES.matchAwards,
            organizationId,
            status: 'RUNNING',
            lockedBy: 'worker-that-died',
            lockedUntil,
            attempts,
            maxAttempts: 3,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const dead = await insert(past, 1);
    const alive = await insert(future, 1);
    const exhausted = await insert(past, 3);
    const ran: Array<[number, number]> = [];
    const failed: number[] = [];
    const q = queue({
      [JOB_TYPES.matchAwards]: {
        async run(context) {
          ran.push([context.job.id, context.job.attempt]);
        },
        async onFailed(context) {
          failed.push(context.job.id);
        },
      },
    });
    await q.runUntilIdle();
    expect(ran).toEqual([[dead, 2]]);
    expect(failed).toEqual([exhausted]);
    expect(await job(dead)).toMatchObject({ status: 'DONE', attempts: 2, lockedBy: null });
    expect(await job(alive)).toMatchObject({ status: 'RUNNING', lockedBy: 'worker-that-died' });
    expect(await job(exhausted)).toMatchObject({ status: 'FAILED', attempts: 4 });
  });

  it('extends the lease on heartbeat and stops a handler whose job was taken over', async () => {
    let leaseAfterHeartbeat = '';
    let heartbeatError: unknown;
    const q = queue(
      {
        [JOB_TYPES.rebuildInsights]: {
          async run(context) {
            const before = (await job(context.job.id)).lockedUntil!;
            await sleep(20);
            await context.heartbeat();
            leaseAfterHeartbeat = new Date((await job(context.job.id)).lockedUntil!).toISOString();
            expect(new Date(leaseAfterHeartbeat).getTime()).toBeGreaterThan(
              new Date(before).getTime(),
            );
            // another worker claims the job after this one's lease ran out
            await db()
              .updateTable('jobs')
              .set({ lockedBy: 'other-worker' })
              .where('id', '=', context.job.id)
              .execute();
            try {
              await context.heartbeat();
            } catch (error) {
              heartbeatError = error;
              throw error;
            }
          },
        },
      },
      { leaseMs: 5000 },
    );
    const id = await enqueueJob(db(), { type: JOB_TYPES.rebuildInsights, organizationId });
    await q.runUntilIdle();
    expect(heartbeatError).toBeInstanceOf(LeaseLostError);
    // the job is the other worker's to finish: this one recorded nothing
    expect(await job(id!)).toMatchObject({
      status: 'RUNNING',
      lockedBy: 'other-worker',
      lastError: null,
    });
  });

  it('runs no job type it has no handler for', async () => {
    const id = await enqueueJob(db(), { type: JOB_TYPES.matchAwards, organizationId });
    await queue({ [JOB_TYPES.rebuildInsights]: { async run() {} } }).runUntilIdle();
    expect(await job(id!)).toMatchObject({ status: 'QUEUED', attempts: 0 });
  });

  it('does not start a job before its run_at', async () => {
    const id = await enqueueJob(db(), {
      type: JOB_TYPES.rebuildInsights,
      organizationId,
      runAt: new Date(Date.now() + 60_000),
    });
    let ran = false;
    await queue({
      [JOB_TYPES.rebuildInsights]: {
        async run() {
          ran = true;
        },
      },
    }).runUntilIdle();
    expect(ran).toBe(false);
    expect((await job(id!)).status).toBe('QUEUED');
  });

  it('wakes at once on notify, and on stop lets the running job reach a safe point', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const done: number[] = [];
    const handler: JobHandler = {
      async run(context: JobContext) {
        if (context.job.payload.slow) {
          started();
          while (!context.stopping) await sleep(10);
          throw new JobInterruptedError();
        }
        done.push(context.job.id);
      },
    };
    const q = queue({ [JOB_TYPES.rebuildInsights]: handler }, { pollMs: 60_000 });
    q.start();
    await sleep(50); // the worker found nothing and sleeps for a minute
    const quick = await q.enqueue({ type: JOB_TYPES.rebuildInsights, organizationId });
    const waitUntil = Date.now() + 5000;
    while (done.length === 0 && Date.now() < waitUntil) await sleep(10);
    expect(done).toEqual([quick]);

    const slow = await q.enqueue({
      type: JOB_TYPES.rebuildInsights,
      organizationId,
      payload: { slow: true },
    });
    await running;
    await q.stop();
    // interrupted: back in the queue, the attempt not counted
    expect(await job(slow!)).toMatchObject({ status: 'QUEUED', attempts: 0, lockedBy: null });
  });

  it('purges finished jobs after their retention', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const rows = await db()
      .insertInto('jobs')
      .values([
        { type: JOB_TYPES.rebuildInsights, status: 'DONE', finishedAt: daysAgo(8) },
        { type: JOB_TYPES.rebuildInsights, status: 'DONE', finishedAt: daysAgo(6) },
        { type: JOB_TYPES.rebuildInsights, status: 'FAILED', finishedAt: daysAgo(8) },
        { type: JOB_TYPES.rebuildInsights, status: 'FAILED', finishedAt: daysAgo(31) },
      ])
      .returning('id')
      .execute();
    await queue({}).purge();
    const left = await db().selectFrom('jobs').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id, rows[2]!.id]);
  });

  it('runs every job exactly once with two workers on two connections', async () => {
    const other = createDatabase(database.url);
    try {
      const runs = new Map<number, string[]>();
      const handler = (worker: string): JobHandler => ({
        async run(context) {
          runs.set(context.job.id, [...(runs.get(context.job.id) ?? []), worker]);
          await sleep(5);
        },
      });
      const ids: number[] = [];
      for (let i = 0; i < 40; i++)
        // Not insight rebuilds: one organization's rebuilds never run at once (decision 063).
        ids.push((await enqueueJob(db(), { type: JOB_TYPES.matchAwards, organizationId }))!);
      const a = queue({ [JOB_TYPES.matchAwards]: handler('a') }, { workerId: 'a' });
      const b = createJobQueue({
        db: other.db,
        dialect,
        log,
        workerId: 'b',
        handlers: { [JOB_TYPES.matchAwards]: handler('b') },
      });
      await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
      expect([...runs.values()].every((workers) => workers.length === 1)).toBe(true);
      if (dialect === 'postgres') {
        // both took part
        const workers = new Set([...runs.values()].flat());
        expect(workers).toEqual(new Set(['a', 'b']));
      }
      const statuses = await db().selectFrom('jobs').select('status').distinct().execute();
      expect(statuses).toEqual([{ status: 'DONE' }]);
    } finally {
      await other.destroy();
    }
  });
});
