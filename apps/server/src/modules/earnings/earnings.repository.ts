import { type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';

import type { BillingCode } from '@laurel/contract/constants';

import type { Database, EarningsYearTable } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import type { AwardToMatch, EarningsProviderCode } from './earnings-provider.ts';

/** Rows per INSERT: 8 columns × 1,000 stays far below SQLite's bound-parameter limit. */
const INSERT_CHUNK = 1000;
/** Ids per IN list. */
const ID_CHUNK = 5000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface AwardKey {
  credentialCode: string;
  externalId: string;
  awardDate: string;
}
export const awardKeyText = (key: AwardKey) =>
  `${key.credentialCode}\u0000${key.externalId}\u0000${key.awardDate}`;

export function createEarningsRepository(db: Kysely<Database>) {
  return {
    /** The organization's awards still waiting for a provider, after `afterId`, by id. */
    async pendingAwards(
      organizationId: number,
      afterId: number,
      limit: number,
    ): Promise<AwardToMatch[]> {
      const rows = await db
        .selectFrom('awards as a')
        .innerJoin('credentials as c', 'c.id', 'a.credentialId')
        .innerJoin('credentialTypes as t', 't.id', 'c.typeId')
        .where('a.organizationId', '=', organizationId)
        .where('a.matchStatus', '=', 'PENDING')
        .where('a.id', '>', afterId)
        .select([
          'a.id',
          'a.organizationId',
          'a.credentialId',
          'a.externalId',
          'a.firstName',
          'a.lastName',
          'a.email',
          'a.dateOfBirth',
          'a.awardDate',
          'a.awardYear',
          'c.code as credentialCode',
          'c.name as credentialName',
          't.code as typeCode',
          'c.programCode',
        ])
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map(({ credentialCode, credentialName, typeCode, programCode, ...award }) => ({
        ...award,
        awardYear: Number(award.awardYear),
        credential: { code: credentialCode, name: credentialName, typeCode, programCode },
      }));
    },

    /** Inserts or replaces earnings years on (award, year). */
    async upsertEarningsYears(
      executor: Kysely<Database>,
      rows: Array<Insertable<EarningsYearTable>>,
    ): Promise<void> {
      if (rows.length === 0) return;
      if (executor.getExecutor().adapter instanceof PostgresAdapter) {
        // One statement of eight arrays, whatever the number of rows: PostgreSQL parses and plans
        // it once, where a VALUES list costs a parameter per cell (a third of the demo start).
        await sql`
          insert into earnings_years
            (award_id, year, wage, employed, full_time, industry, job_role, source)
          select * from unnest(
            ${rows.map((r) => r.awardId)}::bigint[], ${rows.map((r) => r.year)}::int[],
            ${rows.map((r) => r.wage ?? null)}::numeric[], ${rows.map((r) => r.employed)}::boolean[],
            ${rows.map((r) => r.fullTime)}::boolean[], ${rows.map((r) => r.industry ?? null)}::text[],
            ${rows.map((r) => r.jobRole ?? null)}::text[], ${rows.map((r) => r.source)}::text[])
          on conflict (award_id, year) do update set
            wage = excluded.wage, employed = excluded.employed, full_time = excluded.full_time,
            industry = excluded.industry, job_role = excluded.job_role, source = excluded.source
        `.execute(executor);
        return;
      }
      for (const chunk of chunks(rows, INSERT_CHUNK)) {
        await executor
          .insertInto('earningsYears')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['awardId', 'year']).doUpdateSet((eb) => ({
              wage: eb.ref('excluded.wage'),
              employed: eb.ref('excluded.employed'),
              fullTime: eb.ref('excluded.fullTime'),
              industry: eb.ref('excluded.industry'),
              jobRole: eb.ref('excluded.jobRole'),
              source: eb.ref('excluded.source'),
            })),
          )
          .execute();
      }
    },

    /**
     * Marks awards MATCHED by `provider` unless they already were, and bills one usage event per
     * award that became matched (reference = award id). Returns the newly matched ids.
     */
    async markMatched(
      executor: Kysely<Database>,
      input: {
        organizationId: number;
        awardIds: number[];
        provider: EarningsProviderCode;
        billingCode: BillingCode;
        at: Date;
      },
    ): Promise<number[]> {
      const at = input.at.toISOString();
      const newlyMatched: number[] = [];
      for (const ids of chunks(input.awardIds, ID_CHUNK)) {
        const updated = await executor
          .updateTable('awards')
          .set({
            matchStatus: 'MATCHED',
            matchProvider: input.provider,
            matchedAt: at,
            updatedAt: at,
          })
          .where('organizationId', '=', input.organizationId)
          .where('id', 'in', ids)
          .where('matchStatus', '!=', 'MATCHED')
          .returning('id')
          .execute();
        newlyMatched.push(...updated.map((row) => row.id));
      }
      for (const ids of chunks(newlyMatched, INSERT_CHUNK)) {
        await executor
          .insertInto('usageEvents')
          .values(
            ids.map((id) => ({
              organizationId: input.organizationId,
              billingCode: input.billingCode,
              quantity: 1,
              reference: String(id),
              occurredAt: at,
            })),
          )
          .execute();
      }
      return newlyMatched;
    },

    /** Marks still-pending awards as not found by `provider`. */
    async markNotMatched(
      executor: Kysely<Database>,
      input: {
        organizationId: number;
        awardIds: number[];
        provider: EarningsProviderCode;
        at: Date;
      },
    ): Promise<void> {
      const at = input.at.toISOString();
      for (const ids of chunks(input.awardIds, ID_CHUNK)) {
        await executor
          .updateTable('awards')
          .set({
            matchStatus: 'NOT_MATCHED',
            matchProvider: input.provider,
            matchedAt: null,
            updatedAt: at,
          })
          .where('organizationId', '=', input.organizationId)
          .where('id', 'in', ids)
          .where('matchStatus', '=', 'PENDING')
          .execute();
      }
    },

    /** Award ids of the organization by (credential code, external id, award date). */
    async findAwards(organizationId: number, keys: AwardKey[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      const byCredential = new Map<string, AwardKey[]>();
      for (const key of keys) {
        const list = byCredential.get(key.credentialCode) ?? [];
        list.push(key);
        byCredential.set(key.credentialCode, list);
      }
      for (const [credentialCode, list] of byCredential) {
        for (const part of chunks([...new Set(list.map((k) => k.externalId))], ID_CHUNK)) {
          const rows = await db
            .selectFrom('awards as a')
            .innerJoin('credentials as c', 'c.id', 'a.credentialId')
            .where('a.organizationId', '=', organizationId)
            .where('c.code', '=', credentialCode)
            .where('a.externalId', 'in', part)
            .select(['a.id', 'a.externalId', 'a.awardDate'])
            .execute();
          for (const row of rows) {
            found.set(
              awardKeyText({
                credentialCode,
                externalId: row.externalId,
                awardDate: row.awardDate,
              }),
              row.id,
            );
          }
        }
      }
      return found;
    },

    /**
     * Whether the organization has the earnings entitlement (DESIGN §4): without it, its awards
     * are neither matched nor billed.
     */
    async insightsEntitled(organizationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('insightsEntitled')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return row !== undefined && toBool(row.insightsEntitled);
    },

    async organizationExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
