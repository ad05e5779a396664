import { z } from 'zod';

import { ZDataGap, ZPeopleCount } from './insights.ts';
import { ZOrganizationRef } from './organizations.ts';
import { bodyLookupId, listQuery, page, ZId, ZLookupId } from './pagination.ts';
import type { CsvColumns } from './csv.ts';

export const CREDENTIAL_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export const CREDENTIAL_STATUS_LABELS: Record<CredentialStatus, string> = {
  ACTIVE: 'Active',
  ARCHIVED: 'Archived',
};

const ZCredentialSummary = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    name: z.string(),
    code: z.string(),
    typeId: z.number().int(),
    typeName: z.string(),
    programCode: z.string().nullable(),
    status: z.enum(CREDENTIAL_STATUSES),
    awardCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CredentialSummary' });
export type TCredentialSummary = z.infer<typeof ZCredentialSummary>;

/** The credentials list's CSV export: each column's header and its cell of a summary. */
export const CREDENTIAL_CSV_COLUMNS: CsvColumns<TCredentialSummary> = [
  ['id', (c) => c.id],
  ['organization', (c) => c.organizationName],
  ['name', (c) => c.name],
  ['code', (c) => c.code],
  ['type', (c) => c.typeName],
  ['program code', (c) => c.programCode],
  ['status', (c) => CREDENTIAL_STATUS_LABELS[c.status]],
  ['awards', (c) => c.awardCount],
  ['updated', (c) => c.updatedAt],
];

export const ZCredential = ZCredentialSummary.extend({
  description: z.string().nullable(),
  firstAwardYear: z.number().int().nullable(),
  lastAwardYear: z.number().int().nullable(),
  createdAt: z.string(),
  /** From the latest insights build; absent before the first one. */
  insights: z
    .object({
      /** Matched people over all award years ("fewer than 10" below 10). */
      matched: ZPeopleCount,
      /** Matched / (matched + not matched); null while either is fewer than 10 or withheld. */
      matchRate: z.number().nullable(),
      dataGaps: z.array(ZDataGap),
      builtAt: z.string(),
    })
    .optional(),
}).meta({ id: 'Credential' });
export type TCredential = z.infer<typeof ZCredential>;

export const CREDENTIAL_SORTS = [
  'name',
  'code',
  'type',
  'status',
  'updatedAt',
  'organization',
] as const;
export const ZCredentialListQuery = listQuery(CREDENTIAL_SORTS, 'name').extend({
  organizationId: ZId.optional(),
  typeId: ZLookupId.optional(),
  status: z.enum(CREDENTIAL_STATUSES).optional(),
});
export type TCredentialListQuery = z.infer<typeof ZCredentialListQuery>;
export const ZCredentialPage = page(ZCredentialSummary).meta({ id: 'CredentialPage' });

export const ZCredentialBody = z
  .strictObject({
    organization_id: ZOrganizationRef,
    name: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
    code: z
      .string()
      .trim()
      .min(2, 'At least 2 characters')
      .max(40, 'At most 40 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, dot, dash and underscore only'),
    type_id: bodyLookupId('Choose a type'),
    program_code: z.string().trim().max(20, 'At most 20 characters').nullable().optional(),
    description: z.string().trim().max(2000, 'At most 2,000 characters').nullable().optional(),
  })
  .meta({ id: 'CredentialBody' });
export type TCredentialBody = z.infer<typeof ZCredentialBody>;
export const ZCredentialPatchBody = ZCredentialBody.omit({ organization_id: true })
  .partial()
  .extend({ status: z.enum(CREDENTIAL_STATUSES).optional() })
  .meta({ id: 'CredentialPatchBody' });
export type TCredentialPatchBody = z.infer<typeof ZCredentialPatchBody>;

/** Whether the earnings provider found the person: not asked yet, found, or not found. */
export const AWARD_MATCH_STATUSES = ['PENDING', 'MATCHED', 'NOT_MATCHED'] as const;
export type AwardMatchStatus = (typeof AWARD_MATCH_STATUSES)[number];
export const AWARD_MATCH_STATUS_LABELS: Record<AwardMatchStatus, string> = {
  PENDING: 'Not checked yet',
  MATCHED: 'Matched',
  NOT_MATCHED: 'Not matched',
};

/** One person holding the credential. Personal data: visible inside the organization and to platform admins. */
const ZAward = z
  .object({
    id: z.number().int(),
    externalId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    awardDate: z.string(),
    matchStatus: z.enum(AWARD_MATCH_STATUSES),
  })
  .meta({ id: 'Award' });
export type TAward = z.infer<typeof ZAward>;
export const AWARD_SORTS = ['awardDate', 'lastName', 'externalId'] as const;
export const ZAwardListQuery = listQuery(AWARD_SORTS, 'awardDate');
export type TAwardListQuery = z.infer<typeof ZAwardListQuery>;
export const ZAwardPage = page(ZAward).meta({ id: 'AwardPage' });

/** The most awards one page of changes holds. */
export const AWARD_CHANGES_MAX_LIMIT = 1_000;

/**
 * Awards of an organization created or changed since a time (an upload, a correction, a match),
 * oldest change first, a page at a time: what a system syncing with Laurel reads (docs/api.md).
 */
export const ZAwardChangesQuery = z.strictObject({
  /** Changes after this time (ISO 8601); the first page of a sync. */
  since: z
    .string()
    .datetime({ offset: true, message: 'Give a date and time, e.g. 2026-11-28T00:00:00Z.' })
    .optional(),
  /** Where the previous page ended (its `nextCursor`); takes the place of `since`. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Give the nextCursor of the previous page as it was.')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AWARD_CHANGES_MAX_LIMIT, `At most ${AWARD_CHANGES_MAX_LIMIT} awards a page`)
    .default(500),
});
export type TAwardChangesQuery = z.infer<typeof ZAwardChangesQuery>;

export const ZAwardChange = z
  .object({
    id: z.number().int(),
    credentialId: z.number().int(),
    credentialCode: z.string(),
    externalId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    awardDate: z.string(),
    matchStatus: z.enum(AWARD_MATCH_STATUSES),
    updatedAt: z.string(),
  })
  .meta({ id: 'AwardChange' });
export type TAwardChange = z.infer<typeof ZAwardChange>;

export const ZAwardChanges = z
  .object({
    items: z.array(ZAwardChange),
    /** Ask for the next page with it; the last page's cursor asks for later changes next time. */
    nextCursor: z.string(),
    /** Whether more changes wait now (another page right away) or this was the last. */
    more: z.boolean(),
  })
  .meta({ id: 'AwardChanges' });
export type TAwardChanges = z.infer<typeof ZAwardChanges>;
