import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

import type { IdentityAdmin } from '@laurel/identity';

import { ROLES, type RoleId } from '@laurel/contract/roles';

import type { Database } from '../../src/db/schema.ts';
import { createInvitationsRepository } from '../../src/modules/invitations/invitations.repository.ts';

let sequence = 0;
const next = () => ++sequence;

export interface BuiltOrganization {
  id: number;
  name: string;
}

export async function createOrganization(
  db: Kysely<Database>,
  overrides: Partial<{
    name: string;
    typeId: number;
    loginModeId: number;
    insightsEntitled: boolean;
    mfaRequired: boolean;
  }> = {},
): Promise<BuiltOrganization> {
  const name = overrides.name ?? `Test Organization ${next()}-${randomUUID().slice(0, 6)}`;
  const row = await db
    .insertInto('organizations')
    .values({
      name,
      typeId: overrides.typeId ?? 3,
      loginModeId: overrides.loginModeId ?? 1,
      website: null,
      city: null,
      state: null,
      salesforceAccountId: null,
      insightsEntitled: overrides.insightsEntitled ?? true,
      mfaRequired: overrides.mfaRequired ?? false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A credential of `organizationId`; its id. */
export async function createCredential(
  db: Kysely<Database>,
  organizationId: number,
  fields: { code: string; name: string; typeId?: number; programCode?: string | null },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('credentials')
    .values({
      organizationId,
      code: fields.code,
      name: fields.name,
      typeId: fields.typeId ?? 1,
      programCode: fields.programCode ?? null,
      description: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface BuiltUser {
  id: number;
  email: string;
  identityUsername: string;
  organizationId: number;
  roleId: RoleId;
}

export type UserOverrides = Partial<{
  email: string;
  roleId: RoleId;
  firstName: string;
  lastName: string;
  active: boolean;
  nameConfirmed: boolean;
  identityUsername: string;
}>;

/**
 * A Laurel user; with `identity`, also its identity in the pool (so sign-in and admin calls work).
 */
export async function createUser(
  db: Kysely<Database>,
  organizationId: number,
  overrides: UserOverrides = {},
  identity?: { admin: IdentityAdmin; password: string },
): Promise<BuiltUser> {
  const n = next();
  const email = overrides.email ?? `user${n}-${randomUUID().slice(0, 8)}@example.test`;
  const roleId = overrides.roleId ?? ROLES.USER;
  const identityUsername = identity
    ? (
        await identity.admin.createUser({
          email,
          password: identity.password,
          groups: roleId === ROLES.PLATFORM_ADMIN ? ['Admins'] : [],
        })
      ).username
    : (overrides.identityUsername ?? randomUUID());
  const id = await createInvitationsRepository(db).insertPerson(db, {
    organizationId,
    identityUsername,
    email,
    firstName: overrides.firstName ?? `First${n}`,
    lastName: overrides.lastName ?? `Last${n}`,
    nameConfirmed: overrides.nameConfirmed ?? true,
    roleId,
    active: overrides.active ?? true,
    invited: false,
  });
  return { id, email, identityUsername, organizationId, roleId };
}
