import type { Kysely, Transaction } from 'kysely';

import type { TLanguage, TProfile, TUpdateProfileBody } from '@laurel/contract/profile';
import { ROLES } from '@laurel/contract/roles';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type AccountEventRecorder, accountEventOf, type Auditor } from '../../lib/audit.ts';
import { describeChanges, NO_CHANGES, type StoredFields } from '../../lib/audit-labels.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: {
  db: Kysely<Database>;
  users: UsersRepository;
  audit: Auditor;
  recordAccountEvent: AccountEventRecorder;
}) {
  const { db, users, audit, recordAccountEvent } = deps;

  /**
   * Changes a profile as `actor` may: `write` and the audit entry naming what changed (`changes`,
   * the fields sent) in one transaction; unchanged fields are audited only with `auditUnchanged`.
   */
  async function changeProfile<Changes extends object>(
    actor: Actor,
    userId: number,
    changes: Changes,
    write: (trx: Transaction<Database>) => Promise<unknown>,
    options: { auditUnchanged?: boolean; check?: (before: TProfile) => void } = {},
  ): Promise<TProfile> {
    const before = await users.findProfile(userId);
    if (!before) throw notFound();
    requireAccess(actor.principal, 'update:profile', {
      organizationId: before.organizationId,
      userId,
    });
    options.check?.(before);
    return db.transaction().execute(async (trx) => {
      await write(trx);
      const after = (await users.findProfile(userId, trx))!;
      const described = describeChanges(
        changes,
        before as StoredFields<Changes>,
        after as StoredFields<Changes>,
      );
      if (described !== NO_CHANGES || options.auditUnchanged)
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'user',
          resourceId: userId,
          organizationId: before.organizationId,
          summary: `Profile of ${before.email}: ${described}`,
        });
      return after;
    });
  }

  return {
    async getOwnProfile(principal: Principal): Promise<TProfile> {
      const profile = await users.findProfile(principal.userId);
      if (!profile) throw notFound();
      return profile;
    },

    async updateProfile(actor: Actor, userId: number, body: TUpdateProfileBody): Promise<TProfile> {
      return changeProfile(actor, userId, body, (trx) => users.updateProfile(trx, userId, body), {
        auditUnchanged: true,
      });
    },

    /** `PUT /api/users/profile/language`: the signed-in person's language, kept and audited. */
    async setOwnLanguage(actor: Actor, language: TLanguage): Promise<TProfile> {
      const { userId } = actor.principal;
      return changeProfile(actor, userId, { language }, (trx) =>
        users.setLanguage(trx, userId, language),
      );
    },

    /**
     * `PUT /api/users/profile/insights-digest`: whether the signed-in person receives the monthly
     * insights digest, kept and audited. Only an organization admin may opt in; anyone may opt out.
     */
    async setOwnInsightsDigest(actor: Actor, insightsDigest: boolean): Promise<TProfile> {
      const { userId } = actor.principal;
      return changeProfile(
        actor,
        userId,
        { insightsDigest },
        (trx) => users.setInsightsDigest(trx, userId, insightsDigest),
        {
          check: (before) => {
            if (insightsDigest && before.roleId !== ROLES.ORGANIZATION_ADMIN)
              throw forbidden('Only organization admins can receive the monthly insights digest.');
          },
        },
      );
    },

    /**
     * `PATCH /api/users/login-time`, sent once after a sign-in: the time, and the sign-in on the
     * audit trail unless the identity pool already recorded this session's.
     */
    async recordLogin(actor: Actor): Promise<void> {
      const { principal } = actor;
      await db.transaction().execute(async (trx) => {
        await users.touchLoginTime(trx, principal.userId, new Date());
        if (principal.sessionId)
          await recordAccountEvent(
            accountEventOf(actor, {
              type: 'SIGN_IN',
              method: 'password',
              sessionId: principal.sessionId,
            }),
            trx,
          );
      });
    },

    /** `POST /api/auth/sign-out`: the person is signing out of this session (recorded once). */
    async recordSignOut(actor: Actor): Promise<void> {
      const { sessionId } = actor.principal;
      if (!sessionId) return;
      await recordAccountEvent(
        accountEventOf(actor, { type: 'SIGN_OUT', sessionId, everywhere: false }),
        db,
      );
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
