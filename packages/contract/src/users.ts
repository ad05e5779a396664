import { z } from 'zod';

import { listQuery, page, ZId, ZQueryBoolean, ZWholeNumber } from './pagination.ts';
import { ZUserStatus } from './invitations.ts';
import { ZRoleId } from './profile.ts';
import type { CsvColumns } from './csv.ts';
import { USER_STATUS_LABELS } from './invitations.ts';
import { ROLE_LABELS } from './roles.ts';

export const ZUserSummary = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    roleId: ZRoleId,
    active: z.boolean(),
    /** INVITED until the person accepts their invitation; DEACTIVATED when not active. */
    status: ZUserStatus,
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserSummary' });
export type TUserSummary = z.infer<typeof ZUserSummary>;

/** The users list's CSV export: each column's header and its cell of a summary. */
export const USER_CSV_COLUMNS: CsvColumns<TUserSummary> = [
  ['id', (u) => u.id],
  ['organization', (u) => u.organizationName],
  ['first name', (u) => u.firstName],
  ['last name', (u) => u.lastName],
  ['email', (u) => u.email],
  ['title', (u) => u.title],
  ['role', (u) => ROLE_LABELS[u.roleId]],
  ['status', (u) => USER_STATUS_LABELS[u.status]],
  ['last sign-in', (u) => u.lastLoginAt],
];

export const USER_SORTS = ['name', 'email', 'role', 'lastLoginAt', 'createdAt'] as const;
export const ZUserListQuery = listQuery(USER_SORTS, 'name').extend({
  organizationId: ZId.optional(),
  roleId: ZWholeNumber.pipe(ZRoleId).optional(),
  active: ZQueryBoolean.optional(),
  status: ZUserStatus.optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
export const ZUserPage = page(ZUserSummary).meta({ id: 'UserPage' });

/** PATCH /api/users/{id}: role and active flag, by an admin. */
export const ZUserPatchBody = z
  .strictObject({
    role_id: ZRoleId.optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => b.role_id !== undefined || b.active !== undefined, {
    message: 'Nothing to change',
  })
  .meta({ id: 'UserPatchBody' });
export type TUserPatchBody = z.infer<typeof ZUserPatchBody>;
