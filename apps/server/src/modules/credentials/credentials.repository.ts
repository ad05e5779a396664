import { type Kysely, sql } from 'kysely';

import {
  AWARD_MATCH_STATUSES,
  type AwardMatchStatus,
  type TAward,
  type TAwardListQuery,
  type TCredential,
  type TCredentialBody,
  type TCredentialListQuery,
  type TCredentialPatchBody,
  type TCredentialSummary,
} from '@laurel/contract/credentials';
import {
  matchRate,
  type TDataGap,
  type TInsightFigures,
  type TPeopleCount,
} from '@laurel/contract/insights';
import type { TPage } from '@laurel/contract/pagination';

import { columnsOf } from '../../db/columns.ts';
import { defineList } from '../../db/list-definition.ts';
import type { Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';

/** The match rate, only when neither the matched nor the unmatched count is withheld. */
function publishedMatchRate(matched: TPeopleCount, gaps: readonly TDataGap[]): number | null {
  const notMatched = gaps.find((g) => g.code === 'MISSING_EQUIFAX')?.count ?? null;
  return matched.count === null || notMatched === null
    ? null
    : matchRate(matched.count, notMatched);
}

interface AwardFilter extends TAwardListQuery {
  credentialId: number;
}

export interface CredentialFilter extends TCredentialListQuery {
  /** Limits to one organization when the caller may not see all. */
  scopeOrganizationId?: number | undefined;
}

/** The awards table stores one of three match statuses (see its migration). */
function toMatchStatus(value: string): AwardMatchStatus {
  if ((AWARD_MATCH_STATUSES as readonly string[]).includes(value)) return value as AwardMatchStatus;
  throw new Error(`Unknown award match status ${value}`);
}

export function createCredentialsRepository(db: Kysely<Database>) {
  const from = (executor = db) => executor.selectFrom('credentials as c');
  const filtered = (query: ReturnType<typeof from>) =>
    query
      .innerJoin('credentialTypes as t', 't.id', 'c.typeId')
      .innerJoin('organizations as o', 'o.id', 'c.organizationId');

  const withColumns = (query: ReturnType<typeof filtered>) =>
    query.select([
      'c.id',
      'c.organizationId',
      'o.name as organizationName',
      'c.name',
      'c.code',
      'c.typeId',
      't.name as typeName',
      'c.programCode',
      'c.description',
      'c.status',
      'c.createdAt',
      'c.updatedAt',
      'c.awardCount',
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

  const toSummary = (row: Row): TCredentialSummary => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    name: row.name,
    code: row.code,
    typeId: row.typeId,
    typeName: row.typeName,
    programCode: row.programCode,
    status: row.status as TCredentialSummary['status'],
    awardCount: Number(row.awardCount ?? 0),
    updatedAt: toIso(row.updatedAt),
  });

  // Type and organization names are unique: a page sorted by one joins it, and a filter on it
  // fixes the sort.
  const credentials = defineList<CredentialFilter>(db)({
    table: 'credentials',
    alias: 'c',
    from,
    counted: 'credentials',
    filters: {
      scopeOrganizationId: 'c.organizationId',
      organizationId: 'c.organizationId',
      typeId: 'c.typeId',
      status: 'c.status',
    },
    sorts: {
      name: { keys: ['c.name'] },
      code: { keys: ['c.code'] },
      type: {
        keys: ['t.name'],
        join: (query) => query.innerJoin('credentialTypes as t', 't.id', 'c.typeId'),
        fixedBy: ['typeId'],
      },
      status: { keys: ['c.status'], fixedBy: ['status'] },
      updatedAt: { keys: ['c.updatedAt'] },
      organization: {
        keys: ['o.name'],
        join: (query) => query.innerJoin('organizations as o', 'o.id', 'c.organizationId'),
        fixedBy: ['organizationId', 'scopeOrganizationId'],
      },
    },
    columns: (query) => withColumns(filtered(query)),
    map: toSummary,
  });

  /** A credential's awards, searched through the awards' text index (migration 20261202T1000). */
  const awards = defineList<AwardFilter>(db)({
    table: 'awards',
    alias: 'a',
    from: () => db.selectFrom('awards as a'),
    filters: { credentialId: 'a.credentialId' },
    sorts: {
      awardDate: { keys: ['a.awardDate'] },
      lastName: { keys: ['a.lastName'] },
      externalId: { keys: ['a.externalId'] },
    },
    columns: (query) =>
      query.select([
        'a.id',
        'a.externalId',
        'a.firstName',
        'a.lastName',
        'a.email',
        'a.awardDate',
        'a.matchStatus',
      ]),
    map: (row): TAward => ({ ...row, matchStatus: toMatchStatus(row.matchStatus) }),
  });

  return {
    list: (filter: CredentialFilter): Promise<TPage<TCredentialSummary>> =>
      credentials.list(filter),

    stream: (filter: CredentialFilter): AsyncGenerator<TCredentialSummary[]> =>
      credentials.stream(filter),

    /** The credential as stored; within a change, read through its transaction. */
    async find(id: number, executor = db): Promise<TCredential | undefined> {
      const row = await withColumns(
        filtered(from(executor).where('c.id', '=', id)),
      ).executeTakeFirst();
      if (!row) return undefined;
      const years = await executor
        .selectFrom('awards')
        .where('credentialId', '=', id)
        .select((eb) => [eb.fn.min('awardYear').as('first'), eb.fn.max('awardYear').as('last')])
        .executeTakeFirst();
      // The credential's all-years figures as published (small counts as "fewer than 10").
      const insights = await executor
        .selectFrom('credentialInsightSummaries as s')
        .innerJoin('insightAggregates as a', (join) =>
          join
            .onRef('a.organizationId', '=', 's.organizationId')
            .onRef('a.credentialId', '=', 's.credentialId')
            .onRef('a.awardYearFrom', '=', 's.awardYearMin')
            .onRef('a.awardYearTo', '=', 's.awardYearMax'),
        )
        .where('s.credentialId', '=', id)
        .select(['a.payload', 's.builtAt'])
        .executeTakeFirst();
      // Figures of an earlier methodology are left out until the queued rebuild replaces them.
      const stored = insights
        ? (JSON.parse(insights.payload) as { method?: number; figures?: Partial<TInsightFigures> })
        : undefined;
      const figures = stored?.method === INSIGHTS_METHOD ? stored.figures : undefined;
      return {
        ...toSummary(row),
        description: row.description,
        firstAwardYear: years?.first == null ? null : Number(years.first),
        lastAwardYear: years?.last == null ? null : Number(years.last),
        createdAt: toIso(row.createdAt),
        ...(insights &&
          figures?.cohort &&
          figures.dataGaps && {
            insights: {
              matched: figures.cohort.matched,
              matchRate: publishedMatchRate(figures.cohort.matched, figures.dataGaps),
              dataGaps: figures.dataGaps,
              builtAt: toIso(insights.builtAt),
            },
          }),
      };
    },

    async codeTaken(organizationId: number, code: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('credentials')
        .select('id')
        .where('organizationId', '=', organizationId)
        .where(sql`lower(code)`, '=', code.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * An organization's awards changed after (`updatedAt`, `id`), oldest change first: keyset
     * paging over the index on organization, change time and id.
     */
    async awardChanges(
      organizationId: number,
      after: { updatedAt: string; id: number },
      limit: number,
    ) {
      const rows = await db
        .selectFrom('awards as a')
        .innerJoin('credentials as c', 'c.id', 'a.credentialId')
        .select([
          'a.id',
          'a.credentialId',
          'c.code as credentialCode',
          'a.externalId',
          'a.firstName',
          'a.lastName',
          'a.email',
          'a.awardDate',
          'a.matchStatus',
          'a.updatedAt',
        ])
        .where('a.organizationId', '=', organizationId)
        .where((eb) =>
          eb.or([
            eb('a.updatedAt', '>', after.updatedAt),
            eb.and([eb('a.updatedAt', '=', after.updatedAt), eb('a.id', '>', after.id)]),
          ]),
        )
        .orderBy('a.updatedAt')
        .orderBy('a.id')
        .limit(limit + 1)
        .execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        credentialId: Number(row.credentialId),
        matchStatus: toMatchStatus(row.matchStatus),
        updatedAt: toIso(row.updatedAt),
      }));
    },

    async organizationExists(id: number): Promise<boolean> {
      return (
        (await db
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },

    async typeExists(id: number): Promise<boolean> {
      return (
        (await db
          .selectFrom('credentialTypes')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },

    async create(executor: Kysely<Database>, body: TCredentialBody): Promise<number> {
      const now = new Date().toISOString();
      const row = await executor
        .insertInto('credentials')
        .values({
          ...columnsOf('credentials', body),
          status: 'ACTIVE',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      executor: Kysely<Database>,
      id: number,
      body: TCredentialPatchBody,
    ): Promise<void> {
      await executor
        .updateTable('credentials')
        .set({ ...columnsOf('credentials', body), updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    awards: (credentialId: number, query: TAwardListQuery): Promise<TPage<TAward>> =>
      awards.list({ ...query, credentialId }),
  };
}
export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
