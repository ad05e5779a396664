import {
  AGGREGATION_OPTIONS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  type InsightStatus,
  type TInsightsData,
  type TInsightsLookups,
  type TInsightsQuery,
} from '@laurel/contract/insights';
import { accessFor } from '@laurel/contract/permissions';

import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { latestCompleteYear } from '../earnings/earnings-provider.ts';
import { dollarsYearFor } from './cpi-u.ts';
import { emptyFigures } from './insights-builder.ts';
import type { InsightsRepository } from './insights.repository.ts';

export function createInsightsService(deps: {
  insights: InsightsRepository;
  supportEmail: string;
  now?: () => Date;
}) {
  const { insights } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The figures of one cohort, read from the precomputed aggregates (one primary-key lookup),
     * with the organization's insight status.
     */
    async data(actor: Actor, query: TInsightsQuery): Promise<TInsightsData> {
      const organizationId = query.organizationId ?? actor.principal.actingOrganizationId;
      requireAccess(actor.principal, 'read:insights', { organizationId });
      const organization = await insights.organization(organizationId);
      if (!organization) throw notFound();
      if (query.credentialId !== undefined) {
        const owner = await insights.credentialOrganization(query.credentialId);
        if (owner !== organizationId) throw notFound();
      }
      const credentialId = query.credentialId ?? null;

      const range = await insights.awardYearRange(organizationId, query.credentialId);
      let from: number | null = null;
      let to: number | null = null;
      if (range) {
        const f = Math.max(query.awardYearFrom ?? range.min, range.min);
        const t = Math.min(query.awardYearTo ?? range.max, range.max);
        if (f <= t) {
          from = f;
          to = t;
        }
      }
      const stored =
        from !== null && to !== null && organization.insightsEntitled
          ? await insights.findAggregate(organizationId, credentialId ?? 0, from, to)
          : undefined;

      const currentYear = latestCompleteYear(now());
      let status: InsightStatus = 'available';
      if (!organization.insightsEntitled) status = 'unavailable';
      else if (stored && stored.asOfYear < currentYear) {
        // A calendar year has ended since the figures were built: its earnings and dollars count
        // now. Rebuild (once; later reads find the queued job) and show the figures as processing.
        await insights.queueRebuild(organizationId);
        status = 'processing';
      } else if (await insights.isProcessing(organizationId)) status = 'processing';

      const asOfYear = stored?.asOfYear ?? currentYear;
      const figures = stored?.figures ?? emptyFigures();
      return {
        earnings: { ...figures.earnings, status },
        employment: { ...figures.employment, status },
        chart: figures.chart,
        cohort: figures.cohort,
        dataGaps: figures.dataGaps,
        asOfYear,
        dollarsOfYear: stored?.dollarsOfYear ?? dollarsYearFor(asOfYear),
        organizationId,
        credentialId,
        awardYearFrom: from,
        awardYearTo: to,
        builtAt: stored?.builtAt ?? null,
      };
    },

    async lookups(actor: Actor): Promise<TInsightsLookups> {
      requireAccess(actor.principal, 'read:insights');
      const { principal } = actor;
      const seesAll =
        accessFor(principal.roleId, 'read:insights') === 'any' && !principal.impersonating;
      const [awardYears, credentialTypes] = await Promise.all([
        insights.awardYearBounds(seesAll ? null : principal.actingOrganizationId),
        insights.credentialTypes(),
      ]);
      return {
        aggregationOptions: AGGREGATION_OPTIONS.map((o) => ({ code: o.code, name: o.name })),
        awardYears,
        credentialTypes,
        supportEmail: deps.supportEmail,
        suppressionMin: INSIGHTS_SUPPRESSION_MIN,
        smallSampleMin: INSIGHTS_SMALL_SAMPLE_MIN,
      };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
