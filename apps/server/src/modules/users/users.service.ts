import type { Kysely } from 'kysely';

import type { TProfile, TUpdateProfileBody } from '@laurel/contract/profile';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import { type Actor, type Auditor, describeChanges } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: {
  db: Kysely<Database>;
  users: UsersRepository;
  audit: Auditor;
}) {
  const { db, users, audit } = deps;
  return {
    async getOwnProfile(principal: Principal): Promise<TProfile> {
      const profile = await users.findProfile(principal.userId);
      if (!profile) throw notFound();
      return profile;
    },

    async updateProfile(actor: Actor, userId: number, body: TUpdateProfileBody): Promise<TProfile> {
      const before = await users.findProfile(userId);
      if (!before) throw notFound();
      requireAccess(actor.principal, 'update:profile', {
        organizationId: before.organizationId,
        userId,
      });
      await db.transaction().execute(async (trx) => {
        await users.updateProfile(trx, userId, body);
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'user',
          resourceId: userId,
          organizationId: before.organizationId,
          summary: `Profile of ${before.email}: ${describeChanges(
            {
              first_name: before.firstName,
              last_name: before.lastName,
              salutation: before.salutation,
              pronoun: before.pronoun,
              title: before.title,
            },
            body,
          )}`,
        });
      });
      return (await users.findProfile(userId))!;
    },

    async recordLogin(principal: Principal): Promise<void> {
      await users.touchLoginTime(principal.userId, new Date());
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
