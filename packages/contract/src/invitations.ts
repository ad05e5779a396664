import { z } from 'zod';

import { ZRoleId } from './profile.ts';
import { ZNewPassword } from './sign-in.ts';

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

const name = (required: string) =>
  z.string().trim().min(1, required).max(100, 'At most 100 characters');

/** POST /api/organizations/{id}/invitations: an admin invites a person to the organization. */
export const ZInvitationBody = z
  .strictObject({
    email: z
      .email({ error: 'Enter a valid e-mail address' })
      .trim()
      .max(254)
      .transform((value) => value.toLowerCase()),
    first_name: name('Enter the first name'),
    last_name: name('Enter the last name'),
    role_id: ZRoleId,
    /**
     * The inviter approves a seat beyond what a current contract includes; without it an
     * invitation that would need one is refused (409) with what it would cost.
     */
    approve_additional_seat: z.boolean().optional(),
  })
  .meta({ id: 'InvitationBody' });
export type TInvitationBody = z.input<typeof ZInvitationBody>;

const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

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

const ZInvitationToken = z.string().trim().min(1, 'The invitation link has no token').max(200);

/**
 * POST /api/users/invitation (spec §7): the invited person accepts. A person who signs in with a
 * password chooses it here (`password`); a company user is sent to their provider.
 */
export const ZAcceptInvitationBody = z
  .strictObject({
    token: ZInvitationToken,
    confirmation: z.literal(true, { error: 'confirmation must be true' }),
    password: ZNewPassword.optional(),
  })
  .meta({ id: 'AcceptInvitationBody' });

export const ZAcceptInvitationResult = z
  .object({
    isFederated: z.boolean(),
    email: z.string(),
    redirectUri: z.string().nullable(),
  })
  .meta({ id: 'AcceptInvitationResult' });
export type TAcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;

/** POST /api/users/invitation/details: what the link's page shows before anything is accepted. */
export const ZInvitationDetailsBody = z
  .strictObject({ token: ZInvitationToken })
  .meta({ id: 'InvitationDetailsBody' });

export const ZInvitationDetails = z
  .object({
    /** PENDING can be accepted; the others say what to do instead. */
    status: z.enum(INVITATION_STATUSES),
    email: z.string(),
    firstName: z.string(),
    organizationName: z.string(),
    /** Who sent the invitation (or its latest link), as people know them. */
    inviterName: z.string(),
    roleId: ZRoleId,
    /** The person signs in through their organization's company provider, not a password. */
    isFederated: z.boolean(),
    /** The organization lets its people add a passkey once they are in. */
    passkeysAllowed: z.boolean(),
    expiresAt: z.string(),
  })
  .meta({ id: 'InvitationDetails' });
export type TInvitationDetails = z.infer<typeof ZInvitationDetails>;

/** A current contract's seat line, as the invite dialog warns about it. */
const ZSeatLine = z
  .object({
    contractId: z.number().int(),
    contractNumber: z.string(),
    contractName: z.string(),
    /** Seats the contract includes. */
    includedSeats: z.number().int(),
    /** Seats taken now: the organization's active and invited people. */
    usedSeats: z.number().int(),
    /** Price of each seat beyond the included ones. */
    unitPrice: z.number(),
  })
  .meta({ id: 'SeatLine' });
export type TSeatLine = z.infer<typeof ZSeatLine>;

/** GET /api/organizations/{id}/invitations/seats: the seats the next invitation would take. */
export const ZInvitationSeats = z
  .object({ organizationId: z.number().int(), lines: z.array(ZSeatLine) })
  .meta({ id: 'InvitationSeats' });
export type TInvitationSeats = z.infer<typeof ZInvitationSeats>;

/** The seat lines one more person would take beyond what their contract includes. */
export const linesOverWithOneMore = (lines: readonly TSeatLine[]): TSeatLine[] =>
  lines.filter((line) => line.usedSeats + 1 > line.includedSeats);

/** Who may approve a seat beyond a contract, in the words the warning uses. */
export const SEAT_APPROVERS = 'Organization admins and platform admins';

/** "This will be seat 11 of 10 under contract LC-2026-0003." */
export const seatWarning = (line: TSeatLine): string =>
  `This will be seat ${line.usedSeats + 1} of ${line.includedSeats} under contract ${line.contractNumber} (${line.contractName}).`;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid. Ask your administrator to send a new one.',
  used: 'This invitation has already been accepted. Sign in instead.',
  expired: 'This invitation has expired. Ask your administrator to send a new one.',
  revoked: 'This invitation was withdrawn. Ask your administrator if you still need access.',
  choosePassword: 'Choose a password to accept the invitation.',
  companySignIn: 'You sign in with your company account: no password is needed here.',
  approveSeat: 'Approve the additional seat to send this invitation.',
} as const;
