import { z } from 'zod';

import { BILLING_CODES, UPLOAD_STATUSES } from './constants.ts';
import { INSIGHT_STATUSES } from './insights.ts';
import { ORGANIZATION_STATUSES } from './organizations.ts';
import { ATTENTION_KINDS, PLATFORM_ORGANIZATION_SORTS } from './dashboard-constants.ts';
import { listQuery, page } from './pagination.ts';

export {
  ATTENTION_KINDS,
  ATTENTION_LIMIT,
  CONTRACT_ENDING_SOON_DAYS,
  SAML_CERTIFICATE_WARNING_DAYS,
  UPLOAD_FAILED_RECENT_DAYS,
  UPLOAD_STUCK_MINUTES,
  webhookDisabledNotice,
  type AttentionKind,
  type PlatformOrganizationSort,
} from './dashboard-constants.ts';

const ZAttentionItem = z
  .object({
    kind: z.enum(ATTENTION_KINDS),
    organizationId: z.number().int(),
    organizationName: z.string(),
    /** What the item is about: an upload, contract or webhook endpoint id, or the organization id. */
    subjectId: z.number().int(),
    /** The subject's name: a file name, a contract's number and name, an address, an organization. */
    title: z.string(),
    /** Why it needs attention, in a sentence. */
    detail: z.string(),
    /** When it happened or happens: failed, last progress, contract end, last test, disabled, queued, checked. */
    at: z.string().nullable(),
    /** Contracts ending soon: whole days from today to the last day (0 = ends today). */
    daysLeft: z.number().int().nullable(),
    /** Insights differing from a full rebuild: how many cohorts differ (that kind only). */
    cohorts: z.number().int().optional(),
  })
  .meta({ id: 'AttentionItem' });
export type TAttentionItem = z.infer<typeof ZAttentionItem>;

const ZAttention = z.object({
  /** The first ATTENTION_LIMIT items, most urgent kind first. */
  items: z.array(ZAttentionItem),
  total: z.number().int(),
  byKind: z.record(z.enum(ATTENTION_KINDS), z.number().int()),
});
export type TAttention = z.infer<typeof ZAttention>;

/** GET /api/dashboard/platform: the platform's counts and what needs attention. */
export const ZPlatformDashboard = z
  .object({
    counts: z.object({
      organizations: z.number().int(),
      credentials: z.number().int(),
      users: z.number().int(),
      contracts: z.number().int(),
    }),
    attention: ZAttention,
  })
  .meta({ id: 'PlatformDashboard' });
export type TPlatformDashboard = z.infer<typeof ZPlatformDashboard>;

/**
 * GET /api/organizations/:id/attention: what needs the organization's attention that the caller
 * may act on (organization admins: webhook endpoints their deliveries disabled).
 */
export const ZOrganizationAttention = z
  .object({ attention: ZAttention })
  .meta({ id: 'OrganizationAttention' });
export type TOrganizationAttention = z.infer<typeof ZOrganizationAttention>;

/** The line item of an organization's current contract that is closest to its limit. */
const ZContractUsageSummary = z
  .object({
    contractId: z.number().int(),
    number: z.string(),
    endDate: z.string(),
    billingCode: z.enum(BILLING_CODES),
    billingCodeLabel: z.string(),
    used: z.number().int(),
    includedQuantity: z.number().int(),
    /** Used over included; null when the item includes nothing. */
    share: z.number().nullable(),
    /** Some line item of the contract is used beyond what it includes. */
    overIncluded: z.boolean(),
  })
  .meta({ id: 'ContractUsageSummary' });
export type TContractUsageSummary = z.infer<typeof ZContractUsageSummary>;

/** One row of the platform dashboard's organizations table. */
const ZPlatformOrganization = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(ORGANIZATION_STATUSES),
    insightsEntitled: z.boolean(),
    insightsStatus: z.enum(INSIGHT_STATUSES),
    awards: z.number().int(),
    /** Matched / (matched + not matched) at the latest insights build; null if none looked up. */
    matchRate: z.number().nullable(),
    contractUsage: ZContractUsageSummary.nullable(),
    lastUpload: z
      .object({ id: z.number().int(), status: z.enum(UPLOAD_STATUSES), createdAt: z.string() })
      .nullable(),
  })
  .meta({ id: 'PlatformOrganization' });
export type TPlatformOrganization = z.infer<typeof ZPlatformOrganization>;

export const ZPlatformOrganizationListQuery = listQuery(PLATFORM_ORGANIZATION_SORTS, 'name');
export type TPlatformOrganizationListQuery = z.infer<typeof ZPlatformOrganizationListQuery>;
export const ZPlatformOrganizationPage = page(ZPlatformOrganization).meta({
  id: 'PlatformOrganizationPage',
});
