import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES } from '@laurel/contract/roles';

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

  it.runIf(dialect === 'postgres')(
    'limits of public endpoints are counted across both instances',
    async () => {
      const check = (instance: TestApp, i: number) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/auth/check_federated',
          remoteAddress: '198.51.100.77',
          payload: { email: `visitor${i}@example.org` },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1)
        statuses.push((await check(i % 2 ? second : first, i)).statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect((await check(first, 30)).statusCode).toBe(429);
      expect((await check(second, 31)).statusCode).toBe(429);
    },
  );
});
