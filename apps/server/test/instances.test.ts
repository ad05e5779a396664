import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES } from '@laurel/contract/roles';

import { API_PATHS } from '@laurel/contract/paths';

import { API_KEY_TTL_MS } from '../src/modules/api-keys/api-keys.service.ts';
import { PRINCIPAL_TTL_MS } from '../src/plugins/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';

/** Past the time within which every instance must act on a change made on another. */
const afterPropagation = () => sleep(PRINCIPAL_TTL_MS + 100);

/**
 * Two instances of Laurel on one database, as behind a load balancer: each has its own caches,
 * identity service and request counters; what one changes, the other enforces within a second.
 */
describe.each(DIALECTS)('two instances on one %s database', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let organizationId: number;
  let admin: BuiltUser;
  let adminToken: string;

  beforeAll(async () => {
    first = await createTestApp(dialect);
    second = await createTestApp(dialect, { sameDatabaseAs: first });
    organizationId = (await createOrganization(first.database.handle.db)).id;
    admin = await first.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
    adminToken = await first.tokenFor(admin);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const profileOn = (instance: TestApp, token: string) =>
    instance.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });

  const changeUser = (userId: number, body: Record<string, unknown>) =>
    first.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: body,
    });

  it('an admin demoted on one instance loses admin rights on the other', async () => {
    const demoted = await first.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
    const token = await first.tokenFor(demoted);
    const someone = await first.createUser(organizationId, { roleId: ROLES.USER });
    const promoteOnSecond = () =>
      second.app.inject({
        method: 'PATCH',
        url: `/api/users/${someone.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { role_id: ROLES.USER },
      });
    expect((await promoteOnSecond()).statusCode).toBe(200);

    expect((await changeUser(demoted.id, { role_id: ROLES.USER })).statusCode).toBe(200);
    await afterPropagation();
    expect((await promoteOnSecond()).statusCode).toBe(403);
    expect((await profileOn(second, token)).json()).toMatchObject({ roleId: ROLES.USER });
  });

  it('a user deactivated on one instance is refused by the other', async () => {
    const user = await first.createUser(organizationId, { roleId: ROLES.USER });
    const token = await first.tokenFor(user);
    expect((await profileOn(second, token)).statusCode).toBe(200);

    expect((await changeUser(user.id, { active: false })).statusCode).toBe(200);
    await afterPropagation();
    expect((await profileOn(second, token)).statusCode).toBe(401);
  });

  it('a sign-out on one instance ends the session on the other', async () => {
    const user = await first.createUser(organizationId, { roleId: ROLES.USER });
    const signIn = await first.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
      }),
    });
    const { IdToken, AccessToken } = signIn.json().AuthenticationResult as Record<string, string>;
    expect((await profileOn(second, IdToken!)).statusCode).toBe(200);

    const signOut = await first.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      payload: JSON.stringify({ AccessToken }),
    });
    expect(signOut.statusCode).toBe(200);
    await afterPropagation();
    expect((await profileOn(second, IdToken!)).statusCode).toBe(401);
  });

  it('an API key revoked on one instance is refused on the other within a second', async () => {
    const created = await first.app.inject({
      method: 'POST',
      url: API_PATHS.apiKeys(organizationId),
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { name: 'Two instances', scopes: ['awards:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json() as { id: number; secret: string };
    const uploadsOn = (instance: TestApp) =>
      instance.app.inject({
        method: 'GET',
        url: API_PATHS.organizationUploads(organizationId),
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await uploadsOn(second)).statusCode).toBe(200);
    const revoked = await first.app.inject({
      method: 'DELETE',
      url: API_PATHS.apiKey(organizationId, id),
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await uploadsOn(first)).statusCode).toBe(401);
    await sleep(API_KEY_TTL_MS + 100);
    expect((await uploadsOn(second)).statusCode).toBe(401);
  });
});

/** Where two instances share their request counters: PostgreSQL, or Redis (here over SQLite). */
const sharedStores: Array<{
  store: string;
  dialect: 'sqlite' | 'postgres';
  env: () => Record<string, string>;
}> = [];
if (process.env.TEST_DATABASE_URL)
  sharedStores.push({ store: 'PostgreSQL', dialect: 'postgres', env: () => ({}) });
if (process.env.TEST_REDIS_URL)
  sharedStores.push({
    store: 'Redis',
    dialect: 'sqlite',
    env: () => ({
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: `laurel-test-${randomUUID()}:`,
    }),
  });

/**
 * Behind a load balancer, a client's requests land on every instance in turn: the limit is
 * reached after the limit's number of requests in all, not that many on each instance.
 */
describe.each(sharedStores)('request limits shared by two instances through $store', (setting) => {
  let first: TestApp;
  let second: TestApp;
  let organizationId: number;

  beforeAll(async () => {
    const env = { ...setting.env(), API_RATE_LIMIT_PER_USER: '6' };
    first = await createTestApp(setting.dialect, { env });
    second = await createTestApp(setting.dialect, { env, sameDatabaseAs: first });
    organizationId = (await createOrganization(first.database.handle.db)).id;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const instance = (i: number) => (i % 2 ? second : first);

  it('an /api route: a signed-in user is refused with 429 after the limit in all', async () => {
    const user = await first.createUser(organizationId, { roleId: ROLES.USER });
    const token = await first.tokenFor(user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await instance(i).app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const onFirst = await first.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onFirst.statusCode).toBe(429);
    expect(Number(onFirst.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("an /identity action: password reset codes for one person are refused with Cognito's LimitExceededException after 5 in all", async () => {
    const user = await first.createUser(organizationId, { roleId: ROLES.USER });
    const answers: Array<{ status: number; type?: string }> = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await instance(i).app.inject({
        method: 'POST',
        url: '/identity/',
        // From several addresses: the person's own count decides.
        remoteAddress: `198.51.100.${10 + i}`,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
        },
        payload: JSON.stringify({ ClientId: TEST_CLIENT_ID, Username: user.email }),
      });
      answers.push({ status: response.statusCode, type: response.json().__type });
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ status: 200, type: undefined }));
    // Refused as AWS Cognito refuses: 400 with the exception's name, which Amplify shows.
    expect(answers[5]).toEqual({ status: 400, type: 'LimitExceededException' });
  });

  it('a public endpoint: one address is refused with 429 after its limit in all', async () => {
    const check = (i: number) =>
      instance(i).app.inject({
        method: 'POST',
        url: '/api/auth/check_federated',
        remoteAddress: '198.51.100.77',
        payload: { email: `visitor${i}@example.org` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await check(i)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await check(30)).statusCode).toBe(429);
    expect((await check(31)).statusCode).toBe(429);
  });
});
