import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TAward } from '@laurel/contract/credentials';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { sql } from 'kysely';

import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

// A credential's awards: a list like the others (search, sort, paging, total), whose search reads
// the awards' text index rather than testing every award of the credential.

const PEOPLE = [
  { externalId: 'AW-0003', firstName: 'Mara', lastName: 'Quist', email: 'mara@quist.test' },
  { externalId: 'AW-0001', firstName: 'Lionel', lastName: 'Ostrander', email: null },
  { externalId: 'AW-0002', firstName: 'Quinn', lastName: 'Adair', email: 'q.adair@example.test' },
  { externalId: 'ZX-50_1', firstName: 'Mara', lastName: 'Bell', email: 'bell@example.test' },
  { externalId: 'AW-0005', firstName: 'Ola', lastName: 'Quistgaard', email: 'ola@q.test' },
];

describe.each(DIALECTS)("a credential's awards on %s", (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    const db = t.database.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto('awards')
      .values(
        PEOPLE.map((person, i) => ({
          organizationId: w.a.id,
          credentialId: w.credentialA,
          ...person,
          dateOfBirth: null,
          awardDate: `2022-0${i + 1}-15`,
          awardYear: 2022,
          uploadId: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    // The same name at another organization's credential is not among Alpha's awards.
    await db
      .insertInto('awards')
      .values({
        organizationId: w.b.id,
        credentialId: w.credentialB,
        externalId: 'AW-0009',
        firstName: 'Mara',
        lastName: 'Quist',
        email: null,
        dateOfBirth: null,
        awardDate: '2022-01-15',
        awardYear: 2022,
        uploadId: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }, 60_000);
  afterAll(() => t?.close());

  async function awards(user: BuiltUser, query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.credentialAwards(w.credentialA)}?${query}`,
      headers: { authorization: `Bearer ${await w.token(user)}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TPage<TAward>;
  }
  const ids = (page: TPage<TAward>) => page.items.map((award) => award.externalId);

  it('finds awards by name, e-mail address and external id, in any case', async () => {
    expect(ids(await awards(w.userA, 'search=quist&sort=externalId'))).toEqual([
      'AW-0003',
      'AW-0005',
    ]);
    expect(ids(await awards(w.userA, 'search=MARA%20Q'))).toEqual(['AW-0003']);
    expect(ids(await awards(w.userA, 'search=example.test&sort=lastName'))).toEqual([
      'A-0001',
      'AW-0002',
      'ZX-50_1',
    ]);
    expect(ids(await awards(w.userA, 'search=aw-000&sort=externalId&order=desc'))).toEqual([
      'AW-0005',
      'AW-0003',
      'AW-0002',
      'AW-0001',
    ]);
    // Two characters, one character, and LIKE's wildcards taken as themselves.
    expect(ids(await awards(w.userA, 'search=os&sort=lastName'))).toEqual(['AW-0001']);
    expect((await awards(w.userA, 'search=z')).total).toBe(1);
    expect(ids(await awards(w.userA, 'search=50_1'))).toEqual(['ZX-50_1']);
    expect(ids(await awards(w.userA, 'search=50%251'))).toEqual([]);
    const none = await awards(w.userA, 'search=nobody');
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it('sorts, pages and counts the awards of the credential alone', async () => {
    const all = await awards(w.userA, 'sort=awardDate');
    expect(all.total).toBe(PEOPLE.length + 1);
    expect(all.items.map((award) => award.awardDate)).toEqual([
      '2021-06-15',
      '2022-01-15',
      '2022-02-15',
      '2022-03-15',
      '2022-04-15',
      '2022-05-15',
    ]);
    const second = await awards(w.userA, 'sort=lastName&order=desc&page=2&pageSize=2');
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(second.items.map((award) => award.lastName)).toEqual(['Ostrander', 'Bell']);
    const award = all.items.find((item) => item.externalId === 'AW-0001')!;
    expect(award).toEqual({
      id: award.id,
      externalId: 'AW-0001',
      firstName: 'Lionel',
      lastName: 'Ostrander',
      email: null,
      awardDate: '2022-02-15',
      matchStatus: 'PENDING',
    });
  });

  it.runIf(dialect === 'sqlite')('searches through the text index', async () => {
    const db = t.database.handle.db;
    const { id } = await db
      .selectFrom('awards')
      .select('id')
      .where('externalId', '=', 'AW-0005')
      .executeTakeFirstOrThrow();
    // An award the FTS5 table does not hold is not found by searching, though its texts match.
    await sql`delete from awards_search where rowid = ${id}`.execute(db);
    expect(ids(await awards(w.userA, 'search=quist&sort=externalId'))).toEqual(['AW-0003']);
    expect(ids(await awards(w.userA, 'sort=externalId&pageSize=100'))).toContain('AW-0005');
  });
});
