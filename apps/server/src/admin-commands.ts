import type { Kysely } from 'kysely';
import { z } from 'zod';

import { ADMINS_GROUP, PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { ROLES } from '@laurel/contract/roles';
import type { IdentityAdmin } from '@laurel/identity';

import type { Database } from './db/schema.ts';
import type { AuditTypeCode } from './lib/audit.ts';
import { createAuditsRepository } from './modules/audits/audits.repository.ts';
import { queueInsightsChecksNow } from './modules/insights/check-insights.job.ts';
import { createInsightsRepository } from './modules/insights/insights.repository.ts';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { createUsersAdminRepository } from './modules/users/users-admin.repository.ts';
import { generateTemporaryPassword } from './modules/invitations/invitations.service.ts';

/** The organization `--organization` names by its id, or a refusal saying why not. */
async function organizationNamed(
  organizations: { nameOf(id: number): Promise<string | undefined> },
  given: string | undefined,
): Promise<{ organizationId: number; name: string }> {
  const organizationId = Number(given);
  if (!Number.isSafeInteger(organizationId) || organizationId <= 0)
    throw new AdminCommandError(`--organization must be an organization's id (a whole number).`);
  const name = await organizations.nameOf(organizationId);
  if (name === undefined)
    throw new AdminCommandError(`No organization has the id ${organizationId}.`);
  return { organizationId, name };
}

/** A refusal the command line reports as one sentence, exiting 1. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

export interface AdminCommandDeps {
  db: Kysely<Database>;
  identity: IdentityAdmin;
  /** The embedded pool (its temporary passwords are shown here) or AWS Cognito. */
  identityMode: 'embedded' | 'cognito';
  demoMode: boolean;
  publicUrl: string;
}

const ZEmail = z.email().max(254);
const ZName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

function parseEmail(value: string | undefined): string {
  if (!value) throw new AdminCommandError('Give the person’s e-mail address with --email.');
  const parsed = ZEmail.safeParse(value.trim().toLowerCase());
  if (!parsed.success) throw new AdminCommandError(`"${value}" is not an e-mail address.`);
  return parsed.data;
}

function parseName(value: string | undefined, option: string, fallback: string): string {
  if (value === undefined) return fallback;
  const parsed = ZName.safeParse(value);
  if (!parsed.success)
    throw new AdminCommandError(
      `--${option} must be 1 to 100 characters, without control characters.`,
    );
  return parsed.data;
}

/** "ada.lovelace@…" → "Ada": a first name to confirm at the first sign-in. */
const nameFromEmail = (email: string) => {
  const local = email.slice(0, email.indexOf('@')).split(/[._+-]/)[0] || 'Platform';
  return local.charAt(0).toUpperCase() + local.slice(1);
};

/**
 * What `npm run admin` does (docs/operations.md): the first platform admin of a new
 * installation, and the account actions an operator needs when nobody can sign in to do them.
 * Every change is recorded on the audit trail as made from the command line.
 */
export function createAdminCommands(deps: AdminCommandDeps) {
  const { db, identity } = deps;
  const audits = createAuditsRepository(db);
  const organizations = createOrganizationsRepository(db);
  const users = createUsersAdminRepository(db);
  const people = createInvitationsRepository(db);

  async function audit(
    executor: Kysely<Database>,
    entry: { type: AuditTypeCode; userId: number; organizationId: number; summary: string },
  ) {
    await audits.insert(executor, {
      actorUserId: null,
      organizationId: entry.organizationId,
      impersonating: false,
      typeCode: entry.type,
      resourceType: 'user',
      resourceId: String(entry.userId),
      summary: `${entry.summary} (from the command line)`,
      ipAddress: null,
      requestId: null,
    });
  }

  async function personByEmail(email: string) {
    const person = await users.findAccountByEmail(email);
    if (!person) throw new AdminCommandError(`No Laurel user has the e-mail address ${email}.`);
    if (!person.identityUsername)
      throw new AdminCommandError(`${email} has no sign-in account yet (an open invitation).`);
    return { ...person, identityUsername: person.identityUsername };
  }

  async function setActive(
    person: { id: number; organizationId: number; email: string },
    active: boolean,
  ) {
    await db.transaction().execute(async (trx) => {
      await users.update(trx, person.id, { active });
      await audit(trx, {
        type: 'ACCESS_CHANGE',
        userId: person.id,
        organizationId: person.organizationId,
        summary: `${active ? 'Activated' : 'Deactivated'} ${person.email}`,
      });
    });
  }

  /** The platform organization, created on a new production database. */
  async function platformOrganizationId(): Promise<number> {
    const existing = await organizations.idByName(PLATFORM_ORGANIZATION_NAME);
    if (existing !== undefined) return existing;
    if (deps.demoMode)
      throw new AdminCommandError(
        'This database has no demo world yet: start Laurel once (npm start) to create it, or set DEMO_MODE=false for a production installation.',
      );
    return organizations.create(db, {
      name: PLATFORM_ORGANIZATION_NAME,
      type_id: await organizations.lookupId('organizationTypes', 'PLATFORM'),
      login_mode_id: await organizations.lookupId('loginModes', 'PASSWORD'),
      website: null,
      city: null,
      state: null,
      salesforce_account_id: null,
      insights_entitled: false,
      mfa_required: false,
    });
  }

  return {
    /**
     * A platform admin in the platform organization, with a one-time temporary password they
     * replace at their first sign-in; refused when the e-mail address is taken.
     */
    async createPlatformAdmin(options: {
      email?: string;
      firstName?: string;
      lastName?: string;
    }): Promise<{ email: string; temporaryPassword: string; signInUrl: string }> {
      const email = parseEmail(options.email);
      const firstName = parseName(options.firstName, 'first-name', nameFromEmail(email));
      const lastName = parseName(options.lastName, 'last-name', 'Admin');
      if (await users.findAccountByEmail(email))
        throw new AdminCommandError(
          `A Laurel user with the e-mail address ${email} already exists.`,
        );
      if (await identity.getUserByEmail(email))
        throw new AdminCommandError(
          `The identity pool already has an account for ${email}; remove it there or choose another address.`,
        );
      const organizationId = await platformOrganizationId();
      const temporaryPassword = generateTemporaryPassword();
      const { username } = await identity.createUser({
        email,
        temporaryPassword,
        groups: [ADMINS_GROUP],
        attributes: { given_name: firstName, family_name: lastName },
      });
      try {
        await db.transaction().execute(async (trx) => {
          const id = await people.insertPerson(trx, {
            organizationId,
            identityUsername: username,
            email,
            firstName,
            lastName,
            roleId: ROLES.PLATFORM_ADMIN,
            invited: false,
          });
          await audit(trx, {
            type: 'CREATE',
            userId: id,
            organizationId,
            summary: `Created platform admin ${email}`,
          });
        });
      } catch (error) {
        // No half-created admin: the account goes with the row that failed.
        await identity.deleteUser(username).catch(() => undefined);
        throw error;
      }
      return {
        email,
        temporaryPassword,
        signInUrl: `${deps.publicUrl}/auth/password-sign-in`,
      };
    },

    /**
     * Queues the consistency check of one organization's stored insights (or of every
     * organization with insights and awards) to run now, on the server's job workers.
     */
    async checkInsights(options: { organization?: string }): Promise<string> {
      if (options.organization !== undefined) {
        const { organizationId, name } = await organizationNamed(
          organizations,
          options.organization,
        );
        const queued = await queueInsightsChecksNow(db, new Date(), organizationId);
        if (queued.length === 0)
          throw new AdminCommandError(
            `${name} has no insights to check (no insights entitlement, or no awards).`,
          );
        return `The insights check of ${name} is queued: a running Laurel checks it within seconds (after any queued rebuild of it); the result shows on the platform dashboard and in /metrics.`;
      }
      const queued = await queueInsightsChecksNow(db, new Date());
      return queued.length === 0
        ? 'No organization has insights to check.'
        : `${queued.length === 1 ? 'The insights check of 1 organization is' : `The insights checks of ${queued.length} organizations are`} queued: a running Laurel checks them one at a time; the results show on the platform dashboard and in /metrics.`;
    },

    /**
     * Queues a full rebuild of one organization's insights: its stored blocks of awards are
     * forgotten, so that the rebuild reads every award from its earnings (decision record 068).
     */
    async rebuildInsights(options: { organization?: string }): Promise<string> {
      const { organizationId, name } = await organizationNamed(organizations, options.organization);
      const insights = createInsightsRepository(db);
      await insights.forgetBlocks(organizationId);
      await insights.queueRebuild(organizationId);
      return `A full rebuild of the insights of ${name} is queued: a running Laurel reads every award of it again (after any running rebuild of it) and replaces its figures.`;
    },

    /** Removes the person's authenticator app; they set one up again where it is required. */
    async resetMfa(options: { email?: string }): Promise<string> {
      const person = await personByEmail(parseEmail(options.email));
      await identity.resetMfa(person.identityUsername);
      await audit(db, {
        type: 'MFA_REMOVED',
        userId: person.id,
        organizationId: person.organizationId,
        summary: `Reset two-step verification of ${person.email}`,
      });
      return `${person.email} signs in without an authenticator app now, and sets one up again where it is required.`;
    },

    /** The person cannot sign in, and their sessions end on every instance within a second. */
    async disableUser(options: { email?: string }): Promise<string> {
      const person = await personByEmail(parseEmail(options.email));
      // Disabling signs the person out everywhere too (as AWS Cognito's AdminDisableUser does).
      await identity.disableUser(person.identityUsername);
      await setActive(person, false);
      return `${person.email} is deactivated: signed out everywhere and cannot sign in.`;
    },

    async enableUser(options: { email?: string }): Promise<string> {
      const person = await personByEmail(parseEmail(options.email));
      await identity.enableUser(person.identityUsername);
      await setActive(person, true);
      return `${person.email} is active and can sign in again.`;
    },
  };
}

/** Whether the installation has an active platform admin (a production start says how to create one). */
export async function hasPlatformAdmin(db: Kysely<Database>): Promise<boolean> {
  return createUsersAdminRepository(db).hasActivePlatformAdmin();
}

export const FIRST_ADMIN_COMMAND =
  'npm run admin -- create-platform-admin --email you@your-institution.example';
