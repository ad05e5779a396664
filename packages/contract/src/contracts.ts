import { z } from 'zod';

import { BILLING_CODES } from './constants.ts';
import { usageShare } from './contract-usage.ts';
import { ZOrganizationRef } from './organizations.ts';
import { listQuery, page, ZId } from './pagination.ts';
import type { CsvColumns } from './csv.ts';

export { usageShare };

export const CONTRACT_STATUSES = ['DRAFT', 'ACTIVE', 'EXPIRED', 'TERMINATED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  TERMINATED: 'Terminated',
};

// The labels live with the other codes' words; kept importable from here.
export { BILLING_CODE_LABELS } from './labels.ts';

const ZLineItem = z
  .object({
    id: z.number().int(),
    /** For platform admins only (`read:internal`); everyone else reads `billingCodeLabel`. */
    billingCode: z.enum(BILLING_CODES).optional(),
    billingCodeLabel: z.string(),
    description: z.string(),
    unitPrice: z.number(),
    includedQuantity: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    overage: z.number().int(),
  })
  .meta({ id: 'LineItem' });
export type TLineItem = z.infer<typeof ZLineItem>;

const ZContractSummary = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    number: z.string(),
    name: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ContractSummary' });
export type TContractSummary = z.infer<typeof ZContractSummary>;

/** The contracts list's CSV export: each column's header and its cell of a summary. */
export const CONTRACT_CSV_COLUMNS: CsvColumns<TContractSummary> = [
  ['id', (c) => c.id],
  ['organization', (c) => c.organizationName],
  ['number', (c) => c.number],
  ['name', (c) => c.name],
  ['status', (c) => CONTRACT_STATUS_LABELS[c.status]],
  ['start', (c) => c.startDate],
  ['end', (c) => c.endDate],
];

export const ZContract = ZContractSummary.extend({
  lineItems: z.array(ZLineItem),
  createdAt: z.string(),
}).meta({ id: 'Contract' });
export type TContract = z.infer<typeof ZContract>;

/** GET /api/organizations/{id}/contract-usage: what the organization's contracts cover today. */
export const ZCurrentContracts = z
  .object({
    organizationId: z.number().int(),
    /** The day (UTC) the contracts cover, `YYYY-MM-DD`. */
    today: z.string(),
    /** ACTIVE contracts whose period includes today, with each line item's usage this period. */
    contracts: z.array(ZContract),
  })
  .meta({ id: 'CurrentContracts' });
export type TCurrentContracts = z.infer<typeof ZCurrentContracts>;

/**
 * The line item closest to (or furthest over) what the contract includes: its share used, 1 when
 * all of it is used. Items that include nothing count only when something was used of them.
 */
export function highestUsage<T extends TLineItem>(lineItems: readonly T[]): T | undefined {
  let highest: T | undefined;
  let highestShare = -1;
  for (const item of lineItems) {
    const share = usageShare(item);
    if (share !== null && share > highestShare) {
      highest = item;
      highestShare = share;
    }
  }
  return highest;
}

export const CONTRACT_SORTS = [
  'number',
  'name',
  'status',
  'startDate',
  'endDate',
  'organization',
] as const;
export const ZContractListQuery = listQuery(CONTRACT_SORTS, 'endDate').extend({
  organizationId: ZId.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});
export type TContractListQuery = z.infer<typeof ZContractListQuery>;
export const ZContractPage = page(ZContractSummary).meta({ id: 'ContractPage' });

const isoDate = z.iso.date({ error: 'Use a date like 2026-01-31' });

const ZLineItemBody = z.strictObject({
  billing_code: z.enum(BILLING_CODES),
  description: z
    .string()
    .trim()
    .min(1, 'Describe the line item')
    .max(300, 'At most 300 characters'),
  unit_price: z
    .number({ error: 'Enter a price' })
    .min(0, 'Not below 0')
    .max(1_000_000, 'At most 1,000,000'),
  included_quantity: z
    .number({ error: 'Enter a number' })
    .int('A whole number')
    .min(0, 'Not below 0')
    .max(100_000_000, 'At most 100,000,000'),
});

export const ZContractBody = z
  .strictObject({
    organization_id: ZOrganizationRef,
    number: z.string().trim().min(3, 'At least 3 characters').max(40, 'At most 40 characters'),
    name: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
    status: z.enum(CONTRACT_STATUSES),
    start_date: isoDate,
    end_date: isoDate,
    line_items: z.array(ZLineItemBody).max(20, 'At most 20 line items'),
  })
  .refine((body) => body.end_date >= body.start_date, {
    path: ['end_date'],
    message: 'Ends before it starts',
  })
  .meta({ id: 'ContractBody' });
export type TContractBody = z.infer<typeof ZContractBody>;
