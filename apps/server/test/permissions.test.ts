import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

type Actor = 'platformAdmin' | 'adminA' | 'userA' | 'adminB' | 'none' | 'expired';
const ACTORS: Actor[] = ['platformAdmin', 'adminA', 'userA', 'adminB', 'none', 'expired'];

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: (w: World) => string;
  body?: (w: World, actor: Actor) => unknown;
  /** Expected status for platformAdmin, adminA, userA, adminB (no token and expired are always 401). */
  expect: [number, number, number, number];
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

const ROWS: Row[] = [
  {
    name: 'list organizations',
    method: 'GET',
    url: () => '/api/organizations',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'export organizations',
    method: 'GET',
    url: () => '/api/organizations/export.csv',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'read organization A',
    method: 'GET',
    url: (w) => `/api/organizations/${w.a.id}`,
    expect: [200, 200, 200, 404],
  },
  {
    name: 'edit organization A',
    method: 'PATCH',
    url: (w) => `/api/organizations/${w.a.id}`,
    body: () => ({ city: 'Springfield' }),
    expect: [200, 403, 403, 403],
  },
  {
    name: 'create organization',
    method: 'POST',
    url: () => '/api/organizations',
    body: () => ({ name: `New Org ${unique()}`, type_id: 3, login_mode_id: 1 }),
    expect: [201, 403, 403, 403],
  },
  {
    name: 'list credentials',
    method: 'GET',
    url: () => '/api/credentials',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'read credential of A',
    method: 'GET',
    url: (w) => `/api/credentials/${w.credentialA}`,
    expect: [200, 200, 200, 404],
  },
  {
    name: 'awards of a credential of A',
    method: 'GET',
    url: (w) => `/api/credentials/${w.credentialA}/awards`,
    expect: [200, 200, 200, 404],
  },
  {
    name: 'edit credential of A',
    method: 'PATCH',
    url: (w) => `/api/credentials/${w.credentialA}`,
    body: () => ({ description: `Edited ${unique()}` }),
    expect: [200, 200, 403, 404],
  },
  {
    name: 'create credential in A',
    method: 'POST',
    url: () => '/api/credentials',
    body: (w) => ({
      organization_id: w.a.id,
      name: 'Brand New Credential',
      code: `NEW-${unique()}`,
      type_id: 1,
    }),
    expect: [201, 201, 403, 404],
  },
  {
    name: 'list contracts',
    method: 'GET',
    url: () => '/api/contracts',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'read contract of A',
    method: 'GET',
    url: (w) => `/api/contracts/${w.contractA}`,
    expect: [200, 200, 200, 404],
  },
  {
    name: 'replace contract of A',
    method: 'PUT',
    url: (w) => `/api/contracts/${w.contractA}`,
    body: (w) => ({
      organization_id: w.a.id,
      number: 'LC-A-1',
      name: 'Renamed',
      status: 'ACTIVE',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      line_items: [],
    }),
    expect: [200, 403, 403, 403],
  },
  {
    name: 'create contract for A',
    method: 'POST',
    url: () => '/api/contracts',
    body: (w) => ({
      organization_id: w.a.id,
      number: `LC-${unique()}`,
      name: 'Another',
      status: 'DRAFT',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      line_items: [],
    }),
    expect: [201, 403, 403, 403],
  },
  { name: 'list users', method: 'GET', url: () => '/api/users', expect: [200, 200, 200, 200] },
  {
    name: 'read a user of A',
    method: 'GET',
    url: (w) => `/api/users/${w.userA.id}`,
    expect: [200, 200, 200, 404],
  },
  {
    name: 'export users',
    method: 'GET',
    url: () => '/api/users/export.csv',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'change role of a user of A',
    method: 'PATCH',
    url: (w) => `/api/users/${w.userA.id}`,
    body: () => ({ role_id: 100 }),
    expect: [200, 200, 403, 404],
  },
  {
    name: 'edit profile of a user of A',
    method: 'PATCH',
    url: (w) => `/api/users/${w.userA.id}/profile`,
    body: () => ({ first_name: 'Uma', last_name: 'Alpha' }),
    expect: [200, 200, 200, 404],
  },
  { name: 'audit trail', method: 'GET', url: () => '/api/audits', expect: [200, 200, 403, 200] },
  {
    name: 'audit export',
    method: 'GET',
    url: () => '/api/audits/export.csv',
    expect: [200, 200, 403, 200],
  },
  {
    name: 'uploads',
    method: 'GET',
    url: () => '/api/uploads',
    expect: [200, 200, 403, 200],
  },
  {
    name: 'uploads export',
    method: 'GET',
    url: () => '/api/uploads/export.csv',
    expect: [200, 200, 403, 200],
  },
  {
    name: 'bookmarks',
    method: 'GET',
    url: () => '/api/users/bookmarks',
    expect: [200, 200, 200, 200],
  },
  {
    name: 'bookmark a credential of A',
    method: 'POST',
    url: () => '/api/users/bookmarks',
    body: (w) => ({ item_id: w.credentialA, item_type: 'credentials' }),
    expect: [201, 201, 201, 404],
  },
  {
    name: 'global search',
    method: 'GET',
    url: () => '/api/search?q=alpha',
    expect: [200, 200, 200, 200],
  },
  {
    name: "organization A's SCIM provisioning",
    method: 'GET',
    url: (w) => `/api/organizations/${w.a.id}/scim`,
    expect: [200, 200, 403, 404],
  },
  {
    name: 'create a SCIM token for organization A',
    method: 'POST',
    url: (w) => `/api/organizations/${w.a.id}/scim/tokens`,
    body: () => ({ name: `Directory ${unique()}` }),
    expect: [201, 201, 403, 404],
  },
  {
    name: 'log a client event',
    method: 'POST',
    url: () => '/api/log-helper',
    body: () => ({ userId: 1, event: 'opened report' }),
    expect: [204, 204, 204, 204],
  },
];

describe.each(DIALECTS)('permission matrix on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let expiredToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    expiredToken = await t.keys.mint(
      { sub: w.adminA.identityUsername },
      { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresInSeconds: 3600 },
    );
  });
  afterAll(() => t?.close());

  async function headersFor(actor: Actor): Promise<Record<string, string>> {
    if (actor === 'none') return {};
    if (actor === 'expired') return { authorization: `Bearer ${expiredToken}` };
    const user: BuiltUser = w[actor];
    return { authorization: `Bearer ${await w.token(user)}` };
  }

  for (const row of ROWS) {
    it.each(ACTORS)(`${row.name}: %s`, async (actor) => {
      const index = ACTORS.indexOf(actor);
      const expected = index < 4 ? row.expect[index]! : 401;
      const response = await t.app.inject({
        method: row.method,
        url: row.url(w),
        headers: await headersFor(actor),
        ...(row.body ? { payload: row.body(w, actor) as object } : {}),
      });
      expect(
        response.statusCode,
        `${row.method} ${row.url(w)} as ${actor}: ${response.body.slice(0, 200)}`,
      ).toBe(expected);
      if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message');
    });
  }
});
