import type { Kysely } from 'kysely';

import type { Database } from '../../src/db/schema.ts';

/** One year of a graduate's earnings record; `wage: null` with `employed: false` for no job. */
export interface GraduateYear {
  year: number;
  wage: number | null;
  employed?: boolean;
}

/**
 * A graduate the data provider matched, with the earnings years given (full time when employed,
 * welders in manufacturing), awarded in June 2020: the insights tests' cohort member.
 */
export async function insertMatchedGraduate(
  db: Kysely<Database>,
  award: { organizationId: number; credentialId: number; externalId: string; lastName: string },
  years: GraduateYear[],
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('awards')
    .values({
      ...award,
      firstName: 'Test',
      email: null,
      dateOfBirth: null,
      awardDate: '2020-06-15',
      awardYear: 2020,
      uploadId: null,
      matchStatus: 'MATCHED',
      matchProvider: 'EQUIFAX_TWN',
      matchedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('earningsYears')
    .values(
      years.map(({ year, wage, employed = true }) => ({
        awardId: id,
        year,
        wage,
        employed,
        fullTime: employed,
        industry: employed ? 'Manufacturing' : null,
        jobRole: employed ? 'Welders' : null,
        source: 'EQUIFAX_TWN',
      })),
    )
    .execute();
  return id;
}

/** Every stored insight figure of an organization, as readers get them, in a stable order. */
export async function storedInsights(db: Kysely<Database>, organizationId: number) {
  return {
    aggregates: await db
      .selectFrom('insightAggregates')
      .select(['credentialId', 'awardYearFrom', 'awardYearTo', 'payload', 'builtAt'])
      .where('organizationId', '=', organizationId)
      .orderBy('credentialId')
      .orderBy('awardYearFrom')
      .orderBy('awardYearTo')
      .execute(),
    summaries: await db
      .selectFrom('credentialInsightSummaries')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .orderBy('credentialId')
      .execute(),
  };
}
