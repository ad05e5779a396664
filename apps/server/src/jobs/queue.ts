import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { Dialect } from '../db/database.ts';
import { createLogThrottle } from '../lib/log-throttle.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import {
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
  type JobType,
  type RunningJob,
} from './types.ts';

/** How long a claimed job belongs to its worker unless the lease is extended. */
export const DEFAULT_LEASE_MS = 30_000;
/** How often an idle worker looks for jobs queued by other instances (or by nobody it heard of). */
export const DEFAULT_POLL_MS = 500;
/** Finished jobs are kept this long, so that their status can be read, then purged. */
export const DONE_JOB_RETENTION_DAYS = 7;
export const FAILED_JOB_RETENTION_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Job types of which at most one runs per organization at a time, across all instances: two
 * rebuilds of one organization's insights would both replace its figures and share its cores,
 * and a consistency check beside a rebuild would compare figures being replaced.
 */
export const ONE_PER_ORGANIZATION: readonly JobType[] = [
  JOB_TYPES.rebuildInsights,
  JOB_TYPES.checkInsights,
];

/**
 * Job types that also wait while a job of these types of their organization is queued: a
 * consistency check waits for the rebuild that will replace the figures it would check.
 */
export const AFTER_QUEUED: Partial<Record<JobType, readonly JobType[]>> = {
  [JOB_TYPES.checkInsights]: [JOB_TYPES.rebuildInsights],
};

/** The default wait before attempt `attempt + 1`: 2, 4, 8… seconds, at most ten minutes. */
export const exponentialBackoff = (attempt: number): number =>
  Math.min(2 ** attempt * 1000, 10 * 60 * 1000);

/**
 * Queues a job. Pass the transaction of the change that needs the job, so that the job exists if
 * and only if the change was committed. Returns the job's id, or null when a queued job with the
 * same `dedupeKey` already covers it (then nothing is added).
 * @example await enqueueJob(trx, { type: JOB_TYPES.matchAwards, organizationId, dedupeKey: `match-awards:${organizationId}` })
 */
export async function enqueueJob(
  db: Kysely<Database>,
  options: EnqueueOptions,
): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      type: options.type,
      organizationId: options.organizationId ?? null,
      payload: JSON.stringify(options.payload ?? {}),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 3,
      ...(options.runAt ? { runAt: options.runAt.toISOString() } : {}),
    })
    // The only unique index a new job can violate is the partial one on queued dedupe keys; two
    // instances queuing the same key at once both succeed, and one of them adds nothing.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row && options.sooner && options.dedupeKey)
    await db
      .updateTable('jobs')
      .set({ runAt: (options.runAt ?? new Date()).toISOString() })
      .where('dedupeKey', '=', options.dedupeKey)
      .where('status', '=', 'QUEUED')
      .where('runAt', '>', (options.runAt ?? new Date()).toISOString())
      .execute();
  return row?.id ?? null;
}

/** The database clock, so that instances on different machines agree on leases. */
function clock(dialect: Dialect) {
  if (dialect === 'postgres') {
    return {
      now: (): RawBuilder<string> => sql<string>`now()`,
      plus: (ms: number): RawBuilder<string> =>
        sql<string>`now() + ${Math.round(ms)}::bigint * interval '1 millisecond'`,
    };
  }
  return {
    now: (): RawBuilder<string> => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    plus: (ms: number): RawBuilder<string> =>
      sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(3)} seconds`})`,
  };
}

/**
 * Lets requests that wait for the database run before the job's next query. On SQLite there is
 * one connection, and a job that queries in a tight loop would otherwise keep it from requests
 * (Kysely's connection lock is not first come, first served) until the job ends.
 */
const yieldConnection = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The handler learned that another worker took the job over (its lease had run out). */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} is no longer leased to this worker`);
    this.name = 'LeaseLostError';
  }
}

export interface JobQueueOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  handlers?: Partial<Record<JobType, JobHandler>>;
  /** Names this worker in `locked_by`; unique per process by default. */
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  /** Wait before the next attempt after attempt number `attempt` failed. */
  retryDelayMs?: (attempt: number) => number;
  /** Other clean-up to run with the hourly purge (expired sign-in states, outbox secrets). */
  housekeeping?: () => Promise<void>;
  /** Told how every claimed job's run ended (metrics). */
  onJobFinished?: (event: JobFinishedEvent) => void;
}

/** How a claimed job's run ended; `seconds` is absent when its handler did not run. */
export interface JobFinishedEvent {
  type: string;
  outcome: 'done' | 'retried' | 'failed' | 'interrupted' | 'lease_lost';
  seconds?: number;
}

/** While the worker cannot reach the database, it says so at most this often. */
export const WORKER_ERROR_LOG_INTERVAL_MS = 60_000;

export interface JobQueue {
  /** Runs jobs in the background until `stop()`. */
  start(): void;
  /** Stops taking jobs and waits for the running one to finish or reach a safe point. */
  stop(): Promise<void>;
  /** Runs runnable jobs in this process, one after another, until none is left (tests, scripts). */
  runUntilIdle(): Promise<void>;
  register(type: JobType, handler: JobHandler): void;
  /** Queues a job outside any transaction and wakes the worker. */
  enqueue(options: EnqueueOptions): Promise<number | null>;
  /** Wakes the worker now (a job was just committed in this process). */
  notify(): void;
  /** Deletes finished jobs past their retention, then runs the housekeeping. */
  purge(): Promise<void>;
  /**
   * Puts the jobs a stopped worker (another thread of this process) was running back in the
   * queue without using an attempt; returns how many.
   */
  releaseJobsOf(workerId: string): Promise<number>;
  readonly workerId: string;
}

type ClaimedRow = {
  id: number;
  type: string;
  organizationId: number | null;
  payload: string;
  attempts: number;
  maxAttempts: number;
};

/**
 * A durable job queue over the `jobs` table. One job runs at a time per queue. A claimed job is
 * leased to this worker; the lease is renewed while the handler runs, so that a job whose worker
 * died (its lease ran out) is claimed again by any instance, which counts as an attempt.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, dialect, log } = options;
  const handlers = new Map<string, JobHandler>(
    Object.entries(options.handlers ?? {}).filter((entry): entry is [JobType, JobHandler] =>
      Boolean(entry[1]),
    ),
  );
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const retryDelayMs = options.retryDelayMs ?? exponentialBackoff;
  const time = clock(dialect);

  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let notified = false;
  let lastPurge = 0;
  const workerErrors = createLogThrottle(WORKER_ERROR_LOG_INTERVAL_MS);

  function finished(type: string, outcome: JobFinishedEvent['outcome'], started?: number) {
    options.onJobFinished?.({
      type,
      outcome,
      ...(started === undefined ? {} : { seconds: (performance.now() - started) / 1000 }),
    });
  }

  async function claim(): Promise<ClaimedRow | undefined> {
    const types = [...handlers.keys()];
    if (types.length === 0) return undefined;
    const now = time.now();
    let next = db
      .selectFrom('jobs as j')
      .select('j.id')
      .where('j.type', 'in', types)
      .where((eb) =>
        eb.or([
          eb.and([eb('j.status', '=', 'QUEUED'), eb('j.runAt', '<=', now)]),
          eb.and([eb('j.status', '=', 'RUNNING'), eb('j.lockedUntil', '<', now)]),
        ]),
      )
      // A job of a type that runs once per organization at a time waits while another of those
      // types of its organization runs on any instance (its lease still held).
      .where((eb) =>
        eb.or([
          eb('j.type', 'not in', ONE_PER_ORGANIZATION),
          eb('j.organizationId', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs as other')
                .select('other.id')
                .where('other.type', 'in', ONE_PER_ORGANIZATION)
                .whereRef('other.organizationId', '=', 'j.organizationId')
                .whereRef('other.id', '!=', 'j.id')
                .where('other.status', '=', 'RUNNING')
                .where('other.lockedUntil', '>=', now),
            ),
          ),
        ]),
      )
      // …and a job of a type in AFTER_QUEUED while one of the types it waits for is queued.
      .where((eb) =>
        eb.and(
          Object.entries(AFTER_QUEUED).map(([type, after]) =>
            eb.or([
              eb('j.type', '!=', type as JobType),
              eb('j.organizationId', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('jobs as earlier')
                    .select('earlier.id')
                    .where('earlier.type', 'in', after!)
                    .whereRef('earlier.organizationId', '=', 'j.organizationId')
                    .where('earlier.status', '=', 'QUEUED'),
                ),
              ),
            ]),
          ),
        ),
      )
      .orderBy('j.runAt')
      .orderBy('j.id')
      .limit(1);
    // PostgreSQL: instances claim concurrently; a row another worker is claiming is skipped.
    // SQLite has one writer, so the single UPDATE is atomic by itself.
    if (dialect === 'postgres') next = next.forUpdate().skipLocked();
    return db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'RUNNING',
        lockedBy: workerId,
        lockedUntil: time.plus(leaseMs),
        attempts: eb('attempts', '+', 1),
        updatedAt: time.now(),
      }))
      .where('id', '=', next)
      .returning(['id', 'type', 'organizationId', 'payload', 'attempts', 'maxAttempts'])
      .executeTakeFirst();
  }

  /** Updates the job only while this worker (or the given one) still holds it. */
  const mine = (id: number, owner = workerId) =>
    db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('lockedBy', '=', owner)
      .where('status', '=', 'RUNNING');

  async function extendLease(id: number): Promise<boolean> {
    const result = await mine(id)
      .set({ lockedUntil: time.plus(leaseMs), updatedAt: time.now() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function markDone(id: number): Promise<void> {
    await mine(id)
      .set({
        status: 'DONE',
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        finishedAt: time.now(),
        updatedAt: time.now(),
      })
      .execute();
  }

  async function markFailed(id: number, error: Error): Promise<void> {
    await mine(id)
      .set({
        status: 'FAILED',
        lockedBy: null,
        lockedUntil: null,
        lastError: error.message.slice(0, 2000),
        finishedAt: time.now(),
        updatedAt: time.now(),
      })
      .execute();
  }

  async function requeue(
    id: number,
    delayMs: number,
    lastError: string | null,
    countAttempt: boolean,
    owner = workerId,
  ) {
    try {
      await mine(id, owner)
        .set((eb) => ({
          status: 'QUEUED',
          lockedBy: null,
          lockedUntil: null,
          lastError,
          runAt: time.plus(delayMs),
          updatedAt: time.now(),
          ...(countAttempt ? {} : { attempts: eb('attempts', '-', 1) }),
        }))
        .execute();
    } catch (error) {
      // A job with the same dedupe key was queued meanwhile: that one does this job's work.
      if (!isUniqueViolation(error)) throw error;
      await mine(id, owner)
        .set({
          status: 'DONE',
          lockedBy: null,
          lockedUntil: null,
          lastError: 'Superseded by a newer queued job with the same key',
          finishedAt: time.now(),
          updatedAt: time.now(),
        })
        .execute();
    }
  }

  function parsePayload(text: string): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  async function runClaimed(row: ClaimedRow): Promise<void> {
    const handler = handlers.get(row.type)!;
    const job: RunningJob = {
      id: row.id,
      type: row.type as JobType,
      organizationId: row.organizationId,
      payload: parsePayload(row.payload),
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
    };
    const jobLog = log.child({ jobId: job.id, jobType: job.type, attempt: job.attempt });
    let leaseLost = false;
    const context: JobContext = {
      db,
      dialect,
      log: jobLog,
      job,
      async heartbeat() {
        if (leaseLost || !(await extendLease(job.id))) {
          leaseLost = true;
          throw new LeaseLostError(job.id);
        }
        await yieldConnection();
      },
      async enqueue(next) {
        await enqueueJob(db, next);
        notify();
      },
      get stopping() {
        return stopping;
      },
    };

    const failForGood = async (error: Error, started?: number) => {
      jobLog.error({ err: error }, 'job failed for good');
      finished(job.type, 'failed', started);
      try {
        await handler.onFailed?.(context, error);
      } catch (cleanupError) {
        jobLog.error({ err: cleanupError }, 'cleaning up after a failed job failed');
      }
      await markFailed(job.id, error);
    };

    if (job.attempt > job.maxAttempts) {
      // Its last worker died with the job; it has had all its attempts.
      await failForGood(new Error('The worker running this job stopped before it finished'));
      return;
    }

    // The lease is renewed in the background while the handler runs, so a long step (one big
    // transaction) does not lose it; it runs out only when this process is gone.
    const renew = setInterval(
      () => {
        if (leaseLost) return;
        extendLease(job.id)
          .then((kept) => {
            if (!kept) leaseLost = true;
          })
          .catch((err: unknown) => jobLog.warn({ err }, 'could not extend the job lease'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    renew.unref();

    const started = performance.now();
    try {
      await handler.run(context);
      clearInterval(renew);
      if (leaseLost) {
        jobLog.warn('job finished after its lease was lost; the other worker decides its state');
        finished(job.type, 'lease_lost', started);
        return;
      }
      await markDone(job.id);
      finished(job.type, 'done', started);
      jobLog.info({ ms: Math.round(performance.now() - started) }, 'job done');
    } catch (caught) {
      clearInterval(renew);
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (leaseLost || error instanceof LeaseLostError) {
        jobLog.warn('job stopped: another worker took it over');
        finished(job.type, 'lease_lost', started);
        return;
      }
      if (error instanceof JobInterruptedError) {
        jobLog.info('job interrupted; it goes back to the queue');
        finished(job.type, 'interrupted', started);
        await requeue(job.id, 0, null, false);
        return;
      }
      if (job.attempt >= job.maxAttempts) {
        await failForGood(error, started);
        return;
      }
      const delay = retryDelayMs(job.attempt);
      jobLog.warn({ err: error, retryInMs: delay }, 'job attempt failed; it will be retried');
      finished(job.type, 'retried', started);
      await requeue(job.id, delay, error.message.slice(0, 2000), true);
    }
  }

  /** Claims and runs one job; false when none was runnable. */
  async function runOne(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;
    await runClaimed(row);
    return true;
  }

  async function purge(): Promise<void> {
    const day = 24 * 60 * 60 * 1000;
    await db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'DONE'),
            eb('finishedAt', '<', time.plus(-DONE_JOB_RETENTION_DAYS * day)),
          ]),
          eb.and([
            eb('status', '=', 'FAILED'),
            eb('finishedAt', '<', time.plus(-FAILED_JOB_RETENTION_DAYS * day)),
          ]),
        ]),
      )
      .execute();
    await options.housekeeping?.();
  }

  function notify(): void {
    notified = true;
    wake?.();
  }

  function idle(ms: number): Promise<void> {
    if (notified || stopping) {
      notified = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        notified = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  }

  async function work(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        if (Date.now() - lastPurge > PURGE_EVERY_MS) {
          lastPurge = Date.now();
          await purge();
        }
        ran = await runOne();
        workerErrors.recovered((suppressed) =>
          log.info({ suppressed }, 'the job worker reaches the database again'),
        );
        await yieldConnection();
      } catch (err) {
        // Polling goes on every pollMs; while the database is away, one line a minute is enough.
        workerErrors.failed((suppressed) =>
          log.error(
            { err, suppressed },
            'the job worker could not claim or record a job (repeats are logged once a minute, with the count suppressed)',
          ),
        );
      }
      if (!ran) await idle(pollMs);
    }
  }

  return {
    workerId,
    start() {
      if (loop) return;
      stopping = false;
      loop = work().finally(() => {
        loop = null;
      });
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    async runUntilIdle() {
      while (!stopping && (await runOne()));
    },
    register(type, handler) {
      handlers.set(type, handler);
    },
    async enqueue(next) {
      const id = await enqueueJob(db, next);
      notify();
      return id;
    },
    notify,
    purge,
    async releaseJobsOf(owner) {
      const running = await db
        .selectFrom('jobs')
        .select(['id', 'type'])
        .where('lockedBy', '=', owner)
        .where('status', '=', 'RUNNING')
        .execute();
      for (const job of running) {
        await requeue(job.id, 0, null, false, owner);
        finished(job.type, 'interrupted');
      }
      return running.length;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue; `main.ts` starts its worker once the server listens. */
    jobs: JobQueue;
  }
}
