import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@laurel/contract/messages';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { totpCode, totpStep } from '../../../e2e/support/totp.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limit.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';

interface SignedIn {
  user: BuiltUser;
  idToken: string;
  accessToken: string;
  /** The authenticator's secret and the step whose code set it up (each step's code works once). */
  totp?: { secret: string; usedStep: number };
}

/**
 * Removing the authenticator app asks for a current code or the password, and the server checks
 * it: a stolen session alone cannot take the second factor away.
 */
describe.each(DIALECTS)('step-up before removing the authenticator app on %s', (dialect) => {
  let t: TestApp;
  let organizationId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    organizationId = (await createOrganization(t.database.handle.db)).id;
  });
  afterAll(() => t?.close());

  async function identityCall(action: string, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  async function signedInUser(withAuthenticator: boolean): Promise<SignedIn> {
    const user = await t.createUser(organizationId, { roleId: ROLES.USER });
    return withAuthenticator ? enrolled(user) : signedInAs(user);
  }

  async function enrolled(user: BuiltUser): Promise<SignedIn> {
    return signedInAs(user, true);
  }

  async function signedInAs(user: BuiltUser, withAuthenticator = false): Promise<SignedIn> {
    const signIn = await identityCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: TEST_CLIENT_ID,
      AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
    });
    const tokens = signIn.body.AuthenticationResult as Record<string, string>;
    const signedIn: SignedIn = { user, idToken: tokens.IdToken!, accessToken: tokens.AccessToken! };
    if (!withAuthenticator) return signedIn;
    const associated = await identityCall('AssociateSoftwareToken', {
      AccessToken: signedIn.accessToken,
    });
    const secret = associated.body.SecretCode as string;
    const usedStep = totpStep();
    const verified = await identityCall('VerifySoftwareToken', {
      AccessToken: signedIn.accessToken,
      UserCode: totpCode(secret, usedStep),
    });
    expect(verified.body).toMatchObject({ Status: 'SUCCESS' });
    const preference = await identityCall('SetUserMFAPreference', {
      AccessToken: signedIn.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(preference.status).toBe(200);
    return { ...signedIn, totp: { secret, usedStep } };
  }

  const authenticatorOn = async (user: BuiltUser) =>
    (await t.identityAdmin.getUserByEmail(user.email))?.mfaEnabled;

  // Each call from its own address, so that only the test of the limit meets it.
  let nextAddress = 1;
  const remove = (who: SignedIn, body: unknown, remoteAddress = `198.51.100.${nextAddress++}`) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.removeAuthenticator,
      remoteAddress,
      headers: { authorization: `Bearer ${who.idToken}` },
      payload: body as Record<string, unknown>,
    });

  it('removes it with a current authenticator code, and records who did it', async () => {
    const who = await signedInUser(true);
    expect(await authenticatorOn(who.user)).toBe(true);
    // The next step's code: the one that set the authenticator up cannot be used again.
    const response = await remove(who, {
      code: totpCode(who.totp!.secret, who.totp!.usedStep + 1),
    });
    expect(response.statusCode).toBe(204);
    expect(await authenticatorOn(who.user)).toBe(false);
    const entry = await t.database.handle.db
      .selectFrom('auditEntries')
      .select(['summary', 'actorUserId'])
      .where('actorUserId', '=', who.user.id)
      .where('summary', 'like', 'Removed the authenticator app%')
      .executeTakeFirst();
    expect(entry?.summary).toContain('confirmed with a current code');
  });

  it('removes it with the password', async () => {
    const who = await signedInUser(true);
    expect((await remove(who, { password: TEST_PASSWORD })).statusCode).toBe(204);
    expect(await authenticatorOn(who.user)).toBe(false);
  });

  it('refuses a wrong code, and a code already used, and keeps the authenticator', async () => {
    const who = await signedInUser(true);
    const wrong = totpCode(who.totp!.secret, who.totp!.usedStep + 5);
    for (const code of [wrong, totpCode(who.totp!.secret, who.totp!.usedStep)]) {
      const response = await remove(who, { code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: MESSAGES.stepUpWrongCode,
        fieldErrors: { code: MESSAGES.stepUpWrongCode },
      });
    }
    expect(await authenticatorOn(who.user)).toBe(true);
  });

  it('refuses a wrong password and keeps the authenticator', async () => {
    const who = await signedInUser(true);
    const response = await remove(who, { password: 'Not-the-password-2026!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: MESSAGES.stepUpWrongPassword,
      fieldErrors: { password: MESSAGES.stepUpWrongPassword },
    });
    expect(await authenticatorOn(who.user)).toBe(true);
  });

  it.each([
    ['neither', {}],
    ['both', { code: '123456', password: TEST_PASSWORD }],
    ['a code that is not 6 digits', { code: '12345a' }],
  ])('refuses a body with %s', async (_label, body) => {
    const who = await signedInUser(true);
    const response = await remove(who, body);
    expect(response.statusCode).toBe(400);
    expect(await authenticatorOn(who.user)).toBe(true);
  });

  it('says so when there is no authenticator, or when the organization requires one', async () => {
    const without = await signedInUser(false);
    const none = await remove(without, { password: TEST_PASSWORD });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MESSAGES.authenticatorNotSetUp);

    const required = await signedInUser(true);
    await t.identityAdmin.setMfaRequired(required.user.identityUsername, true);
    const refused = await remove(required, { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.authenticatorRequired);
    expect(await authenticatorOn(required.user)).toBe(true);
  });

  it("keeps it when the person's organization requires two-step verification", async () => {
    const strict = await createOrganization(t.database.handle.db, { mfaRequired: true });
    const user = await t.createUser(strict.id, { roleId: ROLES.USER });
    const who = await enrolled(user);
    const refused = await remove(who, { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.authenticatorRequired);
    expect(await authenticatorOn(user)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.removeAuthenticator,
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('limits guessing', async () => {
    const who = await signedInUser(true);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.stepUp.points; i += 1)
      statuses.push((await remove(who, { code: '000000' }, '203.0.113.51')).statusCode);
    expect(statuses.slice(0, RATE_LIMITS.stepUp.points).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await authenticatorOn(who.user)).toBe(true);
  });
});
