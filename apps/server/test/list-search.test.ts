import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ZContractListQuery } from '@laurel/contract/contracts';
import { ZCredentialListQuery } from '@laurel/contract/credentials';
import { ZOrganizationListQuery } from '@laurel/contract/organizations';
import { SEARCH_MATCH_LIMIT } from '@laurel/contract/pagination';
import { ZUserListQuery } from '@laurel/contract/users';

import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createContractsRepository } from '../src/modules/contracts/contracts.repository.ts';
import { createCredentialsRepository } from '../src/modules/credentials/credentials.repository.ts';
import { createOrganizationsRepository } from '../src/modules/organizations/organizations.repository.ts';
import { createUsersAdminRepository } from '../src/modules/users/users-admin.repository.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

// List pages with a text search: one and two characters (found through their own indexes), broad
// searches (more matches than a page sorts at once) whose matches are spread over the sort order
// or cluster at its far end, and sorts with many equal keys. Every page must hold exactly the rows,
// order and total of a plain substring match sorted by the key and then the id.

const ORGANIZATIONS = 10_500;
/** The last organizations, by name the end of the list: a search only they match clusters there. */
const CLUSTERED = 1_200;
const NOW = '2026-06-01T00:00:00.000Z';
const pad = (i: number) => String(i).padStart(5, '0');

interface Org {
  id: number;
  name: string;
  status: string;
  typeName: string;
}

describe.each(DIALECTS)('list searches and sort ties on %s', (dialect) => {
  let database: TestDatabase;
  let orgs: Org[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    await migrateToLatest(db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
    const rows = Array.from({ length: ORGANIZATIONS }, (_, i) => ({
      name:
        i >= ORGANIZATIONS - CLUSTERED
          ? `Zeta Chen ${pad(i)}`
          : `${['Amber', 'Birch', 'Cedar', 'Delta'][i % 4]} Grove ${pad(i)}`,
      typeId: 2 + (i % 6),
      loginModeId: 1,
      status: i % 3 === 0 ? 'INACTIVE' : 'ACTIVE',
      insightsEntitled: true,
      mfaRequired: false,
      // Equal for all: a sort by creation orders by id alone.
      createdAt: NOW,
      updatedAt: NOW,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('organizations')
        .values(rows.slice(i, i + 500))
        .execute();
    const types = new Map(
      (await db.selectFrom('organizationTypes').select(['id', 'name']).execute()).map((t) => [
        t.id,
        t.name,
      ]),
    );
    orgs = (
      await db.selectFrom('organizations').select(['id', 'name', 'status', 'typeId']).execute()
    ).map((o) => ({
      id: Number(o.id),
      name: o.name,
      status: o.status,
      typeName: types.get(o.typeId)!,
    }));
  }, 120_000);
  afterAll(() => database?.drop());

  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

  /**
   * The ids and total a page must show: substring match, sorted by key then id; a search matching
   * more than SEARCH_MATCH_LIMIT rows keeps the first SEARCH_MATCH_LIMIT its text index yields
   * (here, where rows are only inserted: those with the lowest ids, on both databases), and says
   * that its total is a lower bound.
   */
  function expected(
    query: {
      search?: string;
      status?: string;
      sort: 'name' | 'status' | 'createdAt' | 'type';
      order: string;
    },
    page: number,
    pageSize: number,
  ) {
    const text = query.search?.trim().toLowerCase();
    const key = (o: Org) =>
      query.sort === 'name'
        ? o.name
        : query.sort === 'status'
          ? o.status
          : query.sort === 'type'
            ? o.typeName
            : '';
    const sign = query.order === 'desc' ? -1 : 1;
    const all = orgs
      .filter((o) => !text || o.name.toLowerCase().includes(text))
      .filter((o) => !query.status || o.status === query.status);
    const capped = text !== undefined && all.length > SEARCH_MATCH_LIMIT;
    const matches = (
      capped ? [...all].sort((a, b) => a.id - b.id).slice(0, SEARCH_MATCH_LIMIT) : all
    ).sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id)));
    return {
      total: matches.length,
      ...(capped ? { totalIsLowerBound: true } : {}),
      ids: matches.slice((page - 1) * pageSize, page * pageSize).map((o) => o.id),
    };
  }

  it.each([
    // one and two characters, through their own indexes
    ['ch', 'name', 'asc'],
    ['ch', 'name', 'desc'],
    ['ze', 'name', 'asc'],
    ['ze', 'name', 'desc'],
    ['Ze', 'status', 'asc'],
    ['z', 'createdAt', 'desc'],
    ['zq', 'name', 'asc'],
    // three and more: broad and clustered at the end of the name order, broad and spread out
    ['chen', 'name', 'asc'],
    ['chen', 'name', 'desc'],
    ['chen', 'type', 'asc'],
    ['grove', 'status', 'desc'],
    ['birch grove 0', 'createdAt', 'asc'],
    // exactly as many matches as a search lists: all of them, the total exact
    ['grove 00', 'name', 'desc'],
    ['birch grove 01', 'status', 'asc'],
    // beside another filter (the search's matches counted with it)
    ['grove', 'name', 'asc', 'ACTIVE'],
    ['chen', 'name', 'desc', 'INACTIVE'],
    ['ch', 'name', 'asc', 'ACTIVE'],
    ['z', 'status', 'desc', 'INACTIVE'],
  ] as const)('finds "%s" sorted by %s %s (status %s)', async (search, sort, order, status?) => {
    const repository = createOrganizationsRepository(database.handle.db);
    for (const [page, pageSize] of [
      [1, 25],
      [3, 25],
      [2, 100],
      [48, 25],
      [400, 25],
    ] as const) {
      const want = expected({ search, sort, order, ...(status ? { status } : {}) }, page, pageSize);
      const got = await repository.list(
        ZOrganizationListQuery.parse({
          search,
          ...(status ? { status } : {}),
          sort,
          order,
          page: `${page}`,
          pageSize: `${pageSize}`,
        }),
      );
      expect({
        page,
        pageSize,
        total: got.total,
        ...(got.totalIsLowerBound === undefined
          ? {}
          : { totalIsLowerBound: got.totalIsLowerBound }),
        ids: got.items.map((o) => o.id),
      }).toEqual({
        page,
        pageSize,
        ...want,
      });
    }
  });

  it('says when a search matched more rows than it lists', async () => {
    const repository = createOrganizationsRepository(database.handle.db);
    const list = (search: string, status?: string) =>
      repository.list(
        ZOrganizationListQuery.parse({ search, sort: 'name', ...(status ? { status } : {}) }),
      );
    const broad = await list('grove');
    expect(broad.total).toBe(SEARCH_MATCH_LIMIT);
    expect(broad.totalIsLowerBound).toBe(true);
    expect((await list('grove', 'ACTIVE')).totalIsLowerBound).toBe(true);
    const exact = await list('grove 00');
    expect(exact.total).toBe(SEARCH_MATCH_LIMIT);
    expect(exact).not.toHaveProperty('totalIsLowerBound');
    expect(await list('zq')).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it('answers a page beyond the last with no rows and the total, searched or not', async () => {
    const repository = createOrganizationsRepository(database.handle.db);
    const page = (query: Record<string, string>) =>
      repository.list(ZOrganizationListQuery.parse({ sort: 'name', pageSize: '25', ...query }));
    // Fewer matches than a search lists, more than a page.
    const chen = orgs.filter((o) => o.name.toLowerCase().includes('chen 103'));
    expect(chen.length).toBeGreaterThan(25);
    expect(chen.length).toBeLessThan(SEARCH_MATCH_LIMIT);
    const last = Math.ceil(chen.length / 25);
    const searched = await page({ search: 'chen 103', page: String(last) });
    expect(searched.items.map((o) => o.id)).toEqual(
      [...chen]
        .sort((a, b) => compare(a.name, b.name) || a.id - b.id)
        .slice((last - 1) * 25)
        .map((o) => o.id),
    );
    expect(await page({ search: 'chen 103', page: String(last + 1) })).toEqual({
      items: [],
      total: chen.length,
      page: last + 1,
      pageSize: 25,
    });
    const inactive = orgs.filter((o) => o.status === 'INACTIVE');
    const beyond = Math.ceil(inactive.length / 25) + 1;
    expect(await page({ status: 'INACTIVE', page: String(beyond) })).toEqual({
      items: [],
      total: inactive.length,
      page: beyond,
      pageSize: 25,
    });
  });

  it.each(['status', 'createdAt'] as const)(
    'pages through ties in %s in id order, each row once',
    async (sort) => {
      const repository = createOrganizationsRepository(database.handle.db);
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(ORGANIZATIONS / 100); page++) {
          const got = await repository.list(
            ZOrganizationListQuery.parse({ sort, order, page: `${page}`, pageSize: '100' }),
          );
          expect(got.total).toBe(ORGANIZATIONS);
          seen.push(...got.items.map((o) => o.id));
        }
        expect(seen).toEqual(expected({ sort, order }, 1, ORGANIZATIONS).ids);
      }
    },
  );

  it('finds one and two characters in names, e-mail addresses, codes and numbers', async () => {
    const { db } = database.handle;
    const organizationId = orgs[0]!.id;
    const people = [
      ['Ana', 'Chen', 'ana.chen@example.test'],
      ['Rachel', 'Ortiz', 'r.ortiz@example.test'],
      ['Bo', 'Lee', 'bo@x-ch.test'],
      ['Li', 'Wu', 'li.wu@example.test'],
      ['Zoë', 'Ng', 'zoe@example.test'],
    ];
    await db
      .insertInto('users')
      .values(
        people.map(([firstName, lastName, email]) => ({
          organizationId,
          email: email!,
          firstName: firstName!,
          lastName: lastName!,
          roleId: 100,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .execute();
    const users = createUsersAdminRepository(db);
    const emails = async (search: string) =>
      (
        await users.list(ZUserListQuery.parse({ search, sort: 'email', pageSize: '100' }))
      ).items.map((u) => u.email);
    expect(await emails('ch')).toEqual([
      'ana.chen@example.test',
      'bo@x-ch.test',
      'r.ortiz@example.test',
    ]);
    expect(await emails('-c')).toEqual(['bo@x-ch.test']);
    expect(await emails('ZO')).toEqual(['zoe@example.test']);
    expect(await emails('ë')).toEqual(['zoe@example.test']);
    expect(await emails('wu')).toEqual(['li.wu@example.test']);
    expect(await emails('qq')).toEqual([]);
    // Longer texts in either the name or the address, never across the two.
    expect(await emails('ana chen')).toEqual(['ana.chen@example.test']);
    expect(await emails('x-ch.t')).toEqual(['bo@x-ch.test']);
    expect(await emails('chen\nana')).toEqual([]);
    expect(await emails('chen ana')).toEqual([]);

    await db
      .insertInto('credentials')
      .values(
        ['C-12', 'C-120', 'X-9'].map((code, i) => ({
          organizationId,
          name: `Welding ${i}`,
          code,
          typeId: 1,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .execute();
    const credentials = createCredentialsRepository(db);
    const codes = async (search: string) =>
      (await credentials.list(ZCredentialListQuery.parse({ search, sort: 'code' }))).items.map(
        (c) => c.code,
      );
    expect(await codes('c-')).toEqual(['C-12', 'C-120']);
    expect(await codes('20')).toEqual(['C-120']);
    expect(await codes('9')).toEqual(['X-9']);
    expect(await codes('elding 1')).toEqual(['C-120']);
    expect(await codes('ing 0\nc-1')).toEqual([]);

    await db
      .insertInto('contracts')
      .values(
        ['LC-2026-00001', 'LC-2026-00002', 'MX-2026-00003'].map((number) => ({
          organizationId,
          number,
          name: 'Platform agreement',
          status: 'ACTIVE',
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .execute();
    const contracts = createContractsRepository(db);
    const numbers = async (search: string) =>
      (await contracts.list(ZContractListQuery.parse({ search, sort: 'number' }))).items.map(
        (c) => c.number,
      );
    expect(await numbers('lc')).toEqual(['LC-2026-00001', 'LC-2026-00002']);
    expect(await numbers('x-')).toEqual(['MX-2026-00003']);
    expect(await numbers('pl')).toEqual(['LC-2026-00001', 'LC-2026-00002', 'MX-2026-00003']);
  });

  it('pages credentials and contracts filtered by a select and sorted by another column', async () => {
    const { db } = database.handle;
    const organizationId = orgs[1]!.id;
    const day = (i: number) => `2026-0${1 + (i % 3)}-1${i % 5}T00:00:00.000Z`;
    // Few distinct names and dates, so that pages cut through ties (ordered by id).
    const credentialRows = Array.from({ length: 240 }, (_, i) => ({
      organizationId,
      name: `Welding ${pad(i % 7)}`,
      code: `K-${pad(239 - i)}`,
      typeId: 3 + (i % 2),
      status: i % 3 === 0 ? 'ARCHIVED' : 'ACTIVE',
      createdAt: NOW,
      updatedAt: day(i),
    }));
    await db.insertInto('credentials').values(credentialRows).execute();
    const contractRows = Array.from({ length: 150 }, (_, i) => ({
      organizationId,
      number: `MZ-2026-${pad(149 - i)}`,
      name: `Harbor agreement ${pad(i % 4)}`,
      status: i % 2 === 0 ? 'EXPIRED' : 'DRAFT',
      startDate: `2026-0${1 + (i % 5)}-01`,
      endDate: `2027-0${1 + (i % 4)}-01`,
      createdAt: NOW,
      updatedAt: NOW,
    }));
    await db.insertInto('contracts').values(contractRows).execute();

    type Row = Record<string, string | number> & { id: number };
    const check = async (
      rows: Row[],
      list: (
        query: Record<string, string>,
      ) => Promise<{ total: number; items: Array<{ id: number }> }>,
      filter: Record<string, string | number>,
      sort: string,
      column: string,
    ) => {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'desc' ? -1 : 1;
        const matches = rows
          .filter((r) => Object.entries(filter).every(([key, value]) => r[key] === value))
          .sort((a, b) => sign * (compare(a[column]!, b[column]!) || compare(a.id, b.id)));
        for (const page of [1, 2, 3]) {
          const got = await list({
            ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, `${v}`])),
            sort,
            order,
            page: `${page}`,
            pageSize: '10',
          });
          expect({ sort, order, page, total: got.total, ids: got.items.map((c) => c.id) }).toEqual({
            sort,
            order,
            page,
            total: matches.length,
            ids: matches.slice((page - 1) * 10, page * 10).map((r) => r.id),
          });
        }
      }
    };

    const credentials = createCredentialsRepository(db);
    const storedCredentials = (
      await db
        .selectFrom('credentials')
        .select(['id', 'name', 'code', 'typeId', 'status', 'updatedAt'])
        .where('organizationId', '=', organizationId)
        .execute()
    ).map((c) => ({ ...c, id: Number(c.id), updatedAt: new Date(c.updatedAt).toISOString() }));
    const listCredentials = (query: Record<string, string>) =>
      credentials.list(
        ZCredentialListQuery.parse({ ...query, organizationId: `${organizationId}` }),
      );
    for (const filter of [
      { typeId: 4 },
      { status: 'ARCHIVED' },
      { typeId: 3, status: 'ACTIVE' },
    ] as Array<Record<string, string | number>>)
      for (const [sort, column] of [
        ['name', 'name'],
        ['code', 'code'],
        ['status', 'status'],
        ['updatedAt', 'updatedAt'],
      ] as const)
        await check(storedCredentials, listCredentials, filter, sort, column);

    const contracts = createContractsRepository(db);
    const storedContracts = (
      await db
        .selectFrom('contracts')
        .select(['id', 'number', 'name', 'status', 'startDate', 'endDate'])
        .where('organizationId', '=', organizationId)
        .execute()
    ).map((c) => ({ ...c, id: Number(c.id) }));
    const listContracts = (query: Record<string, string>) =>
      contracts.list(ZContractListQuery.parse({ ...query, organizationId: `${organizationId}` }));
    for (const status of ['EXPIRED', 'DRAFT'])
      for (const [sort, column] of [
        ['number', 'number'],
        ['name', 'name'],
        ['startDate', 'startDate'],
        ['endDate', 'endDate'],
      ] as const)
        await check(storedContracts, listContracts, { status }, sort, column);
  });

  it('finds searches holding quotes, backslashes, dollar signs and LIKE wildcards as typed', async () => {
    const { db } = database.handle;
    const names = [`Qy O'Brien \\ $1 Trust`, `Qy O''Brien $2 Trust`, `Qy 100% _Trust_`];
    const added = await db
      .insertInto('organizations')
      .values(
        names.map((name) => ({
          name,
          typeId: 2,
          loginModeId: 1,
          status: 'ACTIVE',
          insightsEntitled: true,
          mfaRequired: false,
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .returning('id')
      .execute();
    try {
      const repository = createOrganizationsRepository(db);
      const found = async (search: string, status?: string) =>
        (
          await repository.list(
            ZOrganizationListQuery.parse({ search, sort: 'name', ...(status ? { status } : {}) }),
          )
        ).items.map((o) => o.name);
      expect(await found(`o'brien \\ $1`)).toEqual([names[0]]);
      expect(await found(`o''brien`)).toEqual([names[1]]);
      expect(await found(`'`)).toEqual([names[1], names[0]]);
      expect(await found(`\\`)).toEqual([names[0]]);
      expect(await found(`$2 trust`)).toEqual([names[1]]);
      expect(await found(`$1`, 'ACTIVE')).toEqual([names[0]]);
      expect(await found(`0%`)).toEqual([names[2]]);
      expect(await found(`_t`)).toEqual([names[2]]);
      expect(await found(`'; drop table organizations; --`)).toEqual([]);
    } finally {
      await db
        .deleteFrom('organizations')
        .where(
          'id',
          'in',
          added.map((row) => row.id),
        )
        .execute();
    }
  });
});
