import { z } from 'zod';

import { listQuery, page, ZId, ZLookupId } from './pagination.ts';

export const ZAuditEntry = z
  .object({
    id: z.number().int(),
    occurredAt: z.string(),
    actorUserId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    actorEmail: z.string().nullable(),
    organizationId: z.number().int().nullable(),
    organizationName: z.string().nullable(),
    impersonating: z.boolean(),
    typeCode: z.string(),
    typeName: z.string(),
    resourceType: z.string(),
    resourceId: z.string(),
    summary: z.string(),
    ipAddress: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_SORTS = ['occurredAt'] as const;
export const ZAuditListQuery = listQuery(AUDIT_SORTS, 'occurredAt').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  typeId: ZLookupId.optional(),
  userId: ZId.optional(),
  organizationId: ZId.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;
export const ZAuditPage = page(ZAuditEntry).meta({ id: 'AuditPage' });

/** POST /api/log-helper (spec §7): a client-reported event. */
export const ZLogEventBody = z
  .strictObject({
    userId: z.union([z.number().int(), z.string().max(100)]),
    event: z.string().trim().min(1).max(200),
    resourceId: z.union([z.number(), z.string().max(200)]).default('N/A'),
  })
  .meta({ id: 'LogEventBody' });
export type TLogEventBody = z.infer<typeof ZLogEventBody>;
