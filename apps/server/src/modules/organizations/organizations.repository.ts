import { type Kysely, sql } from 'kysely';

import { isPlatformOrganization } from '@laurel/contract/roles';
import type {
  TOrganization,
  TOrganizationBody,
  TOrganizationListQuery,
  TOrganizationPatchBody,
  TOrganizationSummary,
} from '@laurel/contract/organizations';
import type { TPage } from '@laurel/contract/pagination';

import { columnsOf } from '../../db/columns.ts';
import { filtersBesideSearch, readBatches, readPageOfIds } from '../../db/paging.ts';
import { listCount } from '../../db/row-counts.ts';
import type { Database } from '../../db/schema.ts';
import { containsText, textFilter } from '../../db/text-search.ts';
import { toBool, toIso } from '../../db/values.ts';

export interface OrganizationFilter extends TOrganizationListQuery {
  /** Only this organization (members see their own). */
  onlyId?: number | undefined;
}

const SORT_COLUMNS = {
  name: 'o.name',
  type: 't.name',
  status: 'o.status',
  createdAt: 'o.createdAt',
} as const;

/** The sorts whose column a filter can fix to one value. */
const SORT_FIXED_BY: Partial<
  Record<keyof typeof SORT_COLUMNS, (filter: OrganizationFilter) => boolean>
> = {
  type: (filter) => filter.typeId !== undefined,
  status: (filter) => filter.status !== undefined,
};

/** An organization with every stored field, its CRM account too (`get` hides it from most). */
type StoredOrganization = TOrganization & { salesforceAccountId: string | null };

export function createOrganizationsRepository(db: Kysely<Database>) {
  /** Organizations matching the filters, without joins (read through `executor`: a transaction). */
  function matching(filter: Partial<OrganizationFilter>, executor = db) {
    let query = executor.selectFrom('organizations as o');
    if (filter.onlyId !== undefined) query = query.where('o.id', '=', filter.onlyId);
    if (filter.typeId !== undefined) query = query.where('o.typeId', '=', filter.typeId);
    if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
    if (filter.insightsEntitled !== undefined)
      query = query.where('o.insightsEntitled', '=', filter.insightsEntitled);
    if (filter.search) query = query.where(containsText(db, 'organizations', 'o', filter.search));
    return query;
  }

  function filtered(filter: Partial<OrganizationFilter>, executor = db) {
    return matching(filter, executor)
      .innerJoin('organizationTypes as t', 't.id', 'o.typeId')
      .innerJoin('loginModes as l', 'l.id', 'o.loginModeId');
  }

  /**
   * The matches joined only to what the sort reads (type names are unique). A filter that fixes
   * the sorted column leaves the page in id order, with no join and no sort.
   */
  function sortedMatches(filter: OrganizationFilter) {
    const base = matching({ ...filter, search: undefined });
    const fixed = SORT_FIXED_BY[filter.sort]?.(filter) ?? false;
    return {
      id: 'o.id',
      keys: fixed ? [] : [SORT_COLUMNS[filter.sort]],
      order: filter.order,
      text: filter.search ? textFilter(db, 'organizations', 'o', filter.search) : undefined,
      narrowed: filtersBesideSearch(filter),
      matching:
        !fixed && filter.sort === 'type'
          ? base.innerJoin('organizationTypes as t', 't.id', 'o.typeId')
          : base,
    };
  }

  const summaryColumns = (query: ReturnType<typeof filtered>) =>
    query.select((eb) => [
      'o.id',
      'o.name',
      'o.typeId',
      't.name as typeName',
      'l.code as loginMode',
      'o.loginModeId',
      'o.city',
      'o.state',
      'o.status',
      'o.website',
      'o.salesforceAccountId',
      'o.insightsEntitled',
      'o.mfaRequired',
      'o.passkeysAllowed',
      'o.emailCodesAllowed',
      'o.createdAt',
      'o.updatedAt',
      eb
        .selectFrom('users')
        .whereRef('users.organizationId', '=', 'o.id')
        .select(eb.fn.countAll<number>().as('c'))
        .as('userCount'),
      eb
        .selectFrom('credentials')
        .whereRef('credentials.organizationId', '=', 'o.id')
        .select(eb.fn.countAll<number>().as('c'))
        .as('credentialCount'),
      eb
        .selectFrom('contracts')
        .whereRef('contracts.organizationId', '=', 'o.id')
        .select(eb.fn.countAll<number>().as('c'))
        .as('contractCount'),
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>;

  const toSummary = (row: Row): TOrganizationSummary => ({
    id: row.id,
    name: row.name,
    typeId: row.typeId,
    typeName: row.typeName,
    loginMode: row.loginMode as TOrganizationSummary['loginMode'],
    city: row.city,
    state: row.state,
    status: row.status as TOrganizationSummary['status'],
    userCount: Number(row.userCount ?? 0),
    credentialCount: Number(row.credentialCount ?? 0),
    createdAt: toIso(row.createdAt),
  });

  const toDetail = (row: Row): StoredOrganization => ({
    ...toSummary(row),
    organizationName: row.name,
    loginModeId: row.loginModeId,
    website: row.website,
    salesforceAccountId: row.salesforceAccountId,
    insightsEntitled: toBool(row.insightsEntitled),
    mfaRequired: toBool(row.mfaRequired),
    passkeysAllowed: toBool(row.passkeysAllowed),
    emailCodesAllowed: toBool(row.emailCodesAllowed),
    isPlatform: isPlatformOrganization({ name: row.name }),
    contractCount: Number(row.contractCount ?? 0),
    updatedAt: toIso(row.updatedAt),
  });

  const sorted = (filter: OrganizationFilter) =>
    summaryColumns(filtered(filter))
      .orderBy(SORT_COLUMNS[filter.sort], filter.order)
      .orderBy('o.id', filter.order);

  return {
    list: (filter: OrganizationFilter): Promise<TPage<TOrganizationSummary>> =>
      readPageOfIds(
        db,
        sortedMatches(filter),
        listCount(
          db,
          'organizations',
          filter,
          matching(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        ),
        filter,
        { select: (ids) => summaryColumns(filtered({})).where('o.id', 'in', ids), map: toSummary },
      ),

    stream: (filter: OrganizationFilter): AsyncGenerator<TOrganizationSummary[]> =>
      readBatches(sorted(filter), toSummary),

    /** The organization as stored; within a change, read through its transaction. */
    async find(id: number, executor = db): Promise<StoredOrganization | undefined> {
      const row = await summaryColumns(
        filtered({ onlyId: id } as OrganizationFilter, executor),
      ).executeTakeFirst();
      return row ? toDetail(row) : undefined;
    },

    async exists(id: number): Promise<boolean> {
      return (
        (await db
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },

    async nameOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.name;
    },

    async idByName(name: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.id;
    },

    /** The id of a lookup row (an organization type, a login mode) by its code. */
    async lookupId(table: 'organizationTypes' | 'loginModes', code: string): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('organizations')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async create(executor: Kysely<Database>, body: TOrganizationBody): Promise<number> {
      const now = new Date().toISOString();
      const row = await executor
        .insertInto('organizations')
        .values({
          // What a new organization has unless the body says otherwise.
          status: 'ACTIVE',
          insightsEntitled: true,
          mfaRequired: false,
          passkeysAllowed: true,
          emailCodesAllowed: true,
          ...columnsOf('organizations', body),
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
      body: TOrganizationPatchBody,
    ): Promise<void> {
      await executor
        .updateTable('organizations')
        .set({ ...columnsOf('organizations', body), updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async identityUsernames(organizationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('identityUsername')
        .where('organizationId', '=', organizationId)
        .where('identityUsername', 'is not', null)
        .execute();
      return rows.map((row) => row.identityUsername!);
    },

    async lookupExists(table: 'organizationTypes' | 'loginModes', id: number): Promise<boolean> {
      return (
        (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    },
  };
}
export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
