import type { Kysely } from 'kysely';

import {
  type TLanguage,
  type TProfile,
  type TUpdateProfileBody,
  ZLanguage,
} from '@laurel/contract/profile';
import { isRoleId, type RoleId } from '@laurel/contract/roles';

import { columnsOf } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import type { StoredPrincipal } from '../../plugins/auth.ts';

function roleOf(value: number): RoleId {
  if (!isRoleId(value)) throw new Error(`Unknown role id ${value} in the database`);
  return value;
}

function languageOf(value: string | null): TLanguage | null {
  if (value === null) return null;
  const language = ZLanguage.safeParse(value);
  if (!language.success) throw new Error(`Unknown language ${value} in the database`);
  return language.data;
}

export function createUsersRepository(db: Kysely<Database>) {
  const profileQuery = (executor = db) =>
    executor
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select([
        'users.id',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.salutation',
        'users.pronoun',
        'users.title',
        'users.nameConfirmed',
        'users.language',
        'users.insightsDigest',
        'users.roleId',
        'users.organizationId',
        'organizations.name as organizationName',
      ]);

  return {
    async findPrincipal(identityUsername: string): Promise<StoredPrincipal | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'roleId', 'organizationId', 'identityUsername'])
        .where('identityUsername', '=', identityUsername)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        userId: row.id,
        identityUsername,
        email: row.email,
        roleId: roleOf(row.roleId),
        organizationId: row.organizationId,
      };
    },

    /** The person's profile as stored; within a change, read through its transaction. */
    async findProfile(userId: number, executor = db): Promise<TProfile | undefined> {
      const row = await profileQuery(executor).where('users.id', '=', userId).executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        nameConfirmed: toBool(row.nameConfirmed),
        language: languageOf(row.language),
        insightsDigest: toBool(row.insightsDigest),
        roleId: roleOf(row.roleId),
      };
    },

    async findOrganizationOf(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('organizationId')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.organizationId;
    },

    /** Whether the organization requires an authenticator app of its people. */
    async organizationRequiresMfa(organizationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('mfaRequired')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return Boolean(row?.mfaRequired);
    },

    async updateProfile(
      executor: Kysely<Database>,
      userId: number,
      body: TUpdateProfileBody,
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({
          ...columnsOf('users', body),
          nameConfirmed: true,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', userId)
        .execute();
    },

    async setLanguage(
      executor: Kysely<Database>,
      userId: number,
      language: TLanguage,
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({ language, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    async setInsightsDigest(
      executor: Kysely<Database>,
      userId: number,
      insightsDigest: boolean,
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({ insightsDigest, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
    },

    async touchLoginTime(executor: Kysely<Database>, userId: number, at: Date): Promise<void> {
      await executor
        .updateTable('users')
        .set({ lastLoginAt: at.toISOString() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
