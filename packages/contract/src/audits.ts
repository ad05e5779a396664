import { z } from 'zod';

import { listQuery, page, ZBodyId, ZId, ZLookupId, ZQueryBoolean } from './pagination.ts';

/**
 * Every kind of audit entry: its code, its id in the `audit_types` lookup (`GET
 * /api/audits/types`, where the label is its name) and the label people read, in the order the
 * type filter lists them.
 */
export const AUDIT_TYPES = [
  { id: 4, code: 'SIGN_IN', label: 'Signed in' },
  { id: 10, code: 'SIGN_IN_FAILED', label: 'Sign-in failed' },
  { id: 11, code: 'SIGN_OUT', label: 'Signed out' },
  { id: 12, code: 'SESSION_RENEWAL_FAILED', label: 'Session renewal failed' },
  { id: 13, code: 'PASSWORD_CHANGE', label: 'Password changed' },
  { id: 14, code: 'PASSWORD_RESET', label: 'Password reset' },
  { id: 15, code: 'MFA_SET_UP', label: 'Two-step verification set up' },
  { id: 16, code: 'MFA_REMOVED', label: 'Two-step verification removed' },
  { id: 19, code: 'PASSKEY_ADDED', label: 'Passkey added' },
  { id: 20, code: 'PASSKEY_REMOVED', label: 'Passkey removed' },
  { id: 1, code: 'CREATE', label: 'Created' },
  { id: 2, code: 'UPDATE', label: 'Updated' },
  { id: 3, code: 'DELETE', label: 'Deleted' },
  { id: 17, code: 'ACCESS_CHANGE', label: 'Access changed' },
  { id: 8, code: 'INVITE', label: 'Invitation' },
  { id: 7, code: 'UPLOAD', label: 'Upload' },
  { id: 6, code: 'EXPORT', label: 'Export' },
  { id: 5, code: 'IMPERSONATE', label: 'Impersonation started' },
  { id: 18, code: 'IMPERSONATE_STOP', label: 'Impersonation stopped' },
  { id: 9, code: 'CLIENT_EVENT', label: 'Client event' },
  { id: 31, code: 'CREDENTIAL_ISSUED', label: 'Credential issued' },
  { id: 32, code: 'CREDENTIAL_REVOKED', label: 'Credential revoked' },
  { id: 33, code: 'CREDENTIAL_SENT', label: 'Credential sent to its holder' },
] as const;
export type AuditTypeCode = (typeof AUDIT_TYPES)[number]['code'];

const ZAuditEntry = z
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
  /** Only entries made while acting within another organization (true), or only others (false). */
  impersonating: ZQueryBoolean.optional(),
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

/**
 * `POST /api/impersonation/start` and `/stop`: a platform admin starts or stops acting within an
 * organization (the `x-acting-organization` header then names it on every call).
 */
export const ZImpersonationBody = z
  .strictObject({ organizationId: ZBodyId })
  .meta({ id: 'ImpersonationBody' });
export type TImpersonationBody = z.infer<typeof ZImpersonationBody>;

export const ZImpersonation = z
  .object({ organizationId: z.number().int(), organizationName: z.string() })
  .meta({ id: 'Impersonation' });
export type TImpersonation = z.infer<typeof ZImpersonation>;
