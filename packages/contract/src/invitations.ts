import { z } from 'zod';

import { ZRoleId } from './profile.ts';

/** Days an invitation link works. */
export const INVITATION_VALIDITY_DAYS = 7;

/** Invited: the person has not accepted yet; deactivated: an admin turned the account off. */
export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DEACTIVATED'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);
export type TUserStatus = z.infer<typeof ZUserStatus>;
export const USER_STATUS_LABELS: Record<TUserStatus, string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  DEACTIVATED: 'Inactive',
};

const name = (label: string) =>
  z.string().trim().min(1, `Enter the ${label}`).max(100, 'At most 100 characters');

/** POST /api/organizations/{id}/invitations: an admin invites a person to the organization. */
export const ZInvitationBody = z
  .strictObject({
    email: z
      .email({ error: 'Enter a valid e-mail address' })
      .trim()
      .max(254)
      .transform((value) => value.toLowerCase()),
    first_name: name('first name'),
    last_name: name('last name'),
    role_id: ZRoleId,
  })
  .meta({ id: 'InvitationBody' });
export type TInvitationBody = z.input<typeof ZInvitationBody>;

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

export const ZInvitation = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    userId: z.number().int().nullable(),
    email: z.string(),
    roleId: ZRoleId,
    status: z.enum(INVITATION_STATUSES),
    isFederated: z.boolean(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type TInvitation = z.infer<typeof ZInvitation>;

/** POST /api/users/invitation (spec §7): the invited person accepts. */
export const ZAcceptInvitationBody = z
  .strictObject({
    token: z.string().trim().min(1, 'The invitation link has no token').max(200),
    confirmation: z.literal(true, { error: 'confirmation must be true' }),
  })
  .meta({ id: 'AcceptInvitationBody' });
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

export const ZAcceptInvitationResult = z
  .object({
    isFederated: z.boolean(),
    email: z.string(),
    redirectUri: z.string().nullable(),
  })
  .meta({ id: 'AcceptInvitationResult' });
export type TAcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid. Ask your administrator to send a new one.',
  used: 'This invitation has already been accepted. Sign in instead.',
  expired: 'This invitation has expired. Ask your administrator to send a new one.',
  revoked: 'This invitation was withdrawn. Ask your administrator if you still need access.',
} as const;
