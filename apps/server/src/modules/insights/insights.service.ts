import {
  AGGREGATION_OPTIONS,
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  type InsightStatus,
  type TAwardYearRange,
  type TInsightsData,
  type TInsightsLookups,
  type TInsightsQuery,
  type TInsightsReportQuery,
} from '@laurel/contract/insights';
import type { TBenchmarkComparison, TBenchmarkComparisonQuery } from '@laurel/contract/benchmarks';
import { poolStart } from '@laurel/contract/insights-rules';
import { accessFor } from '@laurel/contract/permissions';

import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Auditor } from '../../lib/audit.ts';
import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-error.ts';
import { latestCompleteYear } from '../earnings/earnings-provider.ts';
import { dollarsYearFor } from './cpi-u.ts';
import { emptyFigures } from './figures.ts';
import type { InsightsRepository } from './insights.repository.ts';
import { credentialReport, organizationReport } from './insights-report.ts';
import { describeRebuild } from './rebuild-progress.ts';

/**
 * The stored award-year ranges of a cohort, each named: all years is the only range stored when
 * the awards lie in one pool; otherwise it spans several pools, which no pool does.
 */
export function rangesOf(stored: Array<{ from: number; to: number }>): TAwardYearRange[] {
  return stored.map((r) => ({
    ...r,
    kind: stored.length === 1 || poolStart(r.from) !== poolStart(r.to) ? 'ALL' : 'POOL',
  }));
}

/**
 * What `GET /api/insights-data` answers, apart from the rest of the insights service, for those
 * that tell the published figures elsewhere (the monthly insights digest).
 */
export function createInsightsReader(deps: { insights: InsightsRepository; now?: () => Date }) {
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

      // Only all years and the fixed pools are answered (decision record 017): a range is answered
      // by the pool that holds it, otherwise by all years.
      const stored = organization.insightsEntitled
        ? await insights.storedRanges(organizationId, credentialId ?? 0)
        : [];
      const ranges = rangesOf(stored);
      const wanted = { from: query.awardYearFrom, to: query.awardYearTo };
      const chosen =
        (wanted.from !== undefined || wanted.to !== undefined
          ? ranges.find(
              (r) =>
                r.kind === 'POOL' &&
                r.from <= (wanted.from ?? wanted.to!) &&
                (wanted.to ?? wanted.from!) <= r.to,
            )
          : undefined) ?? ranges.find((r) => r.kind === 'ALL');
      const found = chosen
        ? await insights.findAggregate(organizationId, credentialId ?? 0, chosen.from, chosen.to)
        : undefined;
      const current = found && found.method === INSIGHTS_METHOD ? found : undefined;

      const currentYear = latestCompleteYear(now());
      let status: InsightStatus = 'available';
      if (!organization.insightsEntitled) status = 'unavailable';
      else if (found && (!current || current.asOfYear < currentYear)) {
        // A calendar year has ended since the figures were built: its earnings and dollars count
        // now; or the figures follow an older methodology. Rebuild (once; later reads find the
        // queued job) and show the figures as processing.
        await insights.queueRebuild(organizationId);
        status = 'processing';
      } else if (await insights.isProcessing(organizationId)) status = 'processing';

      const rebuild = organization.insightsEntitled
        ? describeRebuild(await insights.rebuildState(organizationId), now())
        : null;
      const asOfYear = current?.asOfYear ?? currentYear;
      const figures = current?.figures ?? emptyFigures();
      return {
        earnings: { ...figures.earnings, status },
        employment: { ...figures.employment, status },
        chart: figures.chart,
        cohort: figures.cohort,
        dataGaps: figures.dataGaps,
        asOfYear,
        dollarsOfYear: current?.dollarsOfYear ?? dollarsYearFor(asOfYear),
        organizationId,
        credentialId,
        awardYearFrom: chosen?.from ?? null,
        awardYearTo: chosen?.to ?? null,
        ranges,
        builtAt: current?.builtAt ?? null,
        rebuild,
      };
    },
  };
}

export function createInsightsService(deps: {
  insights: InsightsRepository;
  supportEmail: string;
  /** Annual wages below this are not counted (for the lookups to say so). */
  earningsFloor?: number;
  now?: () => Date;
  /** What the PDF reports need: where downloads are audited, the demo notice, the site's address. */
  reports: {
    db: Kysely<Database>;
    audit: Auditor;
    demo: boolean;
    publicUrl: string;
    /** A credential's benchmark and high-school threshold (the benchmarks module). */
    benchmarks: (actor: Actor, query: TBenchmarkComparisonQuery) => Promise<TBenchmarkComparison>;
  };
}) {
  const { insights } = deps;
  const now = deps.now ?? (() => new Date());
  const reader = createInsightsReader({ insights, now });

  const service = {
    data: reader.data,

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
        poolYears: INSIGHTS_POOL_YEARS,
        earningsFloor: deps.earningsFloor ?? INSIGHTS_DEFAULT_EARNINGS_FLOOR,
      };
    },

    /**
     * The PDF report of a cohort: a credential's figures, or with no credential one row per
     * credential of the organization and one for all of them, built from exactly what `data`
     * answers for the same requests; the download is audited as an export.
     */
    async report(
      actor: Actor,
      query: TInsightsReportQuery,
    ): Promise<{ fileName: string; document: PDFKit.PDFDocument }> {
      const { paper, language, ...cohort } = query;
      const data = await service.data(actor, cohort);
      const organization = (await insights.organization(data.organizationId))!;
      const base = {
        organizationName: organization.name,
        paper,
        demo: deps.reports.demo,
        generatedAt: now(),
        publicUrl: deps.reports.publicUrl,
        // Asked for, or the request's (the web app sends the person's chosen language).
        language: language ?? actor.language ?? 'en',
      };
      const credentials = await insights.credentialsOf(data.organizationId);
      let document: PDFKit.PDFDocument;
      let subject: string;
      if (data.credentialId !== null) {
        const credential = credentials.find((c) => c.id === data.credentialId)!;
        subject = `credential "${credential.name}" (${credential.code})`;
        const comparison = await deps.reports.benchmarks(actor, {
          credentialId: credential.id,
          dollarsOfYear: data.dollarsOfYear,
        });
        document = credentialReport({ ...base, credential, data, comparison });
      } else {
        subject = `all credentials of ${organization.name}`;
        const rows = [];
        for (const credential of credentials)
          rows.push({
            ...credential,
            data: await service.data(actor, { ...cohort, credentialId: credential.id }),
          });
        document = organizationReport({ ...base, overall: data, credentials: rows });
      }
      await deps.reports.audit(deps.reports.db, actor, {
        type: 'EXPORT',
        resourceType: 'insights',
        resourceId: 'report',
        organizationId: data.organizationId,
        summary: `Downloaded the insights report of ${subject} as PDF`,
      });
      const slug = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
      const fileName = `${slug(
        data.credentialId === null
          ? organization.name
          : credentials.find((c) => c.id === data.credentialId)!.code,
      )}-insights-report.pdf`;
      return { fileName, document };
    },
  };
  return service;
}
export type InsightsService = ReturnType<typeof createInsightsService>;
