import type { FastifyBaseLogger } from 'fastify';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

import type { JobFinishedEvent, JobQueue } from './queue.ts';

/** What the job thread needs to build its own queue. */
export interface JobThreadData {
  databaseUrl: string;
  earningsProvider: 'demo' | 'file';
  logLevel: string;
  /** Readable log lines (a terminal) rather than JSON. */
  pretty: boolean;
}

export type JobThreadMessage = { type: 'notify' } | { type: 'stop' };
export type JobThreadReport =
  { type: 'started' } | { type: 'stopped' } | { type: 'finished'; event: JobFinishedEvent };

/** A thread that stops unexpectedly is started again after this pause. */
const RESTART_DELAY_MS = 1_000;
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * The production job runner: `start()` runs the worker on its own thread with its own database
 * connection, so that parsing, matching and aggregating never hold up requests. Everything else
 * (queueing, `runUntilIdle` for the demo world's first build, the hourly purge and housekeeping)
 * runs in this process through `inner`, the in-process queue tests use.
 */
export function createThreadedJobQueue(
  inner: JobQueue,
  options: {
    thread: JobThreadData;
    log: FastifyBaseLogger;
    onJobFinished?: (event: JobFinishedEvent) => void;
  },
): JobQueue {
  const { log } = options;
  let worker: Worker | null = null;
  let stopping = false;
  let housekeeping: NodeJS.Timeout | null = null;
  let restart: NodeJS.Timeout | null = null;

  function spawn() {
    const thread = new Worker(new URL('./job-thread.ts', import.meta.url), {
      workerData: options.thread,
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
      worker = spawn();
      // The purge and the housekeeping (sign-in states, outbox secrets, request counters) need
      // this process's stores, so they run here, hourly.
      housekeeping = setInterval(() => {
        inner.purge().catch((err: unknown) => log.warn({ err }, 'hourly purge failed'));
      }, HOUSEKEEPING_EVERY_MS);
      housekeeping.unref();
    },
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      if (housekeeping) clearInterval(housekeeping);
      await inner.stop();
      const thread = worker;
      if (!thread) return;
      const exited = once(thread, 'exit');
      thread.postMessage({ type: 'stop' } satisfies JobThreadMessage);
      await exited;
      worker = null;
    },
    async enqueue(next) {
      const id = await inner.enqueue(next);
      notify();
      return id;
    },
    notify,
  };
}
