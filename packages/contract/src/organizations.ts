import { z } from 'zod';

import { LOGIN_MODES } from './constants.ts';
import { bodyLookupId, listQuery, page, ZLookupId, ZQueryBoolean } from './pagination.ts';
import type { CsvColumns } from './csv.ts';
import { LOGIN_MODE_LABELS } from './constants.ts';

export const ORGANIZATION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const ORGANIZATION_STATUS_LABELS: Record<OrganizationStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

const ZOrganizationSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    typeId: z.number().int(),
    typeName: z.string(),
    loginMode: z.enum(LOGIN_MODES),
    city: z.string().nullable(),
    state: z.string().nullable(),
    status: z.enum(ORGANIZATION_STATUSES),
    userCount: z.number().int(),
    credentialCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'OrganizationSummary' });
export type TOrganizationSummary = z.infer<typeof ZOrganizationSummary>;

/** The organizations list's CSV export: each column's header and its cell of a summary. */
export const ORGANIZATION_CSV_COLUMNS: CsvColumns<TOrganizationSummary> = [
  ['id', (o) => o.id],
  ['name', (o) => o.name],
  ['type', (o) => o.typeName],
  ['sign-in', (o) => LOGIN_MODE_LABELS[o.loginMode]],
  ['city', (o) => o.city],
  ['state', (o) => o.state],
  ['status', (o) => ORGANIZATION_STATUS_LABELS[o.status]],
  ['users', (o) => o.userCount],
  ['credentials', (o) => o.credentialCount],
  ['created', (o) => o.createdAt],
];

/** GET /api/organizations/{id}: the organization page's data (spec §7: the client adds the id). */
export const ZOrganization = ZOrganizationSummary.extend({
  organizationName: z.string(),
  loginModeId: z.number().int(),
  website: z.string().nullable(),
  /** The CRM account: for platform admins only (`read:internal`), absent for everyone else. */
  salesforceAccountId: z.string().nullable().optional(),
  insightsEntitled: z.boolean(),
  mfaRequired: z.boolean(),
  /** Members may sign in with a passkey (when the sign-in service offers passkeys). */
  passkeysAllowed: z.boolean(),
  /** Members may sign in with a code e-mailed to them (never while the organization requires MFA). */
  emailCodesAllowed: z.boolean(),
  isPlatform: z.boolean(),
  contractCount: z.number().int(),
  updatedAt: z.string(),
}).meta({ id: 'Organization' });
export type TOrganization = z.infer<typeof ZOrganization>;

export const ORGANIZATION_SORTS = ['name', 'type', 'status', 'createdAt'] as const;
export const ZOrganizationListQuery = listQuery(ORGANIZATION_SORTS, 'name').extend({
  typeId: ZLookupId.optional(),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
  insightsEntitled: ZQueryBoolean.optional(),
});
export type TOrganizationListQuery = z.infer<typeof ZOrganizationListQuery>;
export const ZOrganizationPage = page(ZOrganizationSummary).meta({ id: 'OrganizationPage' });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The organization a record of a body belongs to (`"organization_id": 4`). */
export const ZOrganizationRef = z
  .number({ error: 'Choose an organization' })
  .int()
  .positive('Choose an organization');

export const ZOrganizationBody = z
  .strictObject({
    name: z.string().trim().min(2, 'At least 2 characters').max(200),
    type_id: bodyLookupId('Choose a type'),
    login_mode_id: bodyLookupId('Choose how people sign in'),
    website: z
      .url({ protocol: /^https?$/, error: 'Enter a full address, such as https://example.edu' })
      .max(300)
      .nullable()
      .optional(),
    city: optionalText(100),
    state: optionalText(50),
    status: z.enum(ORGANIZATION_STATUSES).optional(),
    salesforce_account_id: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9]{15,18}$/, 'A Salesforce id has 15 or 18 letters and digits')
      .nullable()
      .optional(),
    insights_entitled: z.boolean().optional(),
    mfa_required: z.boolean().optional(),
    passkeys_allowed: z.boolean().optional(),
    email_codes_allowed: z.boolean().optional(),
  })
  .meta({ id: 'OrganizationBody' });
export type TOrganizationBody = z.infer<typeof ZOrganizationBody>;
export const ZOrganizationPatchBody = ZOrganizationBody.partial().meta({
  id: 'OrganizationPatchBody',
});
export type TOrganizationPatchBody = z.infer<typeof ZOrganizationPatchBody>;
