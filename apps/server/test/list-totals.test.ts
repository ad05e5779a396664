import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ZContractListQuery } from '@laurel/contract/contracts';
import { ZOrganizationListQuery } from '@laurel/contract/organizations';

import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createContractsRepository } from '../src/modules/contracts/contracts.repository.ts';
import { createOrganizationsRepository } from '../src/modules/organizations/organizations.repository.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

// The total of an unfiltered list is the table's row count (kept by triggers on PostgreSQL, see
// migration 20261128T1010-row-counts): it must equal count(*) after inserts of one row and of
// many, deletes, a truncate, a rolled-back insert, and once its entries have been summed.

const NOW = '2026-06-01T00:00:00.000Z';

describe.each(DIALECTS)('list totals on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const organizations = () => createOrganizationsRepository(db());
  const contracts = () => createContractsRepository(db());
  const organization = (name: string) => ({
    name,
    typeId: 2,
    loginModeId: 1,
    status: 'ACTIVE',
    insightsEntitled: true,
    mfaRequired: false,
    createdAt: NOW,
    updatedAt: NOW,
  });
  const contract = (organizationId: number, number: string) => ({
    organizationId,
    number,
    name: `Agreement ${number}`,
    status: 'ACTIVE',
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    createdAt: NOW,
    updatedAt: NOW,
  });

  /** The totals the unfiltered lists show, beside count(*) of their tables. */
  async function totals() {
    const [orgPage, contractPage, counts] = await Promise.all([
      organizations().list(ZOrganizationListQuery.parse({})),
      contracts().list(ZContractListQuery.parse({})),
      sql<{ organizations: number | string; contracts: number | string }>`
        select (select count(*) from organizations) as organizations,
               (select count(*) from contracts) as contracts`.execute(db()),
    ]);
    const row = counts.rows[0]!;
    return {
      shown: { organizations: orgPage.total, contracts: contractPage.total },
      counted: { organizations: Number(row.organizations), contracts: Number(row.contracts) },
    };
  }
  async function expectExactTotals() {
    const { shown, counted } = await totals();
    expect(shown).toEqual(counted);
    return shown;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(db(), [serverMigrations, ...IDENTITY_MIGRATIONS]);
  }, 60_000);
  afterAll(() => database?.drop());

  it('counts rows inserted one at a time and many at once, and deleted', async () => {
    const before = await expectExactTotals();
    await db()
      .insertInto('organizations')
      .values(Array.from({ length: 40 }, (_, i) => organization(`Totals Many ${i}`)))
      .execute();
    // More single-row statements than the entries a read keeps before summing them.
    for (let i = 0; i < 70; i++)
      await db()
        .insertInto('organizations')
        .values(organization(`Totals One ${i}`))
        .execute();
    expect((await expectExactTotals()).organizations).toBe(before.organizations + 110);
    if (dialect === 'postgres') {
      // That read summed the 70 entries into one.
      const { rows } = await sql<{ entries: number | string }>`
        select count(*) as entries from row_counts where table_name = 'organizations'`.execute(
        db(),
      );
      expect(Number(rows[0]!.entries)).toBe(1);
    }
    const { id } = await db()
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Totals One 3')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('contracts')
      .values(Array.from({ length: 12 }, (_, i) => contract(id, `T-${i}`)))
      .execute();
    await db().deleteFrom('organizations').where('name', 'like', 'Totals Many %').execute();
    await db().deleteFrom('contracts').where('number', 'in', ['T-1', 'T-2']).execute();
    const after = await expectExactTotals();
    expect(after).toEqual({
      organizations: before.organizations + 70,
      contracts: before.contracts + 10,
    });
    // Read again after the entries were summed.
    await expectExactTotals();
  });

  it('does not count rows of a transaction that rolled back', async () => {
    const before = await expectExactTotals();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('organizations')
            .values(organization('Totals Rolled Back'))
            .execute();
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect(await expectExactTotals()).toEqual(before);
  });

  // SQLite has no truncate (a delete is counted above).
  it.skipIf(dialect === 'sqlite')('counts no rows after a truncate', async () => {
    await sql`truncate contracts cascade`.execute(db());
    expect((await expectExactTotals()).contracts).toBe(0);
    const { id } = await db()
      .selectFrom('organizations')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('contracts').values(contract(id, 'T-after')).execute();
    expect((await expectExactTotals()).contracts).toBe(1);
  });
});
