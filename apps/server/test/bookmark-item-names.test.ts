import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import type { Database } from '../src/db/schema.ts';
import { IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createBookmarksRepository } from '../src/modules/bookmarks/bookmarks.repository.ts';
import { createCredential, createOrganization, createUser } from './helpers/builders.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

// Each bookmark keeps its item's name and organization (migration 20261201T1000): the migration
// copies them into the bookmarks there are, triggers keep them true whatever changes the item, and
// a new bookmark copies them as the item is when it is made.

const NOW = '2026-06-01T00:00:00.000Z';

/** Bookmarks before the migration: no copies of their items. */
type SchemaBefore = Omit<Database, 'bookmarks'> & {
  bookmarks: Omit<Database['bookmarks'], 'itemName' | 'itemOrganizationId'>;
};
const MIGRATION = '20261201T1000-bookmark-item-names';

describe.each(DIALECTS)('bookmarked items named on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const repository = () => createBookmarksRepository(db(), dialect);
  const ids = { orgA: 0, orgB: 0, credential: 0, contract: 0, person: 0, owner: 0 };

  const organization = (name: string) => createOrganization(db(), { name });
  const user = (organizationId: number, email: string) =>
    createUser(db(), organizationId, { email, firstName: 'Grace', lastName: 'Hopper' });
  const bookmarks = () =>
    db()
      .selectFrom('bookmarks')
      .select(['itemType', 'itemId', 'itemName', 'itemOrganizationId'])
      .where('userId', '=', ids.owner)
      .orderBy('itemType')
      .execute()
      .then((rows) =>
        rows.map((row) => ({ ...row, itemOrganizationId: Number(row.itemOrganizationId) })),
      );
  const named = async (itemType: string, itemId: number) =>
    (await bookmarks()).find((b) => b.itemType === itemType && b.itemId === itemId);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // The schema before the migration, with bookmarks of each kind of item and one of an item
    // already deleted.
    const before = Object.fromEntries(
      Object.entries(serverMigrations).filter(([name]) => name < MIGRATION),
    );
    await migrateToLatest(db(), [before, ...IDENTITY_MIGRATIONS]);
    const old = db() as unknown as Kysely<SchemaBefore>;
    ids.orgA = (await organization('Alpha College')).id;
    ids.orgB = (await organization('Beta Institute')).id;
    ids.owner = (await user(ids.orgA, 'owner@alpha.test')).id;
    ids.person = (await user(ids.orgA, 'grace@alpha.test')).id;
    ids.credential = await createCredential(db(), ids.orgA, { code: 'W-1', name: 'Welding' });
    ids.contract = (
      await old
        .insertInto('contracts')
        .values({
          organizationId: ids.orgB,
          number: 'LC-1',
          name: 'Data agreement',
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          createdAt: NOW,
          updatedAt: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const mark = (itemType: string, itemId: number) => ({
      userId: ids.owner,
      itemType,
      itemId,
      createdAt: NOW,
    });
    await old
      .insertInto('bookmarks')
      .values([
        mark('organizations', ids.orgB),
        mark('credentials', ids.credential),
        mark('contracts', ids.contract),
        mark('users', ids.person),
        mark('credentials', 999_999),
      ])
      .execute();
    await migrateToLatest(db(), [serverMigrations, ...IDENTITY_MIGRATIONS]);
  }, 60_000);
  afterAll(() => database?.drop());

  it('copies the names and organizations of the items already bookmarked, and drops the rest', async () => {
    expect(await bookmarks()).toEqual([
      {
        itemType: 'contracts',
        itemId: ids.contract,
        itemName: 'Data agreement',
        itemOrganizationId: ids.orgB,
      },
      {
        itemType: 'credentials',
        itemId: ids.credential,
        itemName: 'Welding',
        itemOrganizationId: ids.orgA,
      },
      {
        itemType: 'organizations',
        itemId: ids.orgB,
        itemName: 'Beta Institute',
        itemOrganizationId: ids.orgB,
      },
      {
        itemType: 'users',
        itemId: ids.person,
        itemName: 'Grace Hopper',
        itemOrganizationId: ids.orgA,
      },
    ]);
  });

  it('follows renames and moves of every kind of item', async () => {
    await db()
      .updateTable('organizations')
      .set({ name: 'Beta Polytechnic' })
      .where('id', '=', ids.orgB)
      .execute();
    await db()
      .updateTable('credentials')
      .set({ name: 'Welding II', organizationId: ids.orgB })
      .where('id', '=', ids.credential)
      .execute();
    await db()
      .updateTable('contracts')
      .set({ name: 'Data agreement 2027' })
      .where('id', '=', ids.contract)
      .execute();
    await db()
      .updateTable('users')
      .set({ lastName: 'Murray Hopper' })
      .where('id', '=', ids.person)
      .execute();
    expect(await named('organizations', ids.orgB)).toMatchObject({ itemName: 'Beta Polytechnic' });
    expect(await named('credentials', ids.credential)).toMatchObject({
      itemName: 'Welding II',
      itemOrganizationId: ids.orgB,
    });
    expect(await named('contracts', ids.contract)).toMatchObject({
      itemName: 'Data agreement 2027',
    });
    expect(await named('users', ids.person)).toMatchObject({ itemName: 'Grace Murray Hopper' });
  });

  it('lists an organization member only the bookmarks of items still in it', async () => {
    const mine = await repository().list(ids.owner, ids.orgA);
    expect(mine.map((b) => b.itemType)).toEqual(['users']);
    const all = await repository().list(ids.owner, undefined);
    expect(all.map((b) => b.itemType).sort()).toEqual([
      'contracts',
      'credentials',
      'organizations',
      'users',
    ]);
  });

  it('copies the item as it is when a bookmark is made, and makes none of a missing item', async () => {
    const other = (await user(ids.orgA, 'other@alpha.test')).id;
    const id = await repository().insert(db(), ids.owner, 'users', other);
    expect(id).toBeTypeOf('number');
    expect(await named('users', other)).toEqual({
      itemType: 'users',
      itemId: other,
      itemName: 'Grace Hopper',
      itemOrganizationId: ids.orgA,
    });
    expect(await repository().insert(db(), ids.owner, 'contracts', 999_998)).toBeUndefined();
  });

  it("deletes the bookmarks of a deleted item, and keeps others' items untouched", async () => {
    await db().deleteFrom('users').where('id', '=', ids.person).execute();
    expect(await named('users', ids.person)).toBeUndefined();
    expect(await named('contracts', ids.contract)).toBeDefined();
  });

  it.runIf(dialect === 'postgres')(
    'keeps the name of an item renamed while it is being bookmarked',
    async () => {
      const viewer = (await user(ids.orgA, 'viewer@alpha.test')).id;
      let insert: Promise<number | undefined> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('contracts')
            .set({ name: 'Renamed meanwhile' })
            .where('id', '=', ids.contract)
            .execute();
          // Another connection bookmarks the contract while the rename is not yet committed: it
          // must wait for the rename and copy the new name.
          insert = repository().insert(db(), viewer, 'contracts', ids.contract);
          await new Promise((resolve) => setTimeout(resolve, 200));
        });
      await insert;
      const row = await db()
        .selectFrom('bookmarks')
        .select('itemName')
        .where('userId', '=', viewer)
        .executeTakeFirstOrThrow();
      expect(row.itemName).toBe('Renamed meanwhile');
    },
  );
});
