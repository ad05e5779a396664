import { type Kysely, sql } from 'kysely';

import {
  AWARD_MATCH_STATUSES,
  type AwardMatchStatus,
  type TAward,
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
import { filtersBesideSearch, readBatches, readPageOfIds } from '../../db/paging.ts';
import { listCount } from '../../db/row-counts.ts';
import type { Database } from '../../db/schema.ts';
import { containsText, likePattern, textFilter } from '../../db/text-search.ts';
import { toIso } from '../../db/values.ts';
import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';

/** The match rate, only when neither the matched nor the unmatched count is withheld. */
function publishedMatchRate(matched: TPeopleCount, gaps: readonly TDataGap[]): number | null {
  const notMatched = gaps.find((g) => g.code === 'MISSING_EQUIFAX')?.count ?? null;
  return matched.count === null || notMatched === null
    ? null
    : matchRate(matched.count, notMatched);
}

export interface CredentialFilter extends TCredentialListQuery {
  /** Limits to one organization when the caller may not see all. */
  scopeOrganizationId?: number | undefined;
}

const SORT_COLUMNS = {
  name: 'c.name',
  code: 'c.code',
  type: 't.name',
  status: 'c.status',
  updatedAt: 'c.updatedAt',
  organization: 'o.name',
} as const;

/** The sorts whose column a filter can fix to one value. */
const SORT_FIXED_BY: Partial<
  Record<keyof typeof SORT_COLUMNS, (filter: CredentialFilter) => boolean>
> = {
  type: (filter) => filter.typeId !== undefined,
  status: (filter) => filter.status !== undefined,
  organization: (filter) =>
    filter.organizationId !== undefined || filter.scopeOrganizationId !== undefined,
};

/** The awards table stores one of three match statuses (see its migration). */
function toMatchStatus(value: string): AwardMatchStatus {
  if ((AWARD_MATCH_STATUSES as readonly string[]).includes(value)) return value as AwardMatchStatus;
  throw new Error(`Unknown award match status ${value}`);
}

export function createCredentialsRepository(db: Kysely<Database>) {
  /** Credentials matching the filters, without joins (read through `executor`: a transaction). */
  function matching(filter: Partial<CredentialFilter>, executor = db) {
    let query = executor.selectFrom('credentials as c');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('c.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('c.organizationId', '=', filter.organizationId);
    if (filter.typeId !== undefined) query = query.where('c.typeId', '=', filter.typeId);
    if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
    if (filter.search) query = query.where(containsText(db, 'credentials', 'c', filter.search));
    return query;
  }

  function filtered(filter: Partial<CredentialFilter>, executor = db) {
    return matching(filter, executor)
      .innerJoin('credentialTypes as t', 't.id', 'c.typeId')
      .innerJoin('organizations as o', 'o.id', 'c.organizationId');
  }

  /**
   * The matches joined only to what the sort reads (type and organization names are unique). A
   * filter that fixes the sorted column leaves every match the same key: the page is then in id
   * order, read from the filter's index with no join and no sort.
   */
  function sortedMatches(filter: CredentialFilter) {
    const fixed = SORT_FIXED_BY[filter.sort]?.(filter) ?? false;
    return {
      id: 'c.id',
      keys: fixed ? [] : [SORT_COLUMNS[filter.sort]],
      order: filter.order,
      text: filter.search ? textFilter(db, 'credentials', 'c', filter.search) : undefined,
      narrowed: filtersBesideSearch(filter),
      matching: matching({ ...filter, search: undefined })
        .$if(!fixed && filter.sort === 'type', (q) =>
          q.innerJoin('credentialTypes as t', 't.id', 'c.typeId'),
        )
        .$if(!fixed && filter.sort === 'organization', (q) =>
          q.innerJoin('organizations as o', 'o.id', 'c.organizationId'),
        ),
    };
  }

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

  const sorted = (filter: CredentialFilter) =>
    withColumns(filtered(filter))
      .orderBy(SORT_COLUMNS[filter.sort], filter.order)
      .orderBy('c.id', filter.order);

  return {
    list: (filter: CredentialFilter): Promise<TPage<TCredentialSummary>> =>
      readPageOfIds(
        db,
        sortedMatches(filter),
        listCount(
          db,
          'credentials',
          filter,
          matching(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        ),
        filter,
        { select: (ids) => withColumns(filtered({})).where('c.id', 'in', ids), map: toSummary },
      ),

    stream: (filter: CredentialFilter): AsyncGenerator<TCredentialSummary[]> =>
      readBatches(sorted(filter), toSummary),

    /** The credential as stored; within a change, read through its transaction. */
    async find(id: number, executor = db): Promise<TCredential | undefined> {
      const row = await withColumns(filtered({}, executor))
        .where('c.id', '=', id)
        .executeTakeFirst();
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

    async awards(
      credentialId: number,
      query: {
        search?: string | undefined;
        sort: 'awardDate' | 'lastName' | 'externalId';
        order: 'asc' | 'desc';
        page: number;
        pageSize: number;
      },
    ): Promise<TPage<TAward>> {
      let base = db.selectFrom('awards').where('credentialId', '=', credentialId);
      if (query.search) {
        const pattern = likePattern(query.search);
        base = base.where((eb) =>
          eb.or([
            sql<boolean>`lower(first_name || ' ' || last_name) like ${pattern} escape '\\'`,
            sql<boolean>`lower(external_id) like ${pattern} escape '\\'`,
            sql<boolean>`lower(coalesce(email, '')) like ${pattern} escape '\\'`,
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select([
            'id',
            'externalId',
            'firstName',
            'lastName',
            'email',
            'awardDate',
            'matchStatus',
          ])
          .orderBy(query.sort, query.order)
          .orderBy('id', query.order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({ ...row, matchStatus: toMatchStatus(row.matchStatus) })),
        total: Number(count.count),
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
