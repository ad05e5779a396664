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
import { defineList } from '../../db/list-definition.ts';
import type { Database } from '../../db/schema.ts';
import { toBool, toIso } from '../../db/values.ts';

export interface OrganizationFilter extends TOrganizationListQuery {
  /** Only this organization (members see their own). */
  onlyId?: number | undefined;
}

/** An organization with every stored field, its CRM account too (`get` hides it from most). */
type StoredOrganization = TOrganization & { salesforceAccountId: string | null };

export function createOrganizationsRepository(db: Kysely<Database>) {
  const from = (executor = db) => executor.selectFrom('organizations as o');
  /** Organizations joined to what a summary shows. */
  const filtered = (query: ReturnType<typeof from>) =>
    query
      .innerJoin('organizationTypes as t', 't.id', 'o.typeId')
      .innerJoin('loginModes as l', 'l.id', 'o.loginModeId');

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

  // Type names are unique: a page sorted by type joins them, and a type filter fixes the sort.
  const organizations = defineList<OrganizationFilter>(db)({
    table: 'organizations',
    alias: 'o',
    from,
    counted: 'organizations',
    filters: {
      onlyId: 'o.id',
      typeId: 'o.typeId',
      status: 'o.status',
      insightsEntitled: 'o.insightsEntitled',
    },
    sorts: {
      name: { keys: ['o.name'] },
      type: {
        keys: ['t.name'],
        join: (query) => query.innerJoin('organizationTypes as t', 't.id', 'o.typeId'),
        fixedBy: ['typeId'],
      },
      status: { keys: ['o.status'], fixedBy: ['status'] },
      createdAt: { keys: ['o.createdAt'] },
    },
    columns: (query) => summaryColumns(filtered(query)),
    map: toSummary,
  });

  return {
    list: (filter: OrganizationFilter): Promise<TPage<TOrganizationSummary>> =>
      organizations.list(filter),

    stream: (filter: OrganizationFilter): AsyncGenerator<TOrganizationSummary[]> =>
      organizations.stream(filter),

    /** The organization as stored; within a change, read through its transaction. */
    async find(id: number, executor = db): Promise<StoredOrganization | undefined> {
      const row = await summaryColumns(
        filtered(from(executor).where('o.id', '=', id)),
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
