import type { Kysely } from 'kysely';

import { ROLES } from '@laurel/contract/roles';

import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { DigestFigures } from './insights-digest.ts';

/** Who receives the digest: active organization admins who opted in. */
export interface DigestRecipient {
  userId: number;
  identityUsername: string;
  email: string;
  firstName: string;
  language: string | null;
  organizationId: number;
  organizationName: string;
}

export function createInsightsDigestRepository(db: Kysely<Database>) {
  const recipients = () =>
    db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select([
        'users.id as userId',
        'users.identityUsername',
        'users.email',
        'users.firstName',
        'users.language',
        'users.organizationId',
        'organizations.name as organizationName',
      ])
      .where('users.insightsDigest', '=', true)
      .where('users.roleId', '=', ROLES.ORGANIZATION_ADMIN)
      .where('users.active', '=', true)
      .where('users.invited', '=', false)
      .where('users.identityUsername', 'is not', null);

  const toRecipient = (row: {
    userId: number;
    identityUsername: string | null;
    email: string;
    firstName: string;
    language: string | null;
    organizationId: number;
    organizationName: string;
  }): DigestRecipient => ({ ...row, identityUsername: row.identityUsername ?? '' });

  return {
    /** The people who opted in and have not had the month's digest yet. */
    async due(month: string): Promise<DigestRecipient[]> {
      const rows = await recipients()
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('insightsDigests')
                .select('insightsDigests.id')
                .whereRef('insightsDigests.userId', '=', 'users.id')
                .where('insightsDigests.month', '=', month),
            ),
          ),
        )
        .orderBy('users.id')
        .execute();
      return rows.map(toRecipient);
    },

    /** The person, while they still receive the digest (opted in, organization admin, active). */
    async recipient(userId: number): Promise<DigestRecipient | undefined> {
      const row = await recipients().where('users.id', '=', userId).executeTakeFirst();
      return row ? toRecipient(row) : undefined;
    },

    /** The figures of the person's latest digest before `month`, or undefined for the first. */
    async previous(userId: number, month: string): Promise<DigestFigures | undefined> {
      const row = await db
        .selectFrom('insightsDigests')
        .select('figures')
        .where('userId', '=', userId)
        .where('month', '<', month)
        .orderBy('month', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? (JSON.parse(row.figures) as DigestFigures) : undefined;
    },

    /**
     * Records the month's digest of the person before it is sent; false when one is recorded
     * already (another worker sent it), so that no month is sent twice.
     */
    async claim(recipient: DigestRecipient, month: string, figures: DigestFigures) {
      try {
        const row = await db
          .insertInto('insightsDigests')
          .values({
            userId: recipient.userId,
            organizationId: recipient.organizationId,
            month,
            figures: JSON.stringify(figures),
            sentAt: new Date().toISOString(),
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Forgets a claimed digest whose e-mail could not be sent, so that a retry sends it. */
    async release(userId: number, month: string): Promise<void> {
      await db
        .deleteFrom('insightsDigests')
        .where('userId', '=', userId)
        .where('month', '=', month)
        .execute();
    },
  };
}
export type InsightsDigestRepository = ReturnType<typeof createInsightsDigestRepository>;
