import type { Kysely } from 'kysely';

import { INSIGHTS_DEFAULT_EARNINGS_FLOOR } from '@laurel/contract/insights';

import type { Database } from '../../db/schema.ts';
import { type JobContext, type JobHandler, JobInterruptedError } from '../../jobs/types.ts';
import { latestCompleteYear } from '../earnings/earnings-provider.ts';
import { dollarsYearFor } from './cpi-u.ts';
import { createInsightsBuilder } from './insights-builder.ts';
import { createInsightsRepository } from './insights.repository.ts';

export const REBUILD_BATCH_SIZE = 5000;

export interface RebuildResult {
  awards: number;
  cohorts: number;
  asOfYear: number;
  dollarsOfYear: number;
}

/**
 * Recomputes one organization's insight aggregates and credential summaries from its awards and
 * earnings (read once, in batches) and replaces the stored ones in one transaction: readers see
 * the previous figures until it commits.
 */
export async function rebuildInsights(
  db: Kysely<Database>,
  organizationId: number,
  options: {
    now?: Date;
    batchSize?: number;
    onBatch?: () => Promise<void>;
    /** Annual wages (nominal dollars) below this are not counted; default $15,080. */
    earningsFloor?: number;
  } = {},
): Promise<RebuildResult> {
  const asOfYear = latestCompleteYear(options.now ?? new Date());
  const dollarsOfYear = dollarsYearFor(asOfYear);
  const repository = createInsightsRepository(db);
  const builder = createInsightsBuilder({ asOfYear, dollarsOfYear });
  const later = await repository.laterAwards(organizationId);
  let awards = 0;
  for await (const batch of repository.awardBatches(organizationId, {
    batchSize: options.batchSize ?? REBUILD_BATCH_SIZE,
    asOfYear,
    earningsFloor: options.earningsFloor ?? INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  })) {
    for (const award of batch) builder.add(award, later.has(award.id));
    awards += batch.length;
    await options.onBatch?.();
  }
  const { aggregates, summaries } = builder.finish();
  await repository.replace(organizationId, {
    aggregates,
    summaries,
    asOfYear,
    dollarsOfYear,
    builtAt: options.now ?? new Date(),
  });
  return { awards, cohorts: aggregates.length, asOfYear, dollarsOfYear };
}

/** `rebuild-insights`: payload `{}`, organization from the job. */
export function createRebuildInsightsHandler(
  deps: { now?: () => Date; earningsFloor?: number } = {},
): JobHandler {
  return {
    async run(context: JobContext) {
      const organizationId = context.job.organizationId;
      if (organizationId === null) throw new Error('rebuild-insights needs an organization');
      const started = performance.now();
      const result = await rebuildInsights(context.db, organizationId, {
        ...(deps.now ? { now: deps.now() } : {}),
        ...(deps.earningsFloor === undefined ? {} : { earningsFloor: deps.earningsFloor }),
        onBatch: async () => {
          if (context.stopping) throw new JobInterruptedError();
          await context.heartbeat();
        },
      });
      context.log.info(
        { organizationId, ...result, ms: Math.round(performance.now() - started) },
        'insights rebuilt',
      );
    },
  };
}
