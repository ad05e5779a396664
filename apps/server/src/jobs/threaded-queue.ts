import type { JobHandlerDeps } from './handlers.ts';
import type { FastifyBaseLogger } from 'fastify';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import type { JobFinishedEvent, JobQueue } from './queue.ts';

/** What the job thread needs to build its own queue. */
export interface JobThreadData {
  databaseUrl: string;
  /** Names the thread's worker in `locked_by`, so that this process can release its jobs. */
  workerId: string;
  earningsProvider: 'demo' | 'file';
  /** Annual wages below this are not counted in insight wage figures. */
  insightsEarningsFloor: number;
  /** PUBLIC_URL and SECRET_KEY, for signing credentials, and how their holders are e-mailed. */
  openBadges?: JobHandlerDeps['openBadges'];
  /** PUBLIC_URL, SECRET_KEY, mail settings and loopback receivers, for webhook deliveries. */
  webhooks?: JobHandlerDeps['webhooks'];
  /** PUBLIC_URL and mail settings, for the monthly insights digest. */
  insightsDigest?: JobHandlerDeps['insightsDigest'];
  logLevel: string;
  /** Readable log lines (a terminal) rather than JSON. */
  pretty: boolean;
}

export type JobThreadMessage = { type: 'notify' } | { type: 'stop' };
export type JobThreadReport =
  { type: 'started' } | { type: 'stopped' } | { type: 'finished'; event: JobFinishedEvent };

/** A thread that stops unexpectedly is started again after this pause. */
const RESTART_DELAY_MS = 1_000;
/**
 * A running job reaches a safe point within moments of being asked to stop; a thread that has
 * not stopped by then is ended, and its job goes back to the queue from here. Within the grace a
 * shutdown gives the requests in flight (main.ts), which runs at the same time.
 */
export const THREAD_STOP_TIMEOUT_MS = 20_000;
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
/**
 * The job thread's heap for new objects: jobs read rows by the million, and V8 would otherwise
 * grow it to some 64 MB of resident memory; 24 MB (8 MB semi-spaces) keeps an insights rebuild of
 * a million awards under 256 MB of resident memory at the cost of more frequent minor collections.
 */
export const JOB_THREAD_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 24 };

/**
 * The production job runner: `start()` runs the worker on its own thread with its own database
 * connection, so that parsing, matching and aggregating never hold up requests. Everything else
 * (queueing, `runUntilIdle` for the demo world's first build, the hourly purge and housekeeping)
 * runs in this process through `inner`, the in-process queue tests use.
 */
export function createThreadedJobQueue(
  inner: JobQueue,
  options: {
    thread: Omit<JobThreadData, 'workerId'>;
    log: FastifyBaseLogger;
    onJobFinished?: (event: JobFinishedEvent) => void;
    stopTimeoutMs?: number;
  },
): JobQueue {
  const { log } = options;
  const stopTimeoutMs = options.stopTimeoutMs ?? THREAD_STOP_TIMEOUT_MS;
  let worker: Worker | null = null;
  let workerId = '';
  let stopping = false;
  let stopped: Promise<void> | null = null;
  let housekeeping: NodeJS.Timeout | null = null;
  let restart: NodeJS.Timeout | null = null;
  let threads = 0;

  function spawn() {
    threads += 1;
    workerId = `${inner.workerId}:jobs-${threads}`;
    const thread = new Worker(new URL('./job-thread.ts', import.meta.url), {
      workerData: { ...options.thread, workerId } satisfies JobThreadData,
      resourceLimits: JOB_THREAD_RESOURCE_LIMITS,
    });
    thread.on('message', (report: JobThreadReport) => {
      if (report.type === 'finished') options.onJobFinished?.(report.event);
      if (report.type === 'started') log.info({ threadId: thread.threadId }, 'job thread started');
    });
    thread.on('error', (err) => log.error({ err }, 'the job thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (stopping) return;
      log.error({ code }, 'the job thread stopped unexpectedly; starting it again in a second');
      restart = setTimeout(() => {
        restart = null;
        if (!stopping) worker = spawn();
      }, RESTART_DELAY_MS);
      restart.unref();
    });
    return thread;
  }

  const notify = () => {
    inner.notify();
    worker?.postMessage({ type: 'notify' } satisfies JobThreadMessage);
  };

  return {
    ...inner,
    start() {
      if (worker) return;
      stopping = false;
      stopped = null;
      worker = spawn();
      // The purge and the housekeeping (sign-in states, outbox secrets, request counters) need
      // this process's stores, so they run here, hourly.
      housekeeping = setInterval(() => {
        inner.purge().catch((err: unknown) => log.warn({ err }, 'hourly purge failed'));
      }, HOUSEKEEPING_EVERY_MS);
      housekeeping.unref();
    },
    stop() {
      // Called by the shutdown and by the app's close alike: one stop for both.
      stopped ??= (async () => {
        stopping = true;
        if (restart) clearTimeout(restart);
        if (housekeeping) clearInterval(housekeeping);
        await inner.stop();
        const thread = worker;
        if (!thread) return;
        const exited = once(thread, 'exit').then(() => true);
        thread.postMessage({ type: 'stop' } satisfies JobThreadMessage);
        const inTime = await Promise.race([exited, sleep(stopTimeoutMs, false, { ref: false })]);
        if (!inTime) {
          await thread.terminate();
          const released = await inner.releaseJobsOf(workerId);
          log.warn(
            { stopTimeoutMs, released },
            'the job thread did not stop in time and was ended; its running job went back to the queue',
          );
        }
        worker = null;
      })();
      return stopped;
    },
    async enqueue(next) {
      const id = await inner.enqueue(next);
      notify();
      return id;
    },
    notify,
  };
}
