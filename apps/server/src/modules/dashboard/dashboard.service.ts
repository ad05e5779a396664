import type { Kysely } from 'kysely';
import {
  highestUsage,
  usageShare,
  type TContract,
  type TContractSummary,
  type TLineItem,
} from '@laurel/contract/contracts';
import type { BillingCode } from '@laurel/contract/constants';
import {
  ATTENTION_KINDS,
  ATTENTION_LIMIT,
  CONTRACT_ENDING_SOON_DAYS,
  UPLOAD_FAILED_RECENT_DAYS,
  SAML_CERTIFICATE_WARNING_DAYS,
  UPLOAD_STUCK_MINUTES,
  type AttentionKind,
  type PlatformOrganizationSort,
  type TAttention,
  type TAttentionItem,
  type TContractUsageSummary,
  type TOrganizationAttention,
  type TPlatformDashboard,
  type TPlatformOrganization,
  type TPlatformOrganizationListQuery,
} from '@laurel/contract/dashboard';
import { matchRate, type InsightStatus } from '@laurel/contract/insights';
import type { TPage } from '@laurel/contract/pagination';
import { can } from '@laurel/contract/permissions';

import { addDays, utcDate } from '../../db/day-bounds.ts';
import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import type { DashboardRepository, OrganizationFacts } from './dashboard.repository.ts';

/** A current contract whose line items carry their billing codes (platform admins read them). */
type ContractRecord = Omit<TContract, 'lineItems'> & {
  lineItems: (TLineItem & { billingCode: BillingCode })[];
};

/** What the dashboard asks of the contracts module (its repository, wired in app.ts). */
export interface CurrentContracts {
  /** ACTIVE contracts covering `today`, with their line items' usage this period. */
  current(today: string, organizationIds?: readonly number[]): Promise<ContractRecord[]>;
  /** ACTIVE contracts ending between the two days, inclusive. */
  endingBetween(from: string, to: string): Promise<TContractSummary[]>;
}

/** What the dashboard asks of the insights module: whose figures are being rebuilt, since when. */
export interface InsightsProcessing {
  processing(organizationIds?: readonly number[]): Promise<Map<number, string>>;
}

/** What the dashboard asks of the webhooks module: endpoints their deliveries disabled. */
export interface DisabledWebhooks {
  disabledByDeliveries(organizationId?: number): Promise<
    Array<{
      id: number;
      organizationId: number;
      organizationName: string;
      url: string;
      reason: string;
      disabledAt: string;
    }>
  >;
}

/** What the dashboard asks of the insights consistency checks (their repository, in app.ts). */
export interface InconsistentInsights {
  /** Organizations whose last check found stored figures differing from a full rebuild. */
  inconsistent(): Promise<
    Array<{
      organizationId: number;
      organizationName: string;
      checkedAt: string;
      differingCohorts: number;
      differences: string | null;
    }>
  >;
}

const EXPORT_BATCH = 1000;

const webhookDisabledItems = (
  endpoints: Awaited<ReturnType<DisabledWebhooks['disabledByDeliveries']>>,
): TAttentionItem[] =>
  endpoints.map((endpoint) => ({
    kind: 'WEBHOOK_DISABLED',
    organizationId: endpoint.organizationId,
    organizationName: endpoint.organizationName,
    subjectId: endpoint.id,
    title: endpoint.url,
    detail: endpoint.reason,
    at: endpoint.disabledAt,
    daysLeft: null,
  }));

/** The first items, most urgent kind first, and the counts of all of them. */
function attentionOf(byKind: Partial<Record<AttentionKind, TAttentionItem[]>>): TAttention {
  const all = ATTENTION_KINDS.flatMap((kind) => byKind[kind] ?? []);
  return {
    items: all.slice(0, ATTENTION_LIMIT),
    total: all.length,
    byKind: Object.fromEntries(
      ATTENTION_KINDS.map((kind) => [kind, byKind[kind]?.length ?? 0]),
    ) as Record<AttentionKind, number>,
  };
}
const count = (n: number) => n.toLocaleString('en-US');

/** The contract of an organization that is closest to (or furthest over) what it includes. */
function usageSummaries(contracts: readonly ContractRecord[]): Map<number, TContractUsageSummary> {
  const byOrganization = new Map<number, TContractUsageSummary>();
  for (const contract of contracts) {
    const item = highestUsage(contract.lineItems);
    if (!item) continue;
    const summary: TContractUsageSummary = {
      contractId: contract.id,
      number: contract.number,
      endDate: contract.endDate,
      billingCode: item.billingCode,
      billingCodeLabel: item.billingCodeLabel,
      used: item.used,
      includedQuantity: item.includedQuantity,
      share: item.includedQuantity > 0 ? item.used / item.includedQuantity : null,
      overIncluded: contract.lineItems.some((line) => line.overage > 0),
    };
    const known = byOrganization.get(contract.organizationId);
    if (!known || rankOf(summary) > rankOf(known))
      byOrganization.set(contract.organizationId, summary);
  }
  return byOrganization;
}

const rankOf = (summary: TContractUsageSummary) => usageShare(summary) ?? -1;

const STATUS_ORDER: Record<InsightStatus, number> = { available: 0, processing: 1, unavailable: 2 };

/** Sort keys of the computed columns; missing values sort last whichever the order. */
const SORT_KEYS: Record<
  Exclude<PlatformOrganizationSort, 'name'>,
  (row: TPlatformOrganization) => number | string | null
> = {
  awards: (row) => row.awards,
  matchRate: (row) => row.matchRate,
  insightsStatus: (row) => STATUS_ORDER[row.insightsStatus],
  contractUsage: (row) => (row.contractUsage ? rankOf(row.contractUsage) : null),
  lastUpload: (row) => row.lastUpload?.createdAt ?? null,
};

function compareBy(sort: Exclude<PlatformOrganizationSort, 'name'>, order: 'asc' | 'desc') {
  const key = SORT_KEYS[sort];
  const direction = order === 'asc' ? 1 : -1;
  return (a: TPlatformOrganization, b: TPlatformOrganization) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * direction;
    }
    // A stable sort keeps ties in the facts' order: by name.
    return 0;
  };
}

export function createDashboardService(deps: {
  db: Kysely<Database>;
  audit: Auditor;
  dashboard: DashboardRepository;
  contracts: CurrentContracts;
  insights: InsightsProcessing;
  webhooks: DisabledWebhooks;
  /** The insights consistency checks (without it, none is reported). */
  insightChecks?: InconsistentInsights;
  now?: () => Date;
}) {
  const { dashboard, contracts, insights, webhooks } = deps;
  const now = deps.now ?? (() => new Date());

  /** The facts completed with contract usage and insight status (three more grouped reads). */
  async function complete(
    facts: OrganizationFacts[],
    ids?: readonly number[],
  ): Promise<TPlatformOrganization[]> {
    const [current, processing] = await Promise.all([
      contracts.current(utcDate(now()), ids),
      insights.processing(ids),
    ]);
    const usage = usageSummaries(current);
    return facts.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      insightsEntitled: row.insightsEntitled,
      insightsStatus: !row.insightsEntitled
        ? 'unavailable'
        : processing.has(row.id)
          ? 'processing'
          : 'available',
      awards: row.awards,
      matchRate:
        row.matched === null || !row.insightsEntitled
          ? null
          : matchRate(row.matched, row.notMatched ?? 0),
      contractUsage: usage.get(row.id) ?? null,
      lastUpload: row.lastUpload,
    }));
  }

  /** Every organization the search matches, completed and sorted by a computed column. */
  async function sortedByComputed(
    query: TPlatformOrganizationListQuery & { sort: Exclude<PlatformOrganizationSort, 'name'> },
  ): Promise<TPlatformOrganization[]> {
    const rows = await complete(await dashboard.facts({ search: query.search }));
    return rows.sort(compareBy(query.sort, query.order));
  }

  async function attention(): Promise<TPlatformDashboard['attention']> {
    const at = now();
    const today = utcDate(at);
    const [uploads, sso, certificates, disabledWebhooks, current, ending, processing, checks] =
      await Promise.all([
        dashboard.uploadsNeedingAttention({
          failedSince: new Date(at.getTime() - UPLOAD_FAILED_RECENT_DAYS * 86_400_000),
          stuckBefore: new Date(at.getTime() - UPLOAD_STUCK_MINUTES * 60_000),
        }),
        dashboard.failingSsoTests(),
        dashboard.expiringSamlCertificates(
          new Date(at.getTime() + SAML_CERTIFICATE_WARNING_DAYS * 86_400_000),
        ),
        webhooks.disabledByDeliveries(),
        contracts.current(today),
        contracts.endingBetween(today, addDays(today, CONTRACT_ENDING_SOON_DAYS)),
        insights.processing(),
        deps.insightChecks?.inconsistent() ?? [],
      ]);
    const processingOrganizations = await dashboard.organizations([...processing.keys()]);

    const byKind: Record<AttentionKind, TAttentionItem[]> = {
      UPLOAD_FAILED: uploads.failed.map((upload) => ({
        kind: 'UPLOAD_FAILED',
        organizationId: upload.organizationId,
        organizationName: upload.organizationName,
        subjectId: upload.id,
        title: upload.fileName,
        detail: upload.errorMessage ?? 'The upload failed.',
        at: upload.updatedAt,
        daysLeft: null,
      })),
      UPLOAD_STUCK: uploads.stuck.map((upload) => ({
        kind: 'UPLOAD_STUCK',
        organizationId: upload.organizationId,
        organizationName: upload.organizationName,
        subjectId: upload.id,
        title: upload.fileName,
        detail:
          upload.status === 'PENDING'
            ? `Waiting to be processed, with no progress for over ${UPLOAD_STUCK_MINUTES} minutes.`
            : `Processing, with no progress for over ${UPLOAD_STUCK_MINUTES} minutes.`,
        at: upload.updatedAt,
        daysLeft: null,
      })),
      SSO_TEST_FAILED: sso.map((test) => ({
        kind: 'SSO_TEST_FAILED',
        organizationId: test.organizationId,
        organizationName: test.organizationName,
        subjectId: test.organizationId,
        title: test.issuer,
        detail: test.message ?? 'The connection test of the company sign-in provider failed.',
        at: test.testedAt,
        daysLeft: null,
      })),
      SAML_CERTIFICATE_EXPIRING: certificates.map((certificate) => {
        const days = Math.floor((Date.parse(certificate.expiresAt) - at.getTime()) / 86_400_000);
        return {
          kind: 'SAML_CERTIFICATE_EXPIRING',
          organizationId: certificate.organizationId,
          organizationName: certificate.organizationName,
          subjectId: certificate.organizationId,
          title: certificate.issuer,
          detail:
            days < 0
              ? `The SAML identity provider's signing certificate expired on ${certificate.expiresAt.slice(0, 10)}.`
              : `The SAML identity provider's signing certificate expires on ${certificate.expiresAt.slice(0, 10)}.`,
          at: certificate.expiresAt,
          daysLeft: Math.max(days, 0),
        };
      }),
      WEBHOOK_DISABLED: webhookDisabledItems(disabledWebhooks),
      INSIGHTS_INCONSISTENT: checks.map((check) => ({
        kind: 'INSIGHTS_INCONSISTENT',
        organizationId: check.organizationId,
        organizationName: check.organizationName,
        subjectId: check.organizationId,
        title: check.organizationName,
        detail:
          `Stored insights of ${check.organizationName} differ from a full rebuild (${count(check.differingCohorts)} ${check.differingCohorts === 1 ? 'cohort' : 'cohorts'}); a rebuild is queued. ${check.differences ?? ''}`.trim(),
        at: check.checkedAt,
        daysLeft: null,
        cohorts: check.differingCohorts,
      })),
      CONTRACT_OVER_USAGE: current
        .filter((contract) => contract.lineItems.some((item) => item.overage > 0))
        .map((contract) => ({
          contract,
          share: Math.max(...contract.lineItems.map((item) => usageShare(item) ?? 0)),
        }))
        .sort((a, b) => b.share - a.share || a.contract.id - b.contract.id)
        .map(({ contract }) => ({
          kind: 'CONTRACT_OVER_USAGE',
          organizationId: contract.organizationId,
          organizationName: contract.organizationName,
          subjectId: contract.id,
          title: `${contract.number} · ${contract.name}`,
          detail: contract.lineItems
            .filter((item) => item.overage > 0)
            .map(
              (item) =>
                `${item.billingCodeLabel}: ${count(item.used)} used of ${count(item.includedQuantity)} included (${count(item.overage)} over)`,
            )
            .join('; '),
          at: null,
          daysLeft: null,
        })),
      CONTRACT_ENDING: ending.map((contract) => {
        const daysLeft = Math.round(
          (Date.parse(`${contract.endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) /
            86_400_000,
        );
        return {
          kind: 'CONTRACT_ENDING',
          organizationId: contract.organizationId,
          organizationName: contract.organizationName,
          subjectId: contract.id,
          title: `${contract.number} · ${contract.name}`,
          detail:
            daysLeft === 0
              ? 'Ends today.'
              : daysLeft === 1
                ? 'Ends tomorrow.'
                : `Ends in ${count(daysLeft)} days.`,
          at: contract.endDate,
          daysLeft,
        };
      }),
      INSIGHTS_PROCESSING: [...processing]
        .flatMap(([organizationId, since]) => {
          const organization = processingOrganizations.get(organizationId);
          // Without the entitlement the insights are unavailable, not processing.
          if (!organization?.insightsEntitled) return [];
          return [{ organizationId, name: organization.name, since }];
        })
        .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0))
        .map((organization) => ({
          kind: 'INSIGHTS_PROCESSING',
          organizationId: organization.organizationId,
          organizationName: organization.name,
          subjectId: organization.organizationId,
          title: organization.name,
          detail: 'Awards are being matched or insight figures rebuilt.',
          at: organization.since,
          daysLeft: null,
        })),
    };
    return attentionOf(byKind);
  }

  return {
    recordExport: exportRecorder(deps.db, deps.audit, {
      resourceType: 'organization',
      one: 'organization at a glance',
      many: 'organizations at a glance',
    }),

    /** The platform's counts and what needs attention (platform admins). */
    async platform(actor: Actor): Promise<TPlatformDashboard> {
      requireAccess(actor.principal, 'read:platform');
      const [counts, needs] = await Promise.all([dashboard.counts(), attention()]);
      return { counts, attention: needs };
    },

    /**
     * What needs an organization's attention that the caller may act on: for those who manage
     * its webhooks (its admins, platform admins), endpoints their deliveries disabled.
     */
    async organization(actor: Actor, organizationId: number): Promise<TOrganizationAttention> {
      requireAccess(actor.principal, 'read:organization', { organizationId });
      const managesWebhooks = can(actor.principal, 'manage:webhook', { organizationId });
      return {
        attention: attentionOf({
          WEBHOOK_DISABLED: managesWebhooks
            ? webhookDisabledItems(await webhooks.disabledByDeliveries(organizationId))
            : [],
        }),
      };
    },

    /** A page of the organizations table, sorted by any of its columns (platform admins). */
    async organizations(
      actor: Actor,
      query: TPlatformOrganizationListQuery,
    ): Promise<TPage<TPlatformOrganization>> {
      requireAccess(actor.principal, 'read:platform');
      if (query.sort === 'name') {
        // By name, the page is cut first and only its organizations are completed.
        const page = await dashboard.pageByName(query);
        return {
          ...page,
          items: await complete(
            page.items,
            page.items.map((row) => row.id),
          ),
        };
      }
      const rows = await sortedByComputed({ ...query, sort: query.sort });
      const start = (query.page - 1) * query.pageSize;
      return {
        items: rows.slice(start, start + query.pageSize),
        total: rows.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Every organization the search matches, in the table's order, in batches (CSV export). */
    stream(
      actor: Actor,
      query: TPlatformOrganizationListQuery,
    ): AsyncIterable<TPlatformOrganization[]> {
      requireAccess(actor.principal, 'read:platform');
      return (async function* () {
        let rows: TPlatformOrganization[];
        if (query.sort === 'name') {
          rows = await complete(await dashboard.facts({ search: query.search }));
          if (query.order === 'desc') rows.reverse();
        } else {
          rows = await sortedByComputed({ ...query, sort: query.sort });
        }
        for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
      })();
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
