import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { SignInEvent, SignInObserver } from '@laurel/identity';

import type { JobFinishedEvent } from '../jobs/queue.ts';
import type { QueueStats } from '../jobs/queue-stats.ts';
import { createLogThrottle } from './log-throttle.ts';

export interface MetricsOptions {
  /** Every job type, so that each has its series (0) before its first job. */
  jobTypes: readonly string[];
  /** The queue's state, read at scrape time. */
  readQueueStats: () => Promise<QueueStats[]>;
  /**
   * The insights consistency checks, read at scrape time: organizations whose last check found
   * differences, and when the latest check ran (null before the first).
   */
  readInsightChecks?: () => Promise<{ inconsistent: number; lastCheckedAt: string | null }>;
  /** The PostgreSQL connection pool; SQLite has one connection and no pool to report. */
  pool?: pg.Pool;
  version: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  observeJob(event: JobFinishedEvent): void;
  observeSignIn: SignInObserver;
}

type InsightChecks = Awaited<ReturnType<NonNullable<MetricsOptions['readInsightChecks']>>>;

/** Scrapes arriving together (several gauges, or several Prometheus servers) share one query. */
const QUEUE_STATS_REUSE_MS = 1_000;

/**
 * Laurel's Prometheus metrics in a registry of their own (several apps may live in one process,
 * as in tests), with Node's default process metrics. Names are listed in docs/operations.md.
 */
export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: 'laurel_build_info',
    help: 'Always 1; the version label names the running release.',
    labelNames: ['version'],
    registers,
  }).set({ version: options.version }, 1);

  const requestDuration = new Histogram({
    name: 'laurel_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  // ---------------------------------------------------------------- jobs
  const warnings = createLogThrottle(60_000);
  let statsRead: { at: number; result: Promise<QueueStats[] | undefined> } | undefined;
  function queueStats(): Promise<QueueStats[] | undefined> {
    const now = Date.now();
    if (!statsRead || now - statsRead.at > QUEUE_STATS_REUSE_MS) {
      statsRead = {
        at: now,
        result: options.readQueueStats().then(
          (stats) => {
            warnings.recovered();
            return stats;
          },
          (err: unknown) => {
            warnings.failed((suppressed) =>
              options.log.warn(
                { err, suppressed },
                'metrics: the job queue could not be read; job gauges are left out',
              ),
            );
            return undefined;
          },
        ),
      };
    }
    return statsRead.result;
  }

  /** A gauge by job type, set from the queue's state at every scrape. */
  function queueGauge(name: string, help: string, value: (stats: QueueStats) => number) {
    return new Gauge({
      name,
      help,
      labelNames: ['type'],
      registers,
      async collect() {
        this.reset();
        const stats = await queueStats();
        if (!stats) return;
        for (const type of options.jobTypes) this.set({ type }, 0);
        for (const row of stats) this.set({ type: row.type }, value(row));
      },
    });
  }
  queueGauge(
    'laurel_jobs_queued',
    'Jobs waiting in the queue, including those waiting for a retry.',
    (s) => s.queued,
  );
  queueGauge(
    'laurel_jobs_running',
    'Jobs a worker is running now (any instance).',
    (s) => s.running,
  );
  queueGauge(
    'laurel_jobs_oldest_queued_age_seconds',
    'How long the longest-waiting runnable job has waited for a worker (0 when none waits).',
    (s) => s.oldestQueuedAgeSeconds,
  );
  new Gauge({
    name: 'laurel_database_up',
    help: '1 when the database answered the scrape-time query of the job queue, else 0.',
    registers,
    async collect() {
      this.set((await queueStats()) ? 1 : 0);
    },
  });

  const jobDuration = new Histogram({
    name: 'laurel_job_duration_seconds',
    help: "Run time of a job's attempt in this instance, by type and how it ended.",
    labelNames: ['type', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers,
  });
  const jobFailures = new Counter({
    name: 'laurel_job_failures_total',
    help: 'Failed job attempts in this instance; final="true" when the job has failed for good.',
    labelNames: ['type', 'final'],
    registers,
  });
  for (const type of options.jobTypes)
    for (const final of ['true', 'false']) jobFailures.inc({ type, final }, 0);

  // ---------------------------------------------------------------- insights consistency
  const readInsightChecks = options.readInsightChecks;
  if (readInsightChecks) {
    const checkWarnings = createLogThrottle(60_000);
    let checksRead: { at: number; result: Promise<InsightChecks | undefined> } | undefined;
    const insightChecks = (): Promise<InsightChecks | undefined> => {
      const now = Date.now();
      if (!checksRead || now - checksRead.at > QUEUE_STATS_REUSE_MS)
        checksRead = {
          at: now,
          result: readInsightChecks().then(
            (checks) => {
              checkWarnings.recovered();
              return checks;
            },
            (err: unknown) => {
              checkWarnings.failed((suppressed) =>
                options.log.warn(
                  { err, suppressed },
                  'metrics: the insights checks could not be read; their gauges are left out',
                ),
              );
              return undefined;
            },
          ),
        };
      return checksRead.result;
    };
    new Gauge({
      name: 'laurel_insights_inconsistent_organizations',
      help: 'Organizations whose last consistency check found stored insights differing from a full rebuild.',
      registers,
      async collect() {
        this.reset();
        const checks = await insightChecks();
        if (checks) this.set(checks.inconsistent);
      },
    });
    new Gauge({
      name: 'laurel_insights_last_check_timestamp_seconds',
      help: 'When the latest consistency check of any organization’s stored insights ran, in Unix seconds (0 before the first).',
      registers,
      async collect() {
        this.reset();
        const checks = await insightChecks();
        if (checks) this.set(checks.lastCheckedAt ? Date.parse(checks.lastCheckedAt) / 1000 : 0);
      },
    });
  }

  // ---------------------------------------------------------------- sign-ins
  const signIns = new Counter({
    name: 'laurel_sign_ins_total',
    help: 'Sign-ins at the embedded identity pool that ended with tokens, by method.',
    labelNames: ['method'],
    registers,
  });
  const signInFailures = new Counter({
    name: 'laurel_sign_in_failures_total',
    help: 'Sign-ins at the embedded identity pool that were refused, by method and reason.',
    labelNames: ['method', 'reason'],
    registers,
  });
  for (const method of ['password', 'company']) signIns.inc({ method }, 0);
  signInFailures.inc({ method: 'password', reason: 'incorrect_credentials' }, 0);

  // ---------------------------------------------------------------- database pool
  const pool = options.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    poolGauge(
      'laurel_db_pool_connections',
      'Open connections of the PostgreSQL pool.',
      () => pool.totalCount,
    );
    poolGauge(
      'laurel_db_pool_idle_connections',
      'Open connections no query is using.',
      () => pool.idleCount,
    );
    poolGauge(
      'laurel_db_pool_waiting_clients',
      'Queries waiting for a connection because every one is in use.',
      () => pool.waitingCount,
    );
    poolGauge(
      'laurel_db_pool_max_connections',
      'The most connections the pool opens.',
      () => pool.options.max ?? 10,
    );
  }

  // Node's process metrics (CPU, memory, heap, event loop lag, GC) after Laurel's own.
  collectDefaultMetrics({ register: registry });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    observeJob(event) {
      if (event.seconds !== undefined)
        jobDuration.observe({ type: event.type, outcome: event.outcome }, event.seconds);
      if (event.outcome === 'retried' || event.outcome === 'failed')
        jobFailures.inc({ type: event.type, final: String(event.outcome === 'failed') });
    },
    observeSignIn(event: SignInEvent) {
      if (event.outcome === 'success') signIns.inc({ method: event.method });
      else signInFailures.inc({ method: event.method, reason: event.reason });
    },
  };
}
