import { type Kysely, sql } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import { isRoleId, ROLES, type RoleId } from '@laurel/contract/roles';
import type { TUserListQuery, TUserSummary } from '@laurel/contract/users';

import { filtersBesideSearch, readBatches, readPageOfIds } from '../../db/paging.ts';
import { listCount } from '../../db/row-counts.ts';
import type { Database } from '../../db/schema.ts';
import { containsText, textFilter } from '../../db/text-search.ts';
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
  /**
   * Users matching the filters. Role and active flag match many rows: a page applies them while
   * walking the sort order's index rather than through an index of their own (`+ 0` and
   * `or false` keep the planner from choosing one); a count (`counting`) reads those indexes, and
   * so does a page sorted by role (its index starts with the role).
   */
  function matching(filter: Partial<UserFilter>, counting = false) {
    const indexedRole = counting || filter.sort === 'role';
    const role = indexedRole ? sql<number>`u.role_id` : sql<number>`u.role_id + 0`;
    const active = counting ? sql<boolean>`u.active` : sql<boolean>`(u.active or false)`;
    let query = db.selectFrom('users as u');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.organizationId);
    if (filter.roleId !== undefined) query = query.where(role, '=', filter.roleId);
    if (filter.active !== undefined) query = query.where(active, '=', filter.active);
    if (filter.status === 'DEACTIVATED') query = query.where(active, '=', false);
    else if (filter.status)
      query = query.where(active, '=', true).where('u.invited', '=', filter.status === 'INVITED');
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
        'u.invited',
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
    status: !toBool(row.active) ? 'DEACTIVATED' : toBool(row.invited) ? 'INVITED' : 'ACTIVE',
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
      readPageOfIds(
        db,
        {
          matching: matching({ ...filter, search: undefined }),
          id: 'u.id',
          keys: SORTS[filter.sort],
          order: filter.order,
          text: filter.search ? textFilter(db, 'users', 'u', filter.search) : undefined,
          narrowed: filtersBesideSearch(filter),
        },
        listCount(
          db,
          'users',
          filter,
          matching(filter, true).select((eb) => eb.fn.countAll<number>().as('count')),
        ),
        filter,
        { select: (ids) => filtered({}).where('u.id', 'in', ids), map: toSummary },
      ),

    stream: (filter: UserFilter): AsyncGenerator<TUserSummary[]> =>
      readBatches(sorted(filter), toSummary),

    async find(
      id: number,
    ): Promise<(TUserSummary & { identityUsername: string | null }) | undefined> {
      const row = await filtered({}).where('u.id', '=', id).executeTakeFirst();
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
      await executor
        .updateTable('users')
        .set({ ...set, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;
