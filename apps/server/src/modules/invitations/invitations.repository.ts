import type { Kysely } from 'kysely';

import { isRoleId, type RoleId } from '@laurel/contract/roles';
import type { TInvitation } from '@laurel/contract/invitations';

import type { Database } from '../../db/schema.ts';
import { toBool, toIso } from '../../db/values.ts';
import type { NewPerson, PersonRecord } from '../../lib/people.ts';

export type { NewPerson, PersonRecord };

export interface InvitationRecord {
  id: number;
  organizationId: number;
  userId: number | null;
  email: string;
  roleId: RoleId;
  status: 'PENDING' | 'ACCEPTED' | 'REVOKED';
  invitedByUserId: number | null;
  expiresAt: Date;
  createdAt: string;
}

const role = (value: number): RoleId => {
  if (!isRoleId(value)) throw new Error(`Unknown role ${value}`);
  return value;
};

export function createInvitationsRepository(db: Kysely<Database>) {
  const personColumns = [
    'id',
    'organizationId',
    'identityUsername',
    'email',
    'firstName',
    'lastName',
    'roleId',
    'active',
    'invited',
  ] as const;

  type PersonRow = {
    id: number;
    organizationId: number;
    identityUsername: string | null;
    email: string;
    firstName: string;
    lastName: string;
    roleId: number;
    active: boolean | number;
    invited: boolean | number;
  };
  const toPerson = (row: PersonRow): PersonRecord => ({
    ...row,
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    roleId: role(row.roleId),
    active: toBool(row.active),
    invited: toBool(row.invited),
  });

  type InvitationRow = {
    id: number;
    organizationId: number;
    userId: number | null;
    email: string;
    roleId: number;
    status: 'PENDING' | 'ACCEPTED' | 'REVOKED';
    invitedByUserId: number | null;
    expiresAt: Date | string;
    createdAt: Date | string;
  };
  const toInvitation = (row: InvitationRow): InvitationRecord => ({
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    userId: row.userId === null ? null : Number(row.userId),
    email: row.email,
    roleId: role(row.roleId),
    status: row.status,
    invitedByUserId: row.invitedByUserId === null ? null : Number(row.invitedByUserId),
    expiresAt: new Date(toIso(row.expiresAt)),
    createdAt: toIso(row.createdAt),
  });
  const invitationColumns = [
    'id',
    'organizationId',
    'userId',
    'email',
    'roleId',
    'status',
    'invitedByUserId',
    'expiresAt',
    'createdAt',
  ] as const;

  return {
    async findPersonByEmail(email: string): Promise<PersonRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(personColumns)
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toPerson(row);
    },

    async findPerson(id: number): Promise<PersonRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(personColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toPerson(row);
    },

    /** Adds a person's user row: the one way a user is created (see `NewPerson`). */
    async insertPerson(executor: Kysely<Database>, person: NewPerson): Promise<number> {
      const now = person.createdAt ?? new Date().toISOString();
      const row = await executor
        .insertInto('users')
        .values({
          organizationId: person.organizationId,
          identityUsername: person.identityUsername,
          email: person.email.toLowerCase(),
          firstName: person.firstName,
          lastName: person.lastName,
          salutation: null,
          pronoun: null,
          title: person.title ?? null,
          nameConfirmed: person.nameConfirmed ?? false,
          roleId: person.roleId,
          active: person.active ?? true,
          invited: person.invited,
          lastLoginAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Whose the identity is: the user row it signs in to, active or not. */
    async findPersonByUsername(identityUsername: string): Promise<PersonRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(personColumns)
        .where('identityUsername', '=', identityUsername)
        .executeTakeFirst();
      return row && toPerson(row);
    },

    /** Links the person's user row to its identity in the pool. */
    async linkIdentity(userId: number, identityUsername: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ identityUsername, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    async setInvited(executor: Kysely<Database>, userId: number, invited: boolean) {
      await executor
        .updateTable('users')
        .set({ invited, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    async deletePerson(executor: Kysely<Database>, userId: number) {
      await executor.deleteFrom('users').where('id', '=', userId).execute();
    },

    async insertInvitation(
      executor: Kysely<Database>,
      invitation: {
        organizationId: number;
        userId: number;
        email: string;
        roleId: RoleId;
        tokenHash: string;
        invitedByUserId: number | null;
        expiresAt: Date;
      },
    ): Promise<InvitationRecord> {
      const row = await executor
        .insertInto('invitations')
        .values({
          ...invitation,
          expiresAt: invitation.expiresAt.toISOString(),
          createdAt: new Date().toISOString(),
          acceptedAt: null,
          revokedAt: null,
        })
        .returning(invitationColumns)
        .executeTakeFirstOrThrow();
      return toInvitation(row);
    },

    async findByTokenHash(tokenHash: string): Promise<InvitationRecord | undefined> {
      const row = await db
        .selectFrom('invitations')
        .select(invitationColumns)
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row && toInvitation(row);
    },

    async latestForUser(userId: number): Promise<InvitationRecord | undefined> {
      const row = await db
        .selectFrom('invitations')
        .select(invitationColumns)
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toInvitation(row);
    },

    /** PENDING → ACCEPTED for an unexpired invitation; true only for the one caller that won. */
    async claim(executor: Kysely<Database>, id: number, now: Date): Promise<boolean> {
      const result = await executor
        .updateTable('invitations')
        .set({ status: 'ACCEPTED', acceptedAt: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .where('expiresAt', '>', now.toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Undoes a claim whose follow-up (password, e-mail) failed, so the link works again. */
    async unclaim(executor: Kysely<Database>, id: number) {
      await executor
        .updateTable('invitations')
        .set({ status: 'PENDING', acceptedAt: null })
        .where('id', '=', id)
        .execute();
    },

    async revokePending(executor: Kysely<Database>, userId: number, now: Date) {
      await executor
        .updateTable('invitations')
        .set({ status: 'REVOKED', revokedAt: now.toISOString() })
        .where('userId', '=', userId)
        .where('status', '=', 'PENDING')
        .execute();
    },

    async acceptPending(executor: Kysely<Database>, userId: number, now: Date) {
      await executor
        .updateTable('invitations')
        .set({ status: 'ACCEPTED', acceptedAt: now.toISOString() })
        .where('userId', '=', userId)
        .where('status', '=', 'PENDING')
        .execute();
    },

    async organizationName(organizationId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return row?.name;
    },

    /** Whether the organization lets its people sign in with passkeys. */
    async passkeysAllowed(organizationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('passkeysAllowed')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return toBool(row?.passkeysAllowed ?? false);
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

export function toInvitationContract(
  invitation: InvitationRecord,
  isFederated: boolean,
  now = new Date(),
): TInvitation {
  return {
    id: invitation.id,
    organizationId: invitation.organizationId,
    userId: invitation.userId,
    email: invitation.email,
    roleId: invitation.roleId,
    status:
      invitation.status === 'PENDING' && invitation.expiresAt.getTime() <= now.getTime()
        ? 'EXPIRED'
        : invitation.status,
    isFederated,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt,
  };
}
