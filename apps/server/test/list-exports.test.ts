import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ZUserListQuery } from '@laurel/contract/users';

import { readKeysetBatches } from '../src/db/list-definition.ts';
import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createUsersAdminRepository } from '../src/modules/users/users-admin.repository.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

// An export reads its list in batches by keyset (each batch after the last row of the one before):
// the rows must come out exactly as one sorted read gives them, whatever the sort, its direction,
// ties between keys and NULL keys, which the two databases sort at opposite ends.

const NOW = '2026-06-01T00:00:00.000Z';
const LAST_NAMES = ['Ames', 'Brook', 'Ames', 'Cole', 'Brook', 'Ames', 'Dunn'];
const SIGN_INS = [null, '2026-05-01T10:00:00.000Z', null, '2026-05-02T10:00:00.000Z'];

describe.each(DIALECTS)('list exports by keyset on %s', (dialect) => {
  let database: TestDatabase;
  let organizationId = 0;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(db(), [serverMigrations, ...IDENTITY_MIGRATIONS]);
    ({ id: organizationId } = await db()
      .insertInto('organizations')
      .values({
        name: 'Keyset Exports',
        typeId: 2,
        loginModeId: 1,
        status: 'ACTIVE',
        insightsEntitled: true,
        mfaRequired: false,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    await db()
      .insertInto('users')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          organizationId,
          email: `keyset-${i}@exports.test`,
          firstName: i % 3 === 0 ? 'Kim' : `Person ${i % 5}`,
          lastName: LAST_NAMES[i % LAST_NAMES.length]!,
          roleId: i % 4 === 0 ? 10 : 100,
          active: true,
          invited: false,
          nameConfirmed: true,
          lastLoginAt: SIGN_INS[i % SIGN_INS.length] ?? null,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .execute();
    // Times as PostgreSQL keeps them, to the microsecond (a JavaScript Date holds milliseconds).
    if (dialect === 'postgres')
      await sql`update users set created_at = created_at + id * interval '1 microsecond'`.execute(
        db(),
      );
  }, 60_000);
  afterAll(() => database?.drop());

  const orders = ['asc', 'desc'] as const;
  const keySets = [
    ['u.lastName', 'u.firstName'],
    ['u.lastLoginAt'],
    ['u.lastLoginAt', 'u.lastName'],
    ['u.createdAt'],
    ['u.roleId', 'u.lastName'],
  ];

  for (const keys of keySets)
    for (const order of orders)
      it(`reads ${keys.join(', ')} ${order} in batches as one sorted read`, async () => {
        const query = () =>
          db()
            .selectFrom('users as u')
            .where('u.organizationId', '=', organizationId)
            .select(['u.id']);
        let sorted = query();
        for (const key of keys) sorted = sorted.orderBy(key as 'u.id', order);
        const expected = (await sorted.orderBy('u.id', order).execute()).map((row) => row.id);
        for (const batch of [1, 2, 5, 23, 50]) {
          const read: number[] = [];
          for await (const ids of readKeysetBatches(
            db(),
            query(),
            [...keys, 'u.id'],
            order,
            (row) => row.id,
            batch,
          ))
            read.push(...ids);
          expect(read).toEqual(expected);
        }
        expect(expected).toHaveLength(23);
      });

  it("exports a list's every row in the order of its pages", async () => {
    const users = createUsersAdminRepository(db());
    for (const sort of ['name', 'lastLoginAt'] as const)
      for (const order of orders) {
        const filter = ZUserListQuery.parse({ sort, order, pageSize: '100' });
        const scoped = { ...filter, scopeOrganizationId: organizationId };
        const page = await users.list(scoped);
        const exported = [];
        for await (const batch of users.stream(scoped)) exported.push(...batch);
        expect(exported).toEqual(page.items);
        expect(exported).toHaveLength(23);
      }
  });
});
