import type { Insertable } from 'kysely';

import {
  JOB_TYPES,
  type JobContext,
  type JobHandler,
  JobInterruptedError,
} from '../../jobs/types.ts';
import type { EarningsYearTable } from '../../db/schema.ts';
import type { EarningsProvider } from './earnings-provider.ts';
import { createEarningsRepository } from './earnings.repository.ts';
import { recordWebhookEvent } from '../webhooks/webhook-outbox.ts';

export const MATCH_BATCH_SIZE = 1000;

export const matchAwardsDedupeKey = (organizationId: number) => `match-awards:${organizationId}`;
export const rebuildInsightsDedupeKey = (organizationId: number) =>
  `rebuild-insights:${organizationId}`;

/**
 * `match-awards`: asks the provider about the organization's PENDING awards, a batch at a time;
 * each batch is stored in one transaction (earnings years, match status, one usage event per newly
 * matched award), so a crash loses at most the batch in flight and a re-run takes only what is
 * still PENDING. With no automatic provider (EARNINGS_PROVIDER=file) awards wait for an import.
 * Either way the organization's insights are rebuilt afterwards, since its awards changed.
 * An organization without the earnings entitlement is neither matched nor billed (DESIGN §4): its
 * awards stay PENDING until the entitlement is switched on, which queues this job again.
 */
export function createMatchAwardsHandler(deps: {
  /** Null when awards are matched only by importing provider files. */
  provider: EarningsProvider | null;
  batchSize?: number;
  now?: () => Date;
}): JobHandler {
  const batchSize = deps.batchSize ?? MATCH_BATCH_SIZE;
  const now = deps.now ?? (() => new Date());
  return {
    async run(context: JobContext) {
      const organizationId = context.job.organizationId;
      if (organizationId === null) throw new Error('match-awards needs an organization');
      const { provider } = deps;
      const earnings = createEarningsRepository(context.db);
      if (!(await earnings.insightsEntitled(organizationId))) {
        context.log.info(
          { organizationId },
          'awards not matched: the organization has no earnings entitlement',
        );
        return;
      }
      let afterId = 0;
      let matched = 0;
      let notMatched = 0;
      while (provider) {
        const batch = await earnings.pendingAwards(organizationId, afterId, batchSize);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1]!.id;
        const results = await provider.match(batch);
        const at = now();
        const matchedIds: number[] = [];
        const notMatchedIds: number[] = [];
        const years: Array<Insertable<EarningsYearTable>> = [];
        for (const award of batch) {
          const result = results.get(award.id);
          if (!result) continue;
          if (!result.matched) {
            notMatchedIds.push(award.id);
            continue;
          }
          matchedIds.push(award.id);
          for (const y of result.years) {
            years.push({
              awardId: award.id,
              year: y.year,
              wage: y.wage,
              employed: y.employed,
              fullTime: y.fullTime,
              industry: y.industry,
              jobRole: y.jobRole,
              source: provider.code,
            });
          }
        }
        await context.db.transaction().execute(async (trx) => {
          await earnings.upsertEarningsYears(trx, years);
          await earnings.markMatched(trx, {
            organizationId,
            awardIds: matchedIds,
            provider: provider.code,
            billingCode: provider.billingCode,
            at,
          });
          await earnings.markNotMatched(trx, {
            organizationId,
            awardIds: notMatchedIds,
            provider: provider.code,
            at,
          });
          if (matchedIds.length > 0)
            await recordWebhookEvent(trx, organizationId, 'award.matched', {
              awardIds: matchedIds,
            });
        });
        matched += matchedIds.length;
        notMatched += notMatchedIds.length;
        await context.heartbeat();
        // Back to the queue; the next run takes what is still PENDING.
        if (context.stopping) throw new JobInterruptedError();
      }
      context.log.info(
        { organizationId, matched, notMatched, provider: provider?.code ?? 'file' },
        'awards matched',
      );
      await context.enqueue({
        type: JOB_TYPES.rebuildInsights,
        organizationId,
        dedupeKey: rebuildInsightsDedupeKey(organizationId),
      });
    },
  };
}
