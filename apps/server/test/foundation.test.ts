import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  LOGIN_MODE_LABELS,
  LOGIN_MODES,
  type LoginMode,
  UPLOAD_STATUS_LABELS,
  type UploadStatus,
} from '@laurel/contract/constants';
import { LOOKUP_ENDPOINTS } from '@laurel/contract/lookups';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { createOrganization, type BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';

describe.each(DIALECTS)('foundation on %s', (dialect) => {
  let t: TestApp;
  let user: BuiltUser;
  let token: string;

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'laurel-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Laurel</title><div id="root"></div>',
    );
    t = await createTestApp(dialect, { webDist });
    const organization = await createOrganization(t.database.handle.db);
    user = await t.createUser(organization.id, { roleId: ROLES.USER });
    token = await t.tokenFor(user);
  });
  afterAll(() => t?.close());

  const get = (url: string, bearer?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  describe('health', () => {
    it('answers /healthz and /readyz when the database is reachable', async () => {
      expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    });
  });

  describe('lookups', () => {
    it.each(Object.entries(LOOKUP_ENDPOINTS))(
      '%s returns the table rows in order',
      async (_name, { path }) => {
        const response = await get(path, token);
        expect(response.statusCode).toBe(200);
        const list = response.json() as Array<{ id: number; code: string; name: string }>;
        expect(list.length).toBeGreaterThan(1);
        for (const item of list) {
          expect(Object.keys(item).sort()).toEqual(['code', 'id', 'name']);
        }
      },
    );

    it('serves the upload statuses of the specification, in the words the app shows', async () => {
      const statuses = (await get('/api/organizations/upload-statuses', token)).json() as Array<{
        code: UploadStatus;
        name: string;
      }>;
      expect(statuses.map((s) => s.code)).toEqual([
        'PENDING',
        'PROCESSING',
        'COMPLETED',
        'COMPLETED_WITH_ERRORS',
        'FAILED',
      ]);
      for (const status of statuses) expect(status.name).toBe(UPLOAD_STATUS_LABELS[status.code]);
      expect(statuses[0]!.name).toBe('Waiting');
    });

    it('names the login modes as the app does', async () => {
      const modes = (await get('/api/auth/login_modes')).json() as Array<{
        code: LoginMode;
        name: string;
      }>;
      expect(modes.map((m) => m.code)).toEqual([...LOGIN_MODES]);
      for (const mode of modes) expect(mode.name).toBe(LOGIN_MODE_LABELS[mode.code]);
    });

    it('requires a token except for login modes, which the sign-in screen needs', async () => {
      for (const { path } of Object.values(LOOKUP_ENDPOINTS)) {
        const response = await get(path);
        if (path === '/api/auth/login_modes') {
          expect(response.statusCode).toBe(200);
        } else {
          expect(response.statusCode, path).toBe(401);
          expect(response.json()).toMatchObject({ message: MESSAGES.unauthorized });
        }
      }
    });
  });

  describe('config', () => {
    it('tells the browser which pool to use, with the embedded endpoint', async () => {
      const response = await get('/api/config/cognito');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        poolId: 'local-1_LaurelTest',
        clientId: 'laurel-test-client',
        endpoint: '/identity',
      });
    });

    it('gives the Salesforce base URL to platform admins only', async () => {
      const platform = await createOrganization(t.database.handle.db);
      const admin = await t.createUser(platform.id, { roleId: ROLES.PLATFORM_ADMIN });
      expect((await get('/api/config/salesforce-url', await t.tokenFor(admin))).json()).toEqual({
        baseUrl: 'https://laurel-demo.lightning.force.com',
      });
      expect((await get('/api/config/salesforce-url', token)).statusCode).toBe(403);
      expect((await get('/api/config/salesforce-url')).statusCode).toBe(401);
    });

    it('says whether demo mode is on', async () => {
      expect((await get('/api/config/app')).json()).toMatchObject({
        demoMode: true,
        identity: 'embedded',
      });
    });
  });

  describe('authentication', () => {
    it.each([
      ['a key the pool does not publish', { foreignKey: true }],
      ['another pool', { issuer: 'http://localhost/identity/local-1_Other' }],
      ['another app client', { audience: 'someone-else' }],
      ['an unknown key id', { kid: 'nope' }],
      [
        'an expired token',
        { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresInSeconds: 3600 },
      ],
    ])('refuses a token from %s with 401', async (_label, options) => {
      const bad = await t.keys.mint({ sub: user.identityUsername }, options);
      const response = await get('/api/users/profile', bad);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid or expired token' });
    });

    it('refuses a tampered token', async () => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.sub = 'someone-else';
      const forged = [
        header,
        Buffer.from(JSON.stringify(claims)).toString('base64url'),
        signature,
      ].join('.');
      expect((await get('/api/users/profile', forged)).statusCode).toBe(401);
    });

    it('refuses an access token where an id token is required', async () => {
      const access = await t.keys.mint({ sub: user.identityUsername, token_use: 'access' });
      expect((await get('/api/users/profile', access)).statusCode).toBe(401);
    });

    it('refuses a malformed header and a garbage token', async () => {
      expect(
        (await t.app.inject({ url: '/api/users/profile', headers: { authorization: 'Basic abc' } }))
          .statusCode,
      ).toBe(401);
      expect((await get('/api/users/profile', 'not-a-jwt')).statusCode).toBe(401);
    });

    it('refuses a valid token of a deactivated user', async () => {
      const organization = await createOrganization(t.database.handle.db);
      const inactive = await t.createUser(organization.id, { active: false });
      const response = await get(
        '/api/users/profile',
        await t.keys.mint({ sub: inactive.identityUsername }),
      );
      expect(response.statusCode).toBe(401);
    });
  });

  describe('responses', () => {
    it('marks every /api response no-store and carries a request id', async () => {
      const response = await get('/api/users/profile', token);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await get('/api/nope')).headers['cache-control']).toBe('no-store');
    });

    it('answers unknown /api paths with 404 JSON', async () => {
      const response = await get('/api/does-not-exist', token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'No route GET /api/does-not-exist' });
    });

    it('serves index.html for client-side routes', async () => {
      const response = await get('/organizations/12/credentials/4');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    });

    it('serves the OpenAPI document', async () => {
      const response = await get('/api/docs/json');
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toContain('/api/users/{id}/profile');
    });
  });

  describe('profile', () => {
    it('returns the signed-in user profile', async () => {
      const response = await get('/api/users/profile', token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: user.id,
        email: user.email,
        roleId: ROLES.USER,
        organizationId: user.organizationId,
        nameConfirmed: true,
      });
    });

    it('records the sign-in time', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/login-time',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(204);
      const row = await t.database.handle.db
        .selectFrom('users')
        .select('lastLoginAt')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.lastLoginAt).not.toBeNull();
    });

    const patch = (
      id: number,
      bearer: string,
      payload: unknown,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/profile`,
        headers: { authorization: `Bearer ${bearer}`, ...headers },
        payload: payload as string,
      });

    const body = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      salutation: 'Dr.',
      pronoun: 'she/her',
      title: 'Registrar',
    };

    it('updates your own profile and confirms your name', async () => {
      const response = await patch(user.id, token, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        title: 'Registrar',
        nameConfirmed: true,
      });
    });

    it("lets an organization admin edit a member's profile, but not another organization's", async () => {
      const db = t.database.handle.db;
      const admin = await t.createUser(user.organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
      const adminToken = await t.tokenFor(admin);
      expect((await patch(user.id, adminToken, body)).statusCode).toBe(200);

      const other = await createOrganization(db);
      const stranger = await t.createUser(other.id);
      const response = await patch(stranger.id, adminToken, body);
      expect(response.statusCode).toBe(404);
    });

    it("refuses a user editing a colleague's profile", async () => {
      const colleague = await t.createUser(user.organizationId);
      const response = await patch(colleague.id, token, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: MESSAGES.forbidden });
    });

    it('lets a platform admin edit anyone', async () => {
      const db = t.database.handle.db;
      const platform = await createOrganization(db);
      const admin = await t.createUser(platform.id, { roleId: ROLES.PLATFORM_ADMIN });
      const response = await patch(user.id, await t.tokenFor(admin), body);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('bad input', () => {
    const patchRaw = (payload: string | Buffer, contentType = 'application/json') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/profile`,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });

    async function firstName() {
      const row = await t.database.handle.db
        .selectFrom('users')
        .select('firstName')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      return row.firstName;
    }

    it('answers malformed JSON with 400 and writes nothing', async () => {
      const before = await firstName();
      const response = await patchRaw('{"first_name": "Bro');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Request body is not valid JSON' });
      expect(await firstName()).toBe(before);
    });

    it('answers wrong types with field errors', async () => {
      const response = await patchRaw(JSON.stringify({ first_name: 42, last_name: '' }));
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.message).toBe('Invalid body');
      expect(Object.keys(json.fieldErrors).sort()).toEqual(['first_name', 'last_name']);
    });

    it('answers unknown fields with a field error', async () => {
      const response = await patchRaw(
        JSON.stringify({ first_name: 'A', last_name: 'B', role_id: 0 }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ role_id: 'Unknown field' });
    });

    it('answers a body over 1 MiB with 413', async () => {
      const huge = JSON.stringify({ first_name: 'x'.repeat(1024 * 1024 + 10), last_name: 'y' });
      const before = await firstName();
      const response = await patchRaw(huge);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: 'Request body is larger than 1 MiB' });
      expect(await firstName()).toBe(before);
    });

    it('answers an unsupported content type with 415', async () => {
      const response = await patchRaw('first_name=a', 'application/x-www-form-urlencoded');
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Unsupported content type');
    });

    it('answers an invalid id with 400', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/abc/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { first_name: 'A', last_name: 'B' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('id');
    });
  });
});
