import type { Kysely } from 'kysely';

import type { IdentityAdmin } from '@laurel/identity';
import { ADMINS_GROUP } from '@laurel/contract/constants';
import { ROLE_LABELS, ROLES, type RoleId } from '@laurel/contract/roles';
import type { TUserPatchBody, TUserSummary } from '@laurel/contract/users';

import type { Database } from '../../db/schema.ts';
import { readsOfList, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import type { UsersAdminRepository } from './users-admin.repository.ts';

export function createUsersAdminService(deps: {
  db: Kysely<Database>;
  users: UsersAdminRepository;
  audit: Auditor;
  identity: IdentityAdmin;
  /** Drops cached sign-in state so that a change takes effect on the next request. */
  forgetPrincipal: (identityUsername: string) => void;
}) {
  const { db, users, audit, identity } = deps;

  return {
    ...readsOfList('read:user', users),

    recordExport: exportRecorder(db, audit, { resourceType: 'user', one: 'user', many: 'users' }),

    async get(actor: Actor, id: number): Promise<TUserSummary> {
      const target = await users.find(id);
      if (!target) throw notFound();
      requireAccess(actor.principal, 'read:user', { organizationId: target.organizationId });
      const { identityUsername: _identityUsername, ...summary } = target;
      return summary;
    },

    async update(actor: Actor, id: number, body: TUserPatchBody): Promise<TUserSummary> {
      const target = await users.find(id);
      if (!target) throw notFound();
      requireAccess(actor.principal, 'update:user', { organizationId: target.organizationId });
      const isPlatformAdmin = actor.principal.roleId === ROLES.PLATFORM_ADMIN;
      if (
        !isPlatformAdmin &&
        (body.role_id === ROLES.PLATFORM_ADMIN || target.roleId === ROLES.PLATFORM_ADMIN)
      ) {
        throw forbidden('Only platform admins can grant or change the Platform Admin role');
      }
      if (id === actor.principal.userId) {
        if (body.active === false)
          throw badRequest('You cannot deactivate your own account', {
            active: 'Not for yourself',
          });
        if (body.role_id !== undefined && body.role_id !== target.roleId) {
          throw badRequest('You cannot change your own role', { role_id: 'Not for yourself' });
        }
      }
      const roleId: RoleId | undefined =
        body.role_id !== undefined && body.role_id !== target.roleId ? body.role_id : undefined;
      const active =
        body.active !== undefined && body.active !== target.active ? body.active : undefined;
      if (roleId === undefined && active === undefined) return target;

      const changes: string[] = [];
      if (roleId !== undefined)
        changes.push(`role ${ROLE_LABELS[target.roleId]} → ${ROLE_LABELS[roleId]}`);
      if (active !== undefined) changes.push(active ? 'activated' : 'deactivated');

      // The identity changes first, outside the transaction (on SQLite the transaction holds the
      // only connection, which the embedded pool also needs); undone if the row change fails.
      const username = target.identityUsername;
      const applyIdentity = async (role: RoleId, isActive: boolean) => {
        if (!username) return;
        if (roleId !== undefined)
          await identity.setGroups(username, role === ROLES.PLATFORM_ADMIN ? [ADMINS_GROUP] : []);
        if (active !== undefined)
          await (isActive ? identity.enableUser(username) : identity.disableUser(username));
      };
      await applyIdentity(roleId ?? target.roleId, active ?? target.active);
      try {
        await db.transaction().execute(async (trx) => {
          await users.update(trx, id, {
            ...(roleId !== undefined ? { roleId } : {}),
            ...(active !== undefined ? { active } : {}),
          });
          await audit(trx, actor, {
            type: 'ACCESS_CHANGE',
            resourceType: 'user',
            resourceId: id,
            organizationId: target.organizationId,
            summary: `User ${target.email}: ${changes.join(', ')}`,
          });
        });
      } catch (error) {
        await applyIdentity(target.roleId, target.active).catch(() => undefined);
        throw error;
      }
      if (target.identityUsername) deps.forgetPrincipal(target.identityUsername);
      return (await users.find(id))!;
    },
  };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
