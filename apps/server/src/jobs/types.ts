import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';

import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Job types Laurel runs in the background. */
export const JOB_TYPES = {
  /** Parse, validate and store an awards upload; payload `{ uploadId }`. */
  processUpload: 'process-upload',
  /** Ask the earnings provider about an organization's unmatched awards; payload `{}`. */
  matchAwards: 'match-awards',
  /** Check and store an earnings result file; payload `{ importId }`. */
  importEarnings: 'import-earnings',
  /** Recompute an organization's insight aggregates; payload `{}`. */
  rebuildInsights: 'rebuild-insights',
  /**
   * Compare an organization's stored insight aggregates with a full rebuild, daily; payload
   * `{ afterRebuild? }` (docs/operations.md#insights-consistency-check).
   */
  checkInsights: 'check-insights',
  /** Sign the Open Badges credentials of a credential's awards; payload `IssueJobPayload`. */
  issueCredentials: 'issue-credentials',
  /** E-mail each new signed credential's link to its holder; payload `{ credentialId }`. */
  sendCredentials: 'send-credentials',
  /** Send a webhook endpoint's due deliveries (docs/api.md#webhooks); payload `{ endpointId }`. */
  deliverWebhooks: 'deliver-webhooks',
  /** E-mail one organization admin's monthly insights digest; payload `{ userId, month }`. */
  sendInsightsDigest: 'send-insights-digest',
} as const;
export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES];

export interface EnqueueOptions {
  type: JobType;
  organizationId?: number | null;
  payload?: Record<string, unknown>;
  /** A queued job with the same key already covers this one: nothing new is queued. */
  dedupeKey?: string;
  /** Attempts before the job is marked FAILED (default 3). */
  maxAttempts?: number;
  /** Earliest start. */
  runAt?: Date;
  /**
   * When a queued job with the same `dedupeKey` would start later than this one, it starts at this
   * one's time instead (a waiting retry does not hold up new work).
   */
  sooner?: boolean;
}

export interface RunningJob {
  id: number;
  type: JobType;
  organizationId: number | null;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 after one failure or lost lease, … */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  job: RunningJob;
  /** Extends the job's lease; long handlers call it at least every few seconds. */
  heartbeat(): Promise<void>;
  /** Queues a follow-up job (outside any transaction on SQLite). */
  enqueue(options: EnqueueOptions): Promise<void>;
  /** True once the worker is stopping: a handler should return at a safe point. */
  readonly stopping: boolean;
}

/**
 * Does one job. Throwing marks the attempt failed (retried with backoff until maxAttempts; then
 * FAILED and `onFailed` runs). A handler must be safe to run again from the start after a crash.
 */
export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /** Called once when the job has failed for good, to leave its subject in a clean state. */
  onFailed?(context: JobContext, error: Error): Promise<void>;
}

/**
 * Thrown by a handler that stopped at a safe point because the worker is stopping (`stopping`):
 * the job goes back to the queue without counting the attempt, and runs again from the start.
 */
export class JobInterruptedError extends Error {
  constructor() {
    super('The worker stopped before the job finished');
    this.name = 'JobInterruptedError';
  }
}
