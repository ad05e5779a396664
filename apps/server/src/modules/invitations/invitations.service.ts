import { createHash, randomBytes, randomInt } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { IdentityAdmin } from '@laurel/identity';
import { ADMINS_GROUP, PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import {
  INVITATION_MESSAGES,
  INVITATION_VALIDITY_DAYS,
  type TAcceptInvitationResult,
  type TInvitation,
  type ZInvitationBody,
} from '@laurel/contract/invitations';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';
import type { TUserSummary } from '@laurel/contract/users';
import type { z } from 'zod';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor, Auditor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationEmail, temporaryPasswordEmail } from '../mail/templates.ts';
import { isFederatedOrganization, type SsoService } from '../sso/sso.service.ts';
import {
  type InvitationRecord,
  type InvitationsRepository,
  type PersonRecord,
  toInvitationContract,
} from './invitations.repository.ts';

const VALIDITY_MS = INVITATION_VALIDITY_DAYS * 24 * 3600_000;
/** Days a temporary password works (the identity pool's setting, Cognito's default). */
const TEMPORARY_PASSWORD_DAYS = 7;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * A temporary password that is easy to type and meets the policy by construction: four groups
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
  signInUrl: string;
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

  async function sendInvitation(
    person: PersonRecord,
    token: string,
    invitation: InvitationRecord,
    inviter: Actor,
    federated: boolean,
  ) {
    const organizationName = (await invitations.organizationName(person.organizationId)) ?? '';
    const inviterPerson = await invitations.findPerson(inviter.principal.userId);
    const inviterName = inviterPerson
      ? `${inviterPerson.firstName} ${inviterPerson.lastName}`.trim() || inviterPerson.email
      : 'An administrator';
    await send(
      invitationEmail({
        to: person.email,
        firstName: person.firstName,
        organizationName,
        inviterName,
        link: links.acceptUrl(token),
        expiresAt: invitation.expiresAt,
        isFederated: federated,
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

      // The identity first, outside the transaction (see ARCHITECTURE "Hazards"). Without a
      // password the pool makes a temporary one nobody knows: a new one is sent on acceptance.
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
            summary: `Invited ${email} to ${organization.name} as ${ROLE_LABELS[body.role_id]}${federated ? ' (company sign-in)' : ''}`,
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

    /** `POST /api/users/invitation`: the invited person accepts, once, before the link expires. */
    async accept(token: string): Promise<TAcceptInvitationResult> {
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
        await audit(trx, actor, {
          type: 'INVITE',
          resourceType: 'user',
          resourceId: person.id,
          organizationId: person.organizationId,
          summary: `Invitation of ${person.email} accepted`,
        });
        return true;
      });
      // Two tabs accepting at once: only one wins.
      if (!claimed) throw conflict(INVITATION_MESSAGES.used);

      const organization = await sso.organizationSignIn(person.organizationId);
      try {
        if (isFederatedOrganization(organization)) {
          return {
            isFederated: true,
            email: person.email,
            redirectUri: await sso.startSignIn(person.organizationId, person.email),
          };
        }
        if (!person.identityUsername) throw new Error('The invited user has no identity');
        const temporaryPassword = generateTemporaryPassword();
        await identity.setPassword(person.identityUsername, temporaryPassword, false);
        await send(
          temporaryPasswordEmail({
            to: person.email,
            firstName: person.firstName,
            temporaryPassword,
            signInUrl: links.signInUrl,
            validDays: TEMPORARY_PASSWORD_DAYS,
          }),
        );
        return { isFederated: false, email: person.email, redirectUri: null };
      } catch (error) {
        // The link keeps working when the password or the e-mail could not be made.
        await db.transaction().execute(async (trx) => {
          await invitations.unclaim(trx, invitation.id);
          await invitations.setInvited(trx, person.id, true);
        });
        throw error;
      }
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
