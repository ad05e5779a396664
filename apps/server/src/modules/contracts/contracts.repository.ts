import { type Kysely, sql } from 'kysely';

import type { BillingCode } from '@laurel/contract/constants';
import {
  BILLING_CODE_LABELS,
  type TContract,
  type TContractBody,
  type TContractListQuery,
  type TContractSummary,
  type TLineItem,
} from '@laurel/contract/contracts';
import type { TPage } from '@laurel/contract/pagination';

import { readBatches, readPageOfIds } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { containsText, isIndexedSearch } from '../../db/text-search.ts';
import { toIso } from '../../db/values.ts';

export interface ContractFilter extends TContractListQuery {
  scopeOrganizationId?: number | undefined;
}

const SORT_COLUMNS = {
  number: 'c.number',
  name: 'c.name',
  status: 'c.status',
  startDate: 'c.startDate',
  endDate: 'c.endDate',
  organization: 'o.name',
} as const;

export function createContractsRepository(db: Kysely<Database>) {
  /** Contracts matching the filters, without joins. */
  function matching(filter: Partial<ContractFilter>) {
    let query = db.selectFrom('contracts as c');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('c.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('c.organizationId', '=', filter.organizationId);
    if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
    if (filter.search) query = query.where(containsText(db, 'contracts', 'c', filter.search));
    return query;
  }

  /** The matches joined only to what the sort reads (organization names are unique). */
  function sortedMatches(filter: ContractFilter) {
    const base = matching(filter);
    return {
      id: 'c.id',
      keys: [SORT_COLUMNS[filter.sort]],
      order: filter.order,
      collect: isIndexedSearch(filter.search),
      matching:
        filter.sort === 'organization'
          ? base.innerJoin('organizations as o', 'o.id', 'c.organizationId')
          : base,
    };
  }

  function filtered(filter: Partial<ContractFilter>) {
    return matching(filter)
      .innerJoin('organizations as o', 'o.id', 'c.organizationId')
      .select([
        'c.id',
        'c.organizationId',
        'o.name as organizationName',
        'c.number',
        'c.name',
        'c.status',
        'c.startDate',
        'c.endDate',
        'c.createdAt',
        'c.updatedAt',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof filtered>['executeTakeFirstOrThrow']>>;
  const toSummary = (row: Row): TContractSummary => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    number: row.number,
    name: row.name,
    status: row.status as TContractSummary['status'],
    startDate: row.startDate,
    endDate: row.endDate,
    updatedAt: toIso(row.updatedAt),
  });

  async function usage(
    organizationId: number,
    startDate: string,
    endDate: string,
  ): Promise<Record<BillingCode, number>> {
    const seats = await db
      .selectFrom('users')
      .where('organizationId', '=', organizationId)
      .where('active', '=', true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const end = new Date(`${endDate}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    const matches = await db
      .selectFrom('usageEvents')
      .where('organizationId', '=', organizationId)
      .where('occurredAt', '>=', new Date(`${startDate}T00:00:00.000Z`).toISOString())
      .where('occurredAt', '<', end.toISOString())
      .groupBy('billingCode')
      .select((eb) => ['billingCode', eb.fn.sum<number>('quantity').as('n')])
      .execute();
    const byCode = new Map(matches.map((m) => [m.billingCode, Number(m.n)]));
    return {
      A_ADDL_USER: Number(seats.n),
      D_MATCH_EQUIFAX_TWN: byCode.get('D_MATCH_EQUIFAX_TWN') ?? 0,
      D_MATCH_PDL_API: byCode.get('D_MATCH_PDL_API') ?? 0,
    };
  }

  const sorted = (filter: ContractFilter) =>
    filtered(filter).orderBy(SORT_COLUMNS[filter.sort], filter.order).orderBy('c.id', filter.order);

  return {
    list: (filter: ContractFilter): Promise<TPage<TContractSummary>> =>
      readPageOfIds(
        db,
        sortedMatches(filter),
        matching(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        filter,
        async (ids) => (await filtered({}).where('c.id', 'in', ids).execute()).map(toSummary),
      ),

    stream: (filter: ContractFilter): AsyncGenerator<TContractSummary[]> =>
      readBatches(sorted(filter), toSummary),

    async find(id: number): Promise<TContract | undefined> {
      const row = await filtered({}).where('c.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const items = await db
        .selectFrom('contractLineItems')
        .selectAll()
        .where('contractId', '=', id)
        .orderBy('id')
        .execute();
      const used = await usage(row.organizationId, row.startDate, row.endDate);
      const lineItems: TLineItem[] = items.map((item) => {
        const code = item.billingCode as BillingCode;
        const count = used[code];
        return {
          id: item.id,
          billingCode: code,
          billingCodeLabel: BILLING_CODE_LABELS[code],
          description: item.description,
          unitPrice: Number(item.unitPrice),
          includedQuantity: item.includedQuantity,
          used: count,
          remaining: Math.max(0, item.includedQuantity - count),
          overage: Math.max(0, count - item.includedQuantity),
        };
      });
      return { ...toSummary(row), lineItems, createdAt: toIso(row.createdAt) };
    },

    async numberTaken(number: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('contracts')
        .select('id')
        .where(sql`lower(number)`, '=', number.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async save(executor: Kysely<Database>, body: TContractBody, id?: number): Promise<number> {
      const now = new Date().toISOString();
      const values = {
        organizationId: body.organization_id,
        number: body.number,
        name: body.name,
        status: body.status,
        startDate: body.start_date,
        endDate: body.end_date,
        updatedAt: now,
      };
      let contractId: number;
      if (id === undefined) {
        contractId = (
          await executor
            .insertInto('contracts')
            .values({ ...values, createdAt: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        await executor.updateTable('contracts').set(values).where('id', '=', id).execute();
        await executor.deleteFrom('contractLineItems').where('contractId', '=', id).execute();
        contractId = id;
      }
      if (body.line_items.length) {
        await executor
          .insertInto('contractLineItems')
          .values(
            body.line_items.map((item) => ({
              contractId,
              billingCode: item.billing_code,
              description: item.description,
              unitPrice: item.unit_price,
              includedQuantity: item.included_quantity,
            })),
          )
          .execute();
      }
      return contractId;
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
  };
}
export type ContractsRepository = ReturnType<typeof createContractsRepository>;
