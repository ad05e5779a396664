import { createHash, randomBytes, randomInt } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { IdentityAdmin } from '@laurel/identity';
import { ADMINS_GROUP, PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import {
  INVITATION_MESSAGES,
  INVITATION_VALIDITY_DAYS,
  linesOverWithOneMore,
  SEAT_APPROVERS,
  seatWarning,
  type TAcceptInvitationResult,
  type TInvitation,
  type TInvitationDetails,
  type TInvitationSeats,
  type TSeatLine,
  type ZInvitationBody,
} from '@laurel/contract/invitations';
import type { TContract } from '@laurel/contract/contracts';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';
import type { TUserSummary } from '@laurel/contract/users';
import type { z } from 'zod';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationEmail } from '../mail/templates.ts';
import { isFederatedOrganization, type SsoService } from '../sso/sso.service.ts';
import {
  type InvitationRecord,
  type InvitationsRepository,
  type PersonRecord,
  toInvitationContract,
} from './invitations.repository.ts';

const VALIDITY_MS = INVITATION_VALIDITY_DAYS * 24 * 3600_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * A temporary password for the first platform admin, which `npm run admin` prints to the operator
 * (invitations never make one: the invited person chooses their password on the link's page). Easy to type and meets the policy by construction: four groups
 * of an upper-case letter, two lower-case letters and a digit, e.g. `Kpm7-Qxd3-Rtw9-Hnb4`.
 */
export function generateTemporaryPassword(): string {
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const pick = (set: string) => set[randomInt(set.length)]!;
  return Array.from(
    { length: 4 },
    () => `${pick(upper)}${pick(lower)}${pick(lower)}${pick(digits)}`,
  ).join('-');
}

export interface InvitationLinks {
  acceptUrl(token: string): string;
}

const formatPrice = (value: number) => `$${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** The seat lines of contracts (their A_ADDL_USER items), as the invite dialog shows them. */
export function seatLinesOf(contracts: readonly TContract[]): TSeatLine[] {
  return contracts.flatMap((contract) =>
    contract.lineItems
      .filter((item) => item.billingCode === 'A_ADDL_USER')
      .map((item) => ({
        contractId: contract.id,
        contractNumber: contract.number,
        contractName: contract.name,
        includedSeats: item.includedQuantity,
        usedSeats: item.used,
        unitPrice: item.unitPrice,
      })),
  );
}

/** Why an invitation needs an approved seat: the lines it would go over, and their price. */
export function additionalSeatMessage(lines: readonly TSeatLine[]): string {
  return [
    ...lines.map(
      (line) =>
        `${seatWarning(line)} Additional seats are billed under the contract at ${formatPrice(line.unitPrice)} each.`,
    ),
    `${SEAT_APPROVERS} may approve an additional seat.`,
  ].join(' ');
}

export function createInvitationsService(deps: {
  db: Kysely<Database>;
  invitations: InvitationsRepository;
  sso: SsoService;
  audit: Auditor;
  identity: IdentityAdmin;
  mailer: Mailer | undefined;
  links: InvitationLinks;
  /** Summary of a user as the users list shows it. */
  userSummary: (id: number) => Promise<TUserSummary | undefined>;
  /** The seat lines of the organization's contracts that cover today, with seats used now. */
  seatLines: (organizationId: number) => Promise<TSeatLine[]>;
  forgetPrincipal: (identityUsername: string) => void;
}) {
  const { db, invitations, sso, audit, identity, links } = deps;

  async function send(email: Parameters<Mailer['send']>[0]) {
    if (!deps.mailer) throw new HttpError(503, 'E-mail is not configured on this server');
    try {
      await deps.mailer.send(email);
    } catch {
      throw new HttpError(
        502,
        `The e-mail to ${email.to} could not be sent. Nothing was lost: try again with Resend.`,
      );
    }
  }

  async function nameOf(userId: number | null): Promise<string> {
    const inviter = userId === null ? undefined : await invitations.findPerson(userId);
    return inviter
      ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email
      : 'An administrator';
  }

  async function sendInvitation(
    person: PersonRecord,
    token: string,
    invitation: InvitationRecord,
    inviter: Actor,
    federated: boolean,
  ) {
    const organizationName = (await invitations.organizationName(person.organizationId)) ?? '';
    const inviterName = await nameOf(inviter.principal.userId);
    await send(
      invitationEmail({
        to: person.email,
        firstName: person.firstName,
        organizationName,
        inviterName,
        roleId: person.roleId,
        link: links.acceptUrl(token),
        expiresAt: invitation.expiresAt,
        isFederated: federated,
        language: inviter.language ?? 'en',
      }),
    );
  }

  async function requireInvitedPerson(actor: Actor, userId: number): Promise<PersonRecord> {
    const person = await invitations.findPerson(userId);
    if (!person) throw notFound();
    requireAccess(actor.principal, 'invite:user', { organizationId: person.organizationId });
    if (person.roleId === ROLES.PLATFORM_ADMIN && actor.principal.roleId !== ROLES.PLATFORM_ADMIN)
      throw forbidden('Only platform admins can manage invitations of platform admins');
    if (!person.invited) throw conflict(`${person.email} has already accepted the invitation`);
    return person;
  }

  return {
    async invite(
      actor: Actor,
      organizationId: number,
      body: z.output<typeof ZInvitationBody>,
    ): Promise<{ user: TUserSummary; invitation: TInvitation }> {
      requireAccess(actor.principal, 'invite:user', { organizationId });
      const organization = await sso.organizationSignIn(organizationId);
      if (!organization) throw notFound();
      const isPlatform = organization.name === PLATFORM_ORGANIZATION_NAME;
      if (
        body.role_id === ROLES.PLATFORM_ADMIN &&
        !(actor.principal.roleId === ROLES.PLATFORM_ADMIN && isPlatform)
      ) {
        throw forbidden(
          'Only a platform admin can invite a Platform Admin, and only into the platform organization',
        );
      }
      const email = body.email;
      if (await invitations.findPersonByEmail(email))
        throw conflict('A user with this e-mail address already exists', {
          email: 'A user with this e-mail address already exists',
        });
      const federated = isFederatedOrganization(organization);
      if (federated && !organization.sso!.emailDomains.includes(domainOf(email))) {
        const allowed = organization.sso!.emailDomains.join(', ');
        throw badRequest(`${organization.name} signs in through its company provider`, {
          email: `Use an address at ${allowed}`,
        });
      }
      // A seat beyond a contract is billed: the inviter says so before the invitation goes out.
      const overLines = linesOverWithOneMore(await deps.seatLines(organizationId));
      if (overLines.length > 0 && body.approve_additional_seat !== true) {
        throw conflict(additionalSeatMessage(overLines), {
          approve_additional_seat: INVITATION_MESSAGES.approveSeat,
        });
      }
      const seatNote = overLines
        .map(
          (line) =>
            `; seat ${line.usedSeats + 1} of ${line.includedSeats} under ${line.contractNumber}, additional seat approved`,
        )
        .join('');

      // The identity first, outside the transaction (see ARCHITECTURE "Hazards"). Without a
      // password the pool makes a temporary one nobody knows and nobody is sent: the person
      // chooses their own on the invitation link's page.
      let created: { username: string };
      try {
        created = await identity.createUser({
          email,
          ...(federated ? { federated: true } : {}),
          groups: body.role_id === ROLES.PLATFORM_ADMIN ? [ADMINS_GROUP] : [],
          attributes: { given_name: body.first_name, family_name: body.last_name },
        });
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException')
          throw conflict('An account with this e-mail address already exists', {
            email: 'An account with this e-mail address already exists',
          });
        throw error;
      }

      const token = randomBytes(32).toString('base64url');
      let person: PersonRecord;
      let invitation: InvitationRecord;
      try {
        ({ person, invitation } = await db.transaction().execute(async (trx) => {
          const values = {
            organizationId,
            identityUsername: created.username,
            email,
            firstName: body.first_name,
            lastName: body.last_name,
            roleId: body.role_id,
            invited: true,
          };
          const id = await invitations.insertPerson(trx, values);
          const invitation = await invitations.insertInvitation(trx, {
            organizationId,
            userId: id,
            email,
            roleId: body.role_id,
            tokenHash: sha256(token),
            invitedByUserId: actor.principal.userId,
            expiresAt: new Date(Date.now() + VALIDITY_MS),
          });
          await audit(trx, actor, {
            type: 'INVITE',
            resourceType: 'user',
            resourceId: id,
            organizationId,
            summary: `Invited ${email} to ${organization.name} as ${ROLE_LABELS[body.role_id]}${federated ? ' (company sign-in)' : ''}${seatNote}`,
          });
          return { person: { ...values, id, active: true }, invitation };
        }));
      } catch (error) {
        await identity.deleteUser(created.username).catch(() => undefined);
        throw error;
      }
      await sendInvitation(person, token, invitation, actor, federated);
      return {
        user: (await deps.userSummary(person.id))!,
        invitation: toInvitationContract(invitation, federated),
      };
    },

    async resend(actor: Actor, userId: number): Promise<TInvitation> {
      const person = await requireInvitedPerson(actor, userId);
      const organization = await sso.organizationSignIn(person.organizationId);
      const federated = isFederatedOrganization(organization);
      const token = randomBytes(32).toString('base64url');
      const invitation = await db.transaction().execute(async (trx) => {
        const now = new Date();
        // A new link replaces the old ones.
        await invitations.revokePending(trx, person.id, now);
        const invitation = await invitations.insertInvitation(trx, {
          organizationId: person.organizationId,
          userId: person.id,
          email: person.email,
          roleId: person.roleId,
          tokenHash: sha256(token),
          invitedByUserId: actor.principal.userId,
          expiresAt: new Date(now.getTime() + VALIDITY_MS),
        });
        await audit(trx, actor, {
          type: 'INVITE',
          resourceType: 'user',
          resourceId: person.id,
          organizationId: person.organizationId,
          summary: `Invitation of ${person.email} sent again`,
        });
        return invitation;
      });
      await sendInvitation(person, token, invitation, actor, federated);
      return toInvitationContract(invitation, federated);
    },

    /** Withdraws an invitation nobody accepted: the account it made goes too. */
    async revoke(actor: Actor, userId: number): Promise<void> {
      const person = await requireInvitedPerson(actor, userId);
      if (person.identityUsername) {
        await identity.deleteUser(person.identityUsername).catch((error: Error) => {
          if (error.name !== 'UserNotFoundException') throw error;
        });
      }
      await db.transaction().execute(async (trx) => {
        await invitations.revokePending(trx, person.id, new Date());
        await audit(trx, actor, {
          type: 'INVITE',
          resourceType: 'user',
          resourceId: person.id,
          organizationId: person.organizationId,
          summary: `Invitation of ${person.email} withdrawn`,
        });
        await invitations.deletePerson(trx, person.id);
      });
      if (person.identityUsername) deps.forgetPrincipal(person.identityUsername);
    },

    async latest(actor: Actor, userId: number): Promise<TInvitation> {
      const person = await invitations.findPerson(userId);
      if (!person) throw notFound();
      requireAccess(actor.principal, 'invite:user', { organizationId: person.organizationId });
      const invitation = await invitations.latestForUser(userId);
      if (!invitation) throw notFound('This user was not invited');
      const organization = await sso.organizationSignIn(person.organizationId);
      return toInvitationContract(invitation, isFederatedOrganization(organization));
    },

    /** The seats of the organization's current contracts, before the next invitation. */
    async seats(actor: Actor, organizationId: number): Promise<TInvitationSeats> {
      requireAccess(actor.principal, 'invite:user', { organizationId });
      if ((await invitations.organizationName(organizationId)) === undefined) throw notFound();
      return { organizationId, lines: await deps.seatLines(organizationId) };
    },

    /**
     * `POST /api/users/invitation/details`: what the link's page shows, for any link that was
     * ever sent (a used, expired or withdrawn one says what to do instead); unknown links 400.
     */
    async details(token: string): Promise<TInvitationDetails> {
      const invitation = await invitations.findByTokenHash(sha256(token));
      if (!invitation) throw badRequest(INVITATION_MESSAGES.invalid);
      const person = invitation.userId
        ? await invitations.findPerson(invitation.userId)
        : undefined;
      const organization = await sso.organizationSignIn(invitation.organizationId);
      const { status } = toInvitationContract(invitation, false);
      return {
        status: status === 'PENDING' && (!person || !person.active) ? 'REVOKED' : status,
        email: invitation.email,
        firstName: person?.firstName ?? '',
        organizationName: organization?.name ?? '',
        inviterName: await nameOf(invitation.invitedByUserId),
        roleId: invitation.roleId,
        isFederated: isFederatedOrganization(organization),
        passkeysAllowed: await invitations.passkeysAllowed(invitation.organizationId),
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * `POST /api/users/invitation`: the invited person accepts, once, before the link expires.
     * A password user's chosen password becomes their permanent one (the web app then signs in
     * as usual); a company user is sent to their provider. No password is ever e-mailed.
     */
    async accept(token: string, password?: string): Promise<TAcceptInvitationResult> {
      const invitation = await invitations.findByTokenHash(sha256(token));
      if (!invitation) throw badRequest(INVITATION_MESSAGES.invalid);
      if (invitation.status === 'ACCEPTED') throw conflict(INVITATION_MESSAGES.used);
      if (invitation.status === 'REVOKED') throw new HttpError(410, INVITATION_MESSAGES.revoked);
      if (invitation.expiresAt.getTime() <= Date.now())
        throw new HttpError(410, INVITATION_MESSAGES.expired);
      const person = invitation.userId
        ? await invitations.findPerson(invitation.userId)
        : undefined;
      if (!person || !person.active) throw new HttpError(410, INVITATION_MESSAGES.revoked);

      const organization = await sso.organizationSignIn(person.organizationId);
      const federated = isFederatedOrganization(organization);
      if (federated && password !== undefined)
        throw badRequest(INVITATION_MESSAGES.companySignIn, {
          password: INVITATION_MESSAGES.companySignIn,
        });
      if (!federated && password === undefined)
        throw badRequest(INVITATION_MESSAGES.choosePassword, {
          password: INVITATION_MESSAGES.choosePassword,
        });
      if (!federated && !person.identityUsername)
        throw new Error('The invited user has no identity');

      const actor: Actor = {
        principal: {
          userId: person.id,
          identityUsername: person.identityUsername ?? '',
          email: person.email,
          roleId: person.roleId,
          organizationId: person.organizationId,
          isAdmin: false,
          actingOrganizationId: person.organizationId,
          impersonating: false,
          sessionId: null,
        },
        ip: null,
        requestId: null,
      };
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await invitations.claim(trx, invitation.id, new Date()))) return false;
        await invitations.setInvited(trx, person.id, false);
        return true;
      });
      // Two tabs accepting at once: only one wins.
      if (!claimed) throw conflict(INVITATION_MESSAGES.used);

      let result: TAcceptInvitationResult;
      try {
        if (federated) {
          result = {
            isFederated: true,
            email: person.email,
            redirectUri: await sso.startSignIn(person.organizationId, person.email),
          };
        } else {
          // After the claim (only the winner sets a password) and outside its transaction (see
          // ARCHITECTURE "Hazards"); a permanent password confirms the account.
          await identity.setPassword(person.identityUsername!, password!, true);
          result = { isFederated: false, email: person.email, redirectUri: null };
        }
      } catch (error) {
        // The link keeps working when the password could not be set or the sign-in not started.
        await db.transaction().execute(async (trx) => {
          await invitations.unclaim(trx, invitation.id);
          await invitations.setInvited(trx, person.id, true);
        });
        if ((error as Error).name === 'InvalidPasswordException') {
          const rule = (error as Error).message.replace(/^.*policy: /, '');
          throw badRequest(rule, { password: rule });
        }
        throw error;
      }
      await audit(db, actor, {
        type: 'INVITE',
        resourceType: 'user',
        resourceId: person.id,
        organizationId: person.organizationId,
        summary: `Invitation of ${person.email} accepted`,
      });
      return result;
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
