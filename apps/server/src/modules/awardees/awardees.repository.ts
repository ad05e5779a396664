import type { Kysely } from 'kysely';

import type { TAwardee } from '@laurel/contract/awardees';
import { AWARD_MATCH_STATUSES, type AwardMatchStatus } from '@laurel/contract/credentials';

import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';

/** More awards than anyone earns from one organization; a bound on the page all the same. */
const MOST_AWARDS = 1000;

function toMatchStatus(value: string): AwardMatchStatus {
  if ((AWARD_MATCH_STATUSES as readonly string[]).includes(value)) return value as AwardMatchStatus;
  throw new Error(`Unknown award match status ${value}`);
}

export function createAwardeesRepository(
  db: Kysely<Database>,
  /** The public page of a signed credential, from its verification id. */
  verificationUrl: (verificationId: string) => string,
) {
  return {
    /** The organization and external id of an award: who holds it. */
    async holderOf(
      awardId: number,
    ): Promise<{ organizationId: number; externalId: string } | undefined> {
      return db
        .selectFrom('awards')
        .select(['organizationId', 'externalId'])
        .where('id', '=', awardId)
        .executeTakeFirst();
    },

    /**
     * The person with `externalId` in the organization and their awards there, newest first
     * (read through the index on organization and external id); undefined when they hold none.
     */
    async awardee(organizationId: number, externalId: string): Promise<TAwardee | undefined> {
      const [organization, rows] = await Promise.all([
        db
          .selectFrom('organizations')
          .select(['name', 'insightsEntitled'])
          .where('id', '=', organizationId)
          .executeTakeFirst(),
        db
          .selectFrom('awards as a')
          .innerJoin('credentials as c', 'c.id', 'a.credentialId')
          .select([
            'a.id',
            'a.firstName',
            'a.lastName',
            'a.email',
            'a.credentialId',
            'c.name as credentialName',
            'c.code as credentialCode',
            'a.awardDate',
            'a.matchStatus',
          ])
          .where('a.organizationId', '=', organizationId)
          .where('a.externalId', '=', externalId)
          .orderBy('a.awardDate', 'desc')
          .orderBy('a.id', 'desc')
          .limit(MOST_AWARDS)
          .execute(),
      ]);
      const newest = rows[0];
      if (!organization || !newest) return undefined;
      // Each award's signed credential: the live one, else the latest revoked.
      const issued = await db
        .selectFrom('issuedCredentials')
        .select(['awardId', 'status', 'verificationId'])
        .where(
          'awardId',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute();
      const badges = new Map<number, { state: 'ISSUED' | 'REVOKED'; verificationId: string }>();
      for (const row of issued) {
        const state = row.status === 'ISSUED' ? 'ISSUED' : 'REVOKED';
        const current = badges.get(Number(row.awardId));
        if (!current || state === 'ISSUED' || current.state !== 'ISSUED')
          badges.set(Number(row.awardId), { state, verificationId: row.verificationId });
      }
      return {
        organizationId,
        organizationName: organization.name,
        insightsEntitled: toBool(organization.insightsEntitled),
        externalId,
        firstName: newest.firstName,
        lastName: newest.lastName,
        email: newest.email,
        awards: rows.map((row) => ({
          id: row.id,
          credentialId: row.credentialId,
          credentialName: row.credentialName,
          credentialCode: row.credentialCode,
          awardDate: row.awardDate,
          matchStatus: toMatchStatus(row.matchStatus),
          signedCredential: badges.has(row.id)
            ? {
                state: badges.get(row.id)!.state,
                verificationUrl: verificationUrl(badges.get(row.id)!.verificationId),
              }
            : { state: 'NOT_ISSUED' as const, verificationUrl: null },
        })),
      };
    },
  };
}
export type AwardeesRepository = ReturnType<typeof createAwardeesRepository>;
