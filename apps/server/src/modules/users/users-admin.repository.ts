import { type Kysely, sql } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import { isRoleId, ROLES, type RoleId } from '@laurel/contract/roles';
import type { TUserListQuery, TUserSummary } from '@laurel/contract/users';

import { defineList } from '../../db/list-definition.ts';
import type { Database } from '../../db/schema.ts';
import { toBool, toIso, toIsoOrNull } from '../../db/values.ts';

export interface UserFilter extends TUserListQuery {
  scopeOrganizationId?: number | undefined;
}

export function createUsersAdminRepository(db: Kysely<Database>) {
  const everyUser = () => db.selectFrom('users as u');

  // A left join keeps users as the driving table, so that sorted pages walk the users' indexes.
  const filtered = (query: ReturnType<typeof everyUser>) =>
    query
      .leftJoin('organizations as o', 'o.id', 'u.organizationId')
      .select([
        'u.id',
        'u.organizationId',
        'o.name as organizationName',
        'u.email',
        'u.firstName',
        'u.lastName',
        'u.title',
        'u.roleId',
        'u.active',
        'u.invited',
        'u.lastLoginAt',
        'u.createdAt',
        'u.identityUsername',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof filtered>['executeTakeFirstOrThrow']>>;
  const role = (value: number): RoleId => {
    if (!isRoleId(value)) throw new Error(`Unknown role ${value}`);
    return value;
  };
  const toSummary = (row: Row): TUserSummary => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName ?? '',
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    roleId: role(row.roleId),
    active: toBool(row.active),
    status: !toBool(row.active) ? 'DEACTIVATED' : toBool(row.invited) ? 'INVITED' : 'ACTIVE',
    lastLoginAt: toIsoOrNull(row.lastLoginAt),
    createdAt: toIso(row.createdAt),
  });

  const users = defineList<UserFilter>(db)({
    table: 'users',
    alias: 'u',
    from: everyUser,
    counted: 'users',
    filters: { scopeOrganizationId: 'u.organizationId', organizationId: 'u.organizationId' },
    /**
     * Role and active flag match many rows: a page applies them while walking the sort order's
     * index rather than through an index of their own (`+ 0` and `or false` keep the planner from
     * choosing one); a count reads those indexes, and so does a page sorted by role (its index
     * starts with the role).
     */
    where(query, filter, counting) {
      const indexedRole = counting || filter.sort === 'role';
      const role = indexedRole ? sql<number>`u.role_id` : sql<number>`u.role_id + 0`;
      const active = counting ? sql<boolean>`u.active` : sql<boolean>`(u.active or false)`;
      let matching = query;
      if (filter.roleId !== undefined) matching = matching.where(role, '=', filter.roleId);
      if (filter.active !== undefined) matching = matching.where(active, '=', filter.active);
      if (filter.status === 'DEACTIVATED') matching = matching.where(active, '=', false);
      else if (filter.status)
        matching = matching
          .where(active, '=', true)
          .where('u.invited', '=', filter.status === 'INVITED');
      return matching;
    },
    sorts: {
      name: { keys: ['u.lastName', 'u.firstName'] },
      email: { keys: ['u.email'] },
      role: { keys: ['u.roleId', 'u.lastName'] },
      lastLoginAt: { keys: ['u.lastLoginAt'] },
      createdAt: { keys: ['u.createdAt'] },
    },
    columns: filtered,
    map: toSummary,
  });

  return {
    list: (filter: UserFilter): Promise<TPage<TUserSummary>> => users.list(filter),

    stream: (filter: UserFilter): AsyncGenerator<TUserSummary[]> => users.stream(filter),

    async find(
      id: number,
    ): Promise<(TUserSummary & { identityUsername: string | null }) | undefined> {
      const row = await filtered(everyUser().where('u.id', '=', id)).executeTakeFirst();
      return row ? { ...toSummary(row), identityUsername: row.identityUsername } : undefined;
    },

    /** The account the command line acts on, by its e-mail address. */
    async findAccountByEmail(email: string): Promise<
      | {
          id: number;
          organizationId: number;
          identityUsername: string | null;
          email: string;
          active: boolean;
        }
      | undefined
    > {
      const row = await db
        .selectFrom('users')
        .select(['id', 'organizationId', 'identityUsername', 'email', 'active'])
        .where('email', '=', email)
        .executeTakeFirst();
      return row && { ...row, active: toBool(row.active) };
    },

    async hasActivePlatformAdmin(): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('roleId', '=', ROLES.PLATFORM_ADMIN)
        .where('active', '=', true)
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(
      executor: Kysely<Database>,
      id: number,
      values: { roleId?: RoleId; active?: boolean },
    ): Promise<void> {
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      // The insights digest is for organization admins: a role change away from it ends it.
      const leavesDigest =
        values.roleId !== undefined && values.roleId !== ROLES.ORGANIZATION_ADMIN;
      await executor
        .updateTable('users')
        .set({
          ...set,
          ...(leavesDigest ? { insightsDigest: false } : {}),
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;
