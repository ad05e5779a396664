import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
} from '../../jobs/types.ts';
import {
  checkInsightsDedupeKey,
  createInsightsCheckRepository,
  type InsightCheck,
  type InsightsCheckRepository,
} from './insights-check.repository.ts';
import { compareWithStored, describeDifferences } from './insights-consistency.ts';
import { createInsightsRepository } from './insights.repository.ts';
import { computeInsights } from './rebuild-insights.job.ts';

/** `YYYY-MM-DD` of a time, in UTC: the day a check belongs to. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Queues the day's `check-insights` job of every organization with insights and awards that has
 * none yet (housekeeping, hourly): one job per organization and UTC day, queued once however many
 * instances ask (its dedupe key, and a job of the day in any state counts).
 */
export async function scheduleInsightsChecks(
  checks: InsightsCheckRepository,
  enqueue: (options: EnqueueOptions) => Promise<unknown>,
  now: Date,
): Promise<number> {
  const day = utcDay(now);
  const queued = await checks.queuedOn(day);
  const due = (await checks.checkedOrganizations()).filter((id) => !queued.has(id));
  for (const organizationId of due)
    await enqueue({
      type: JOB_TYPES.checkInsights,
      organizationId,
      dedupeKey: checkInsightsDedupeKey(organizationId, day),
    });
  return due.length;
}

/**
 * Queues a check of one organization (or of every organization with insights and awards) to run
 * at once: the admin command. Returns the organizations it was queued for.
 */
export async function queueInsightsChecksNow(
  db: Kysely<Database>,
  now: Date,
  organizationId?: number,
): Promise<number[]> {
  const checks = createInsightsCheckRepository(db);
  const organizations = await checks.checkedOrganizations(organizationId);
  for (const id of organizations)
    await enqueueJob(db, {
      type: JOB_TYPES.checkInsights,
      organizationId: id,
      dedupeKey: checkInsightsDedupeKey(id, utcDay(now)),
      runAt: now,
      sooner: true,
    });
  return organizations;
}

/** What one check found; `skipped` when a rebuild was queued meanwhile (nothing is recorded). */
export type InsightsCheckOutcome = (InsightCheck & { skipped: false }) | { skipped: true };

/**
 * Computes the organization's figures as a rebuild would, stores nothing of them, and compares
 * them with the stored ones (`compareWithStored`). The result is kept unless a rebuild of the
 * organization was queued or started meanwhile (its data changed: the rebuild decides). When
 * figures differ the organization's stored blocks are forgotten and a rebuild is queued, so that
 * they heal, and, unless this check followed such a rebuild already, a check after it.
 */
export async function checkInsights(
  db: Kysely<Database>,
  organizationId: number,
  options: {
    now?: () => Date;
    earningsFloor?: number;
    databaseUrl?: string;
    onBatch?: () => Promise<void>;
    /** This check follows a rebuild that an earlier check queued: it queues no further check. */
    afterRebuild?: boolean;
    enqueue: (options: EnqueueOptions) => Promise<unknown>;
  },
): Promise<InsightsCheckOutcome> {
  const now = options.now ?? (() => new Date());
  const insights = createInsightsRepository(db);
  const computed = await computeInsights(db, organizationId, {
    now: now(),
    ...(options.earningsFloor === undefined ? {} : { earningsFloor: options.earningsFloor }),
    ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
    ...(options.onBatch ? { onBatch: options.onBatch } : {}),
  });
  const stored = await insights.storedAggregates(organizationId);
  if (await insights.rebuildPending(organizationId)) return { skipped: true };
  const differences = compareWithStored(computed, stored);
  const check: InsightCheck = {
    organizationId,
    checkedAt: now().toISOString(),
    differingCohorts: differences.length,
    differences: describeDifferences(differences),
  };
  await createInsightsCheckRepository(db).record(check);
  if (differences.length > 0) {
    // What differs may come from a stored block of awards (decision record 068): the rebuild
    // that heals reads every award again.
    await insights.forgetBlocks(organizationId);
    await insights.queueRebuild(organizationId);
    // Claimed only once the rebuild has ended (the queue's rule): it tells whether it healed.
    if (!options.afterRebuild)
      await options.enqueue({
        type: JOB_TYPES.checkInsights,
        organizationId,
        payload: { afterRebuild: true },
        dedupeKey: `check-insights:after-rebuild:${organizationId}`,
      });
  }
  return { ...check, skipped: false };
}

/** `check-insights`: payload `{ afterRebuild? }`, organization from the job. */
export function createCheckInsightsHandler(
  deps: { now?: () => Date; earningsFloor?: number; databaseUrl?: string } = {},
): JobHandler {
  return {
    async run(context: JobContext) {
      const organizationId = context.job.organizationId;
      if (organizationId === null) throw new Error('check-insights needs an organization');
      const started = performance.now();
      const outcome = await checkInsights(context.db, organizationId, {
        ...(deps.now ? { now: deps.now } : {}),
        ...(deps.earningsFloor === undefined ? {} : { earningsFloor: deps.earningsFloor }),
        ...(deps.databaseUrl === undefined ? {} : { databaseUrl: deps.databaseUrl }),
        afterRebuild: context.job.payload.afterRebuild === true,
        enqueue: context.enqueue,
        // It yields as a rebuild does: a stopping worker puts it back, its lease is renewed.
        onBatch: async () => {
          if (context.stopping) throw new JobInterruptedError();
          await context.heartbeat();
        },
      });
      const ms = Math.round(performance.now() - started);
      if (outcome.skipped)
        context.log.info({ organizationId, ms }, 'insights check left to the queued rebuild');
      else if (outcome.differingCohorts > 0)
        context.log.warn(
          {
            organizationId,
            ms,
            differingCohorts: outcome.differingCohorts,
            differences: outcome.differences,
          },
          'stored insights differ from a full rebuild; a rebuild is queued',
        );
      else context.log.info({ organizationId, ms }, 'stored insights are consistent');
    },
  };
}
