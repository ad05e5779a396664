import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_LOOKUP_ID } from '@laurel/contract/pagination';
import { ROLES } from '@laurel/contract/roles';

import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

describe.each(DIALECTS)(
  'organizations, credentials, contracts, users, bookmarks and audits on %s',
  (dialect) => {
    let t: TestApp;
    let w: World;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await createWorld(t);
    });
    afterAll(() => t?.close());

    async function call(
      user: BuiltUser,
      method: string,
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) {
      return t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${await w.token(user)}`, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    }

    describe('isolation between organizations', () => {
      it('lists only the caller organization items for members', async () => {
        const credentials = (await call(w.adminB, 'GET', '/api/credentials')).json();
        expect(credentials.items.map((c: { code: string }) => c.code)).toEqual(['BETA-1']);
        const organizations = (await call(w.userA, 'GET', '/api/organizations')).json();
        expect(organizations.items.map((o: { name: string }) => o.name)).toEqual(['Alpha College']);
        const users = (await call(w.adminB, 'GET', `/api/users?organizationId=${w.a.id}`)).json();
        expect(users.total).toBe(0);
        const contracts = (await call(w.adminB, 'GET', '/api/contracts')).json();
        expect(
          contracts.items.every((c: { organizationId: number }) => c.organizationId === w.b.id),
        ).toBe(true);
      });

      it('lets a platform admin list across organizations and filter by one', async () => {
        const all = (await call(w.platformAdmin, 'GET', '/api/credentials')).json();
        expect(all.total).toBeGreaterThanOrEqual(2);
        const onlyA = (
          await call(w.platformAdmin, 'GET', `/api/credentials?organizationId=${w.a.id}`)
        ).json();
        expect(
          onlyA.items.every((c: { organizationId: number }) => c.organizationId === w.a.id),
        ).toBe(true);
      });

      it('keeps search results inside the caller organization', async () => {
        const fromB = (await call(w.adminB, 'GET', '/api/search?q=alpha')).json();
        expect(fromB.results).toEqual([]);
        const fromA = (await call(w.userA, 'GET', '/api/search?q=alpha')).json();
        const types = fromA.results.map((r: { itemType: string }) => r.itemType);
        expect(types).toEqual(expect.arrayContaining(['organizations', 'credentials', 'users']));
        expect(
          fromA.results.every((r: { organizationId: number }) => r.organizationId === w.a.id),
        ).toBe(true);
      });

      it('keeps CSV exports inside the caller organization', async () => {
        const csv = (await call(w.adminB, 'GET', '/api/credentials/export.csv')).body;
        expect(csv).toContain('BETA-1');
        expect(csv).not.toContain('ALPHA-1');
      });

      it('keeps audit entries inside the caller organization', async () => {
        await call(w.adminA, 'PATCH', `/api/credentials/${w.credentialA}`, {
          description: 'Only Alpha may see this',
        });
        const forB = (await call(w.adminB, 'GET', '/api/audits?pageSize=100')).json();
        expect(JSON.stringify(forB)).not.toContain('Alpha');
        const forA = (await call(w.adminA, 'GET', '/api/audits?pageSize=100')).json();
        expect(
          forA.items.some((e: { summary: string }) =>
            e.summary.includes('Only Alpha may see this'),
          ),
        ).toBe(true);
      });

      it('never shows a bookmark of an item the user may no longer see', async () => {
        const created = await call(w.userB, 'POST', '/api/users/bookmarks', {
          item_id: w.credentialA,
          item_type: 'credentials',
        });
        expect(created.statusCode).toBe(404);
        const list = (await call(w.userB, 'GET', '/api/users/bookmarks')).json();
        expect(list).toEqual([]);
      });
    });

    describe('bookmarks', () => {
      it('adds, lists with the current name, refuses nothing twice, and removes', async () => {
        const first = await call(w.userA, 'POST', '/api/users/bookmarks', {
          item_id: w.credentialA,
          item_type: 'credentials',
        });
        expect(first.statusCode).toBe(201);
        const again = await call(w.userA, 'POST', '/api/users/bookmarks', {
          item_id: w.credentialA,
          item_type: 'credentials',
        });
        expect(again.statusCode).toBe(200);
        expect(again.json().id).toBe(first.json().id);
        await call(w.userA, 'POST', '/api/users/bookmarks', {
          item_id: w.contractA,
          item_type: 'contracts',
        });
        await call(w.userA, 'POST', '/api/users/bookmarks', {
          item_id: w.adminA.id,
          item_type: 'users',
        });
        await call(w.userA, 'POST', '/api/users/bookmarks', {
          item_id: w.a.id,
          item_type: 'organizations',
        });

        await t.database.handle.db
          .updateTable('credentials')
          .set({ name: 'Alpha Welding Certificate II' })
          .where('id', '=', w.credentialA)
          .execute();
        const list = (await call(w.userA, 'GET', '/api/users/bookmarks')).json();
        expect(list.map((b: { itemType: string }) => b.itemType).sort()).toEqual([
          'contracts',
          'credentials',
          'organizations',
          'users',
        ]);
        const credential = list.find((b: { itemType: string }) => b.itemType === 'credentials');
        expect(credential).toMatchObject({
          itemId: w.credentialA,
          itemName: 'Alpha Welding Certificate II',
          organizationId: w.a.id,
        });
        expect(Object.keys(credential).sort()).toEqual([
          'createdAt',
          'id',
          'itemId',
          'itemName',
          'itemType',
          'organizationId',
        ]);
        const user = list.find((b: { itemType: string }) => b.itemType === 'users');
        expect(user.itemName).toBe('Ada Alpha');

        const removed = await call(w.userA, 'DELETE', `/api/users/bookmarks/${credential.id}`);
        expect(removed.statusCode).toBe(204);
        expect(
          (await call(w.userA, 'DELETE', `/api/users/bookmarks/${credential.id}`)).statusCode,
        ).toBe(404);
      });

      it("cannot remove someone else's bookmark", async () => {
        const mine = (
          await call(w.adminA, 'POST', '/api/users/bookmarks', {
            item_id: w.a.id,
            item_type: 'organizations',
          })
        ).json();
        expect((await call(w.userA, 'DELETE', `/api/users/bookmarks/${mine.id}`)).statusCode).toBe(
          404,
        );
      });

      it('drops bookmarks whose item was deleted', async () => {
        const db = t.database.handle.db;
        const id = await createCredential(db, w.a.id, { code: 'TEMP-1', name: 'Temporary' });
        await call(w.adminA, 'POST', '/api/users/bookmarks', {
          item_id: id,
          item_type: 'credentials',
        });
        await db.deleteFrom('credentials').where('id', '=', id).execute();
        const list = (await call(w.adminA, 'GET', '/api/users/bookmarks')).json();
        expect(
          list.some(
            (b: { itemId: number; itemType: string }) =>
              b.itemType === 'credentials' && b.itemId === id,
          ),
        ).toBe(false);
      });

      it.each([
        [{ item_id: 1, item_type: 'widgets' }, 'item_type'],
        [{ item_id: 'x', item_type: 'credentials' }, 'item_id'],
        [{ item_type: 'credentials' }, 'item_id'],
        [{ item_id: 1, item_type: 'credentials', extra: true }, 'extra'],
      ])('refuses %o with a field error on %s', async (payload, field) => {
        const response = await call(w.userA, 'POST', '/api/users/bookmarks', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toHaveProperty(field);
      });
    });

    describe('lists', () => {
      it('lists a page sorted by the column its filter fixes in id order, as the full order would', async () => {
        const db = t.database.handle.db;
        // Names against the ids' order, of two types, so that only the id orders them when the
        // type is fixed.
        const ids: number[] = [];
        for (const [i, name] of ['Zeta Fixed', 'Alpha Fixed', 'Mu Fixed'].entries())
          ids.push(
            await createCredential(db, w.a.id, { code: `FIXED-${i}`, name, typeId: 2 + (i % 2) }),
          );
        const list = async (query: string) =>
          (await call(w.platformAdmin, 'GET', `/api/credentials?pageSize=100&${query}`)).json()
            .items as Array<{ id: number; typeId: number; organizationId: number; name: string }>;
        for (const order of ['asc', 'desc'] as const) {
          const byType = await list(`typeId=2&sort=type&order=${order}`);
          expect(byType.every((c) => c.typeId === 2)).toBe(true);
          const idsOf = byType.map((c) => c.id);
          expect(idsOf).toEqual([...idsOf].sort((x, y) => (order === 'asc' ? x - y : y - x)));
          expect(idsOf).toEqual(expect.arrayContaining([ids[0], ids[2]]));
          const byOrganization = (
            await list(`organizationId=${w.a.id}&sort=organization&order=${order}`)
          ).map((c) => c.id);
          expect(byOrganization).toEqual(
            [...byOrganization].sort((x, y) => (order === 'asc' ? x - y : y - x)),
          );
        }
        // A sort the filter does not fix still orders by its column.
        const byName = (await list('typeId=2&sort=name&order=asc')).map((c) => c.name);
        expect(byName).toEqual([...byName].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
        await db.deleteFrom('credentials').where('id', 'in', ids).execute();
      });

      it('pages, sorts and filters on the server', async () => {
        const page = (
          await call(
            w.platformAdmin,
            'GET',
            '/api/organizations?sort=name&order=desc&pageSize=2&page=1',
          )
        ).json();
        expect(page.pageSize).toBe(2);
        expect(page.items.length).toBeLessThanOrEqual(2);
        const names = page.items.map((o: { name: string }) => o.name);
        expect([...names].sort().reverse()).toEqual(names);
        const searched = (
          await call(w.platformAdmin, 'GET', '/api/organizations?search=beta')
        ).json();
        expect(searched.items.map((o: { name: string }) => o.name)).toEqual(['Beta Institute']);
      });

      it.each([
        'pageSize=1000',
        'page=0',
        'sort=password',
        'order=sideways',
        'typeId=abc',
        'unknown=1',
      ])('refuses ?%s with 400', async (query) => {
        const response = await call(w.platformAdmin, 'GET', `/api/organizations?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toBeDefined();
      });

      it('neutralises formulas in CSV exports', async () => {
        await call(w.adminA, 'POST', '/api/credentials', {
          organization_id: w.a.id,
          name: '=HYPERLINK("http://x")',
          code: 'FORMULA-1',
          type_id: 1,
        });
        const csv = (await call(w.adminA, 'GET', '/api/credentials/export.csv?search=formula'))
          .body;
        expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
      });
    });

    describe('credentials', () => {
      it('refuses a credential for an organization that does not exist', async () => {
        const before = (await call(w.platformAdmin, 'GET', '/api/credentials')).json().total;
        const response = await call(w.platformAdmin, 'POST', '/api/credentials', {
          organization_id: Number.MAX_SAFE_INTEGER,
          name: 'Orphan Certificate',
          code: 'ORPHAN-1',
          type_id: 1,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'Invalid credential',
          fieldErrors: { organization_id: 'Unknown organization' },
        });
        expect((await call(w.platformAdmin, 'GET', '/api/credentials')).json().total).toBe(before);
      });
    });

    describe('contracts', () => {
      it('explains billing codes and counts usage against what is included', async () => {
        const db = t.database.handle.db;
        await db
          .insertInto('usageEvents')
          .values([
            {
              organizationId: w.a.id,
              billingCode: 'D_MATCH_EQUIFAX_TWN',
              quantity: 7,
              reference: null,
              occurredAt: '2026-03-01T00:00:00.000Z',
            },
            {
              organizationId: w.a.id,
              billingCode: 'D_MATCH_EQUIFAX_TWN',
              quantity: 5,
              reference: null,
              occurredAt: '2026-04-01T00:00:00.000Z',
            },
            {
              organizationId: w.a.id,
              billingCode: 'D_MATCH_EQUIFAX_TWN',
              quantity: 100,
              reference: null,
              occurredAt: '2025-04-01T00:00:00.000Z',
            },
          ])
          .execute();
        // A member reads each line item by its label (its code is the platform's business).
        const contract = (await call(w.userA, 'GET', `/api/contracts/${w.contractA}`)).json();
        const matches = contract.lineItems.find(
          (l: { billingCodeLabel: string }) =>
            l.billingCodeLabel === 'Data match through Equifax The Work Number',
        );
        expect(matches).toMatchObject({
          includedQuantity: 10,
          used: 12,
          remaining: 0,
          overage: 2,
        });
        const seats = contract.lineItems.find(
          (l: { billingCodeLabel: string }) =>
            l.billingCodeLabel === 'User seats (active and invited users)',
        );
        expect(seats.used).toBe(2);
      });

      it('refuses a contract that ends before it starts', async () => {
        const response = await call(w.platformAdmin, 'POST', '/api/contracts', {
          organization_id: w.a.id,
          number: 'LC-BAD',
          name: 'Backwards',
          status: 'DRAFT',
          start_date: '2026-05-01',
          end_date: '2026-01-01',
          line_items: [],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toHaveProperty('end_date');
      });
    });

    describe('users', () => {
      it('never lets an organization admin grant Platform Admin', async () => {
        const response = await call(w.adminA, 'PATCH', `/api/users/${w.userA.id}`, {
          role_id: ROLES.PLATFORM_ADMIN,
        });
        expect(response.statusCode).toBe(403);
      });

      it('stops a deactivated user at once, and lets them back in when reactivated', async () => {
        const person = await t.createUser(w.a.id, { roleId: ROLES.USER });
        const token = await t.tokenFor(person);
        const profile = () =>
          t.app.inject({
            url: '/api/users/profile',
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await profile()).statusCode).toBe(200);
        const off = await call(w.adminA, 'PATCH', `/api/users/${person.id}`, { active: false });
        expect(off.statusCode).toBe(200);
        expect(off.json().active).toBe(false);
        expect((await profile()).statusCode).toBe(401);
        await expect(t.tokenFor(person)).rejects.toThrow(/sign-in of/);
        expect(
          (await call(w.adminA, 'PATCH', `/api/users/${person.id}`, { active: true })).json()
            .active,
        ).toBe(true);
        expect(
          (
            await t.app.inject({
              url: '/api/users/profile',
              headers: { authorization: `Bearer ${await t.tokenFor(person)}` },
            })
          ).statusCode,
        ).toBe(200);
      });

      it('refuses to let admins deactivate themselves', async () => {
        const response = await call(w.adminA, 'PATCH', `/api/users/${w.adminA.id}`, {
          active: false,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toHaveProperty('active');
      });

      it('puts a promoted platform admin in the Admins group of their next token', async () => {
        const person = await t.createUser(w.platform.id, { roleId: ROLES.USER });
        await call(w.platformAdmin, 'PATCH', `/api/users/${person.id}`, {
          role_id: ROLES.PLATFORM_ADMIN,
        });
        const token = await t.tokenFor({ ...person, roleId: ROLES.PLATFORM_ADMIN });
        const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
        expect(claims['cognito:groups']).toContain('Admins');
      });
    });

    describe('organizations', () => {
      it('sends members through authenticator setup once the organization requires MFA', async () => {
        const db = t.database.handle.db;
        const { createOrganization } = await import('./helpers/builders.ts');
        const organization = await createOrganization(db, { name: 'Gamma Academy' });
        const member = await t.createUser(organization.id);
        await t.tokenFor(member);
        const response = await call(
          w.platformAdmin,
          'PATCH',
          `/api/organizations/${organization.id}`,
          { mfa_required: true },
        );
        expect(response.json().mfaRequired).toBe(true);
        const signIn = await t.app.inject({
          method: 'POST',
          url: '/identity/',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
          payload: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: 'laurel-test-client',
            AuthParameters: { USERNAME: member.email, PASSWORD: 'Test-password-2026!' },
          }),
        });
        expect(signIn.json().ChallengeName).toBe('MFA_SETUP');
      });

      it('lets platform admins turn passkeys and e-mailed codes off for members', async () => {
        const db = t.database.handle.db;
        const { createOrganization } = await import('./helpers/builders.ts');
        const organization = await createOrganization(db, { name: 'Zeta Passwordless Institute' });
        const member = await t.createUser(organization.id);
        const choices = async () => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/identity/',
            headers: {
              'content-type': 'application/x-amz-json-1.1',
              'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            payload: JSON.stringify({
              AuthFlow: 'USER_AUTH',
              ClientId: 'laurel-test-client',
              AuthParameters: { USERNAME: member.email },
            }),
          });
          return response.json().AvailableChallenges as string[];
        };
        expect(await choices()).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
        const before = await call(w.platformAdmin, 'GET', `/api/organizations/${organization.id}`);
        expect(before.json()).toMatchObject({ passkeysAllowed: true, emailCodesAllowed: true });

        const refused = await call(w.adminA, 'PATCH', `/api/organizations/${w.a.id}`, {
          email_codes_allowed: false,
        });
        expect(refused.statusCode).toBe(403);

        const response = await call(
          w.platformAdmin,
          'PATCH',
          `/api/organizations/${organization.id}`,
          { passkeys_allowed: false, email_codes_allowed: false },
        );
        expect(response.json()).toMatchObject({ passkeysAllowed: false, emailCodesAllowed: false });
        expect(await choices()).toEqual(['PASSWORD', 'PASSWORD_SRP']);
      });

      it('refuses a duplicate organization name with a field error', async () => {
        const response = await call(w.platformAdmin, 'POST', '/api/organizations', {
          name: 'alpha college',
          type_id: 3,
          login_mode_id: 1,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().fieldErrors).toEqual({ name: 'Already taken' });
      });

      it('refuses unknown lookups with field errors', async () => {
        const response = await call(w.platformAdmin, 'POST', '/api/organizations', {
          name: 'Delta',
          type_id: 999,
          login_mode_id: 1,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toEqual({ type_id: 'Unknown organization type' });
      });

      it('refuses lookup ids beyond the range of lookup tables with field errors', async () => {
        const beyond = MAX_LOOKUP_ID + 1;
        for (const [method, url, payload, field] of [
          [
            'POST',
            '/api/organizations',
            { name: 'Epsilon', type_id: beyond, login_mode_id: 1 },
            'type_id',
          ],
          [
            'POST',
            '/api/organizations',
            { name: 'Epsilon', type_id: 3, login_mode_id: beyond },
            'login_mode_id',
          ],
          ['PATCH', `/api/organizations/${w.a.id}`, { type_id: beyond }, 'type_id'],
          ['GET', `/api/organizations?typeId=${beyond}`, undefined, 'typeId'],
          ['GET', `/api/credentials/export.csv?typeId=${beyond}`, undefined, 'typeId'],
          ['PATCH', `/api/credentials/${w.credentialA}`, { type_id: beyond }, 'type_id'],
          ['GET', `/api/audits?typeId=${beyond}`, undefined, 'typeId'],
        ] as const) {
          const response = await call(w.platformAdmin, method, url, payload);
          expect(response.statusCode, url).toBe(400);
          expect(response.json().fieldErrors, url).toHaveProperty(field);
        }
        // The largest lookup id is looked up like any other, and names nothing.
        const largest = await call(w.platformAdmin, 'POST', '/api/organizations', {
          name: 'Epsilon',
          type_id: MAX_LOOKUP_ID,
          login_mode_id: 1,
        });
        expect(largest.statusCode).toBe(400);
        expect(largest.json().fieldErrors).toEqual({ type_id: 'Unknown organization type' });
        const none = await call(w.platformAdmin, 'GET', `/api/credentials?typeId=${MAX_LOOKUP_ID}`);
        expect(none.statusCode).toBe(200);
        expect(none.json().total).toBe(0);
        const organizations = (
          await call(w.platformAdmin, 'GET', '/api/organizations?search=Epsilon')
        ).json();
        expect(organizations.total).toBe(0);
      });

      it('recognises the platform organization by name', async () => {
        const platform = (
          await call(w.platformAdmin, 'GET', `/api/organizations/${w.platform.id}`)
        ).json();
        expect(platform.isPlatform).toBe(true);
        expect(platform.organizationName).toBe(platform.name);
        expect(
          (await call(w.platformAdmin, 'GET', `/api/organizations/${w.a.id}`)).json().isPlatform,
        ).toBe(false);
      });
    });

    describe('impersonation and the audit trail', () => {
      it('records who acted, where, and whether impersonating', async () => {
        const edited = await call(
          w.platformAdmin,
          'PATCH',
          `/api/credentials/${w.credentialB}`,
          { description: 'Edited while acting in Beta' },
          { 'x-acting-organization': String(w.b.id) },
        );
        expect(edited.statusCode).toBe(200);
        const entries = (
          await call(w.platformAdmin, 'GET', `/api/audits?organizationId=${w.b.id}&pageSize=100`)
        ).json();
        const entry = entries.items.find((e: { summary: string }) =>
          e.summary.includes('Edited while acting in Beta'),
        );
        expect(entry).toMatchObject({
          actorUserId: w.platformAdmin.id,
          organizationId: w.b.id,
          organizationName: 'Beta Institute',
          impersonating: true,
          typeCode: 'UPDATE',
          resourceType: 'credential',
          resourceId: String(w.credentialB),
        });
        expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(entry.ipAddress).toBe('127.0.0.1');
      });

      it('refuses the acting-organization header from anyone but a platform admin', async () => {
        const response = await call(w.adminA, 'GET', '/api/credentials', undefined, {
          'x-acting-organization': String(w.b.id),
        });
        expect(response.statusCode).toBe(403);
      });

      it('refuses to act within an organization that does not exist, and records nothing', async () => {
        const db = t.database.handle.db;
        const entries = async () =>
          Number(
            (
              await db
                .selectFrom('auditEntries')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await entries();
        for (const [method, url, payload] of [
          ['GET', '/api/audits/export.csv', undefined],
          ['PATCH', `/api/credentials/${w.credentialB}`, { description: 'Acting nowhere' }],
        ] as const) {
          const response = await call(w.platformAdmin, method, url, payload, {
            [ACTING_ORGANIZATION_HEADER]: String(Number.MAX_SAFE_INTEGER),
          });
          expect(response.statusCode, url).toBe(400);
          expect(response.json(), url).toMatchObject({
            message: `${ACTING_ORGANIZATION_HEADER} names no organization`,
          });
        }
        expect(await entries()).toBe(before);
        const credential = (
          await call(w.platformAdmin, 'GET', `/api/credentials/${w.credentialB}`)
        ).json();
        expect(credential.description).not.toBe('Acting nowhere');
      });

      it('filters the trail by type, user and date, and exports it as CSV', async () => {
        const types = (await call(w.adminA, 'GET', '/api/audits/types')).json();
        const update = types.find((x: { code: string }) => x.code === 'UPDATE');
        const today = new Date().toISOString().slice(0, 10);
        const filtered = (
          await call(
            w.adminA,
            'GET',
            `/api/audits?typeId=${update.id}&userId=${w.adminA.id}&from=${today}&to=${today}`,
          )
        ).json();
        expect(filtered.total).toBeGreaterThan(0);
        expect(
          filtered.items.every(
            (e: { typeCode: string; actorUserId: number }) =>
              e.typeCode === 'UPDATE' && e.actorUserId === w.adminA.id,
          ),
        ).toBe(true);
        const old = (await call(w.adminA, 'GET', '/api/audits?to=2000-01-01')).json();
        expect(old.total).toBe(0);
        const csv = await call(w.adminA, 'GET', `/api/audits/export.csv?typeId=${update.id}`);
        expect(csv.headers['content-type']).toContain('text/csv');
        expect(csv.body.split('\r\n')[0]).toContain('time,actor');
      });

      it('records client events from the log helper with resourceId N/A by default', async () => {
        expect(
          (
            await call(w.userA, 'POST', '/api/log-helper', {
              userId: w.userA.id,
              event: 'viewed insights',
            })
          ).statusCode,
        ).toBe(204);
        const entries = (await call(w.adminA, 'GET', '/api/audits?search=viewed insights')).json();
        expect(entries.items[0]).toMatchObject({ typeCode: 'CLIENT_EVENT', resourceId: 'N/A' });
      });
    });
  },
);
