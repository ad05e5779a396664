import { type Kysely, sql } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import { isRoleId, type RoleId } from '@laurel/contract/roles';
import type { TUserListQuery, TUserSummary } from '@laurel/contract/users';

import { readBatches, readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';
import { toBool, toIso, toIsoOrNull } from '../../db/values.ts';

export interface UserFilter extends TUserListQuery {
  scopeOrganizationId?: number | undefined;
}

const SORTS = {
  name: ['u.lastName', 'u.firstName'],
  email: ['u.email'],
  role: ['u.roleId', 'u.lastName'],
  lastLoginAt: ['u.lastLoginAt'],
  createdAt: ['u.createdAt'],
} as const;

export function createUsersAdminRepository(db: Kysely<Database>) {
  function matching(filter: Partial<UserFilter>) {
    let query = db.selectFrom('users as u');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.organizationId);
    // Role and active flag match many rows: applied while walking the sort order's index rather
    // than through an index of their own (`+ 0` keeps the planner from choosing one).
    if (filter.roleId !== undefined)
      query = query.where(sql<number>`u.role_id + 0`, '=', filter.roleId);
    if (filter.active !== undefined) query = query.where('u.active', '=', filter.active);
    if (filter.search) query = query.where(containsText(db, 'users', 'u', filter.search));
    return query;
  }

  // A left join keeps users as the driving table, so that sorted pages walk the users' indexes.
  function filtered(filter: Partial<UserFilter>) {
    return matching(filter)
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
        'u.lastLoginAt',
        'u.createdAt',
        'u.identityUsername',
      ]);
  }

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
    lastLoginAt: toIsoOrNull(row.lastLoginAt),
    createdAt: toIso(row.createdAt),
  });

  function ordered(query: ReturnType<typeof filtered>, filter: UserFilter) {
    let q = query;
    for (const column of SORTS[filter.sort]) q = q.orderBy(column, filter.order);
    return q.orderBy('u.id', filter.order);
  }

  const sorted = (filter: UserFilter) => ordered(filtered(filter), filter);

  return {
    list: (filter: UserFilter): Promise<TPage<TUserSummary>> =>
      readPage(
        sorted(filter),
        matching(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        filter,
        toSummary,
      ),

    stream: (filter: UserFilter): AsyncGenerator<TUserSummary[]> =>
      readBatches(sorted(filter), toSummary),

    async find(
      id: number,
    ): Promise<(TUserSummary & { identityUsername: string | null }) | undefined> {
      const row = await filtered({}).where('u.id', '=', id).executeTakeFirst();
      return row ? { ...toSummary(row), identityUsername: row.identityUsername } : undefined;
    },

    async update(
      executor: Kysely<Database>,
      id: number,
      values: { roleId?: RoleId; active?: boolean },
    ): Promise<void> {
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await executor
        .updateTable('users')
        .set({ ...set, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;
