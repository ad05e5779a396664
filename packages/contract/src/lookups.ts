import { z } from 'zod';

/** One entry of a lookup list: a stable code, a label for people, and its numeric id. */
const ZLookupItem = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
  })
  .meta({ id: 'LookupItem' });

export const ZLookupList = z.array(ZLookupItem);
export type TLookupList = z.infer<typeof ZLookupList>;

/** Lookup lists served by GET endpoints of spec §7, keyed by the table that holds them. */
export const LOOKUP_ENDPOINTS = {
  auditTypes: { path: '/api/audits/types', table: 'audit_types' },
  organizationTypes: { path: '/api/organizations/types', table: 'organization_types' },
  loginModes: { path: '/api/auth/login_modes', table: 'login_modes' },
  credentialTypes: { path: '/api/credentials/types', table: 'credential_types' },
  salutations: { path: '/api/users/salutations', table: 'salutations' },
  pronouns: { path: '/api/users/pronouns', table: 'pronouns' },
  uploadStatuses: { path: '/api/organizations/upload-statuses', table: 'upload_statuses' },
} as const;
export type LookupName = keyof typeof LOOKUP_ENDPOINTS;
