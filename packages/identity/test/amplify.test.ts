/**
 * Conformance: unmodified aws-amplify v6 (as the web app uses it) against the embedded pool.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  rememberDevice,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { totpCode } from '../src/totp.ts';
import {
  CLIENT_ID,
  DIALECTS,
  lastCode,
  PASSWORD,
  POOL_ID,
  startTestPool,
  type TestPool,
} from './helpers.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
  find(suffix: string): string | undefined {
    for (const [key, value] of this.items) if (key.endsWith(suffix)) return value;
    return undefined;
  }
}

let pool: TestPool;
const storage = new MemoryStorage();
let seq = 0;
const newEmail = () => `amplify-${++seq}-${Date.now()}@example.com`;

async function expectError(promise: Promise<unknown>, name: string, message?: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error, `expected ${name}`).toBeDefined();
  expect(error!.name).toBe(name);
  if (message !== undefined) expect(error!.message).toMatch(message);
}

/** Codes for a secret at the server's clock. */
const codeAt = (secret: string, offsetSteps = 0) =>
  totpCode(secret, Date.now() + pool.clock.offsetMs + offsetSteps * 30_000);

describe.each(DIALECTS)('aws-amplify v6 against the pool on %s', (dialect) => {
  beforeAll(async () => {
    pool = await startTestPool({ tokenTtlSeconds: 600 }, dialect);
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: POOL_ID,
          userPoolClientId: CLIENT_ID,
          userPoolEndpoint: pool.endpoint,
        },
      },
    });
    cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  });

  afterEach(async () => {
    await signOut().catch(() => undefined);
    pool.clock.offsetMs += 90_000; // fresh TOTP steps for the next test
  });

  afterAll(() => pool.close());

  describe('sign-in', () => {
    test('SRP sign-in issues tokens with Cognito claims, verifiable against the JWKS', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({
        email,
        password: PASSWORD,
        groups: ['Admins'],
        attributes: { given_name: 'Ada' },
      });
      pool.actions.length = 0;
      const result = await signIn({ username: email.toUpperCase(), password: PASSWORD });
      expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect(pool.actions.slice(0, 2)).toEqual([
        'InitiateAuth:USER_SRP_AUTH',
        'RespondToAuthChallenge:PASSWORD_VERIFIER',
      ]);
      const { tokens } = await fetchAuthSession();
      const idToken = tokens!.idToken!.toString();
      const accessToken = tokens!.accessToken.toString();
      const jwks = createRemoteJWKSet(new URL(`${pool.endpoint}/${POOL_ID}/.well-known/jwks.json`));
      const { payload: id, protectedHeader } = await jwtVerify(idToken, jwks, {
        issuer: pool.service.issuer,
        audience: CLIENT_ID,
      });
      expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
      expect(id).toMatchObject({
        sub: username,
        email,
        email_verified: true,
        'cognito:username': username,
        'cognito:groups': ['Admins'],
        token_use: 'id',
        given_name: 'Ada',
        origin_jti: expect.any(String),
        jti: expect.any(String),
        auth_time: expect.any(Number),
      });
      const access = decodeJwt(accessToken);
      expect(access).toMatchObject({
        sub: username,
        username,
        client_id: CLIENT_ID,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        'cognito:groups': ['Admins'],
        origin_jti: id.origin_jti,
        iss: pool.service.issuer,
      });
      expect(access.exp! - access.iat!).toBe(600);
      expect(
        await pool.service.isSessionActive({ sub: username, originJti: String(id.origin_jti) }),
      ).toBe(true);
      const attributes = await fetchUserAttributes();
      expect(attributes).toMatchObject({ sub: username, email, given_name: 'Ada' });
    });

    test('wrong password: NotAuthorizedException', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await expectError(
        signIn({ username: email, password: 'Wrong-password-2026' }),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
    });

    test('unknown user: NotAuthorizedException (user existence errors prevented)', async () => {
      await expectError(
        signIn({ username: 'nobody@example.com', password: PASSWORD }),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
    });

    test('disabled user: NotAuthorizedException "User is disabled."', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({ email, password: PASSWORD });
      await pool.service.disableUser(username);
      await expectError(
        signIn({ username: email, password: PASSWORD }),
        'NotAuthorizedException',
        'User is disabled.',
      );
    });

    test('reset required: amplify reports the RESET_PASSWORD step', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({ email, password: PASSWORD });
      await pool.db
        .updateTable('identity_users')
        .set({ status: 'RESET_REQUIRED' })
        .where('username', '=', username)
        .execute();
      expect(await signIn({ username: email, password: PASSWORD })).toEqual({
        isSignedIn: false,
        nextStep: { signInStep: 'RESET_PASSWORD' },
      });
    });

    test('USER_PASSWORD_AUTH works too', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      pool.actions.length = 0;
      const result = await signIn({
        username: email,
        password: PASSWORD,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      expect(result.isSignedIn).toBe(true);
      expect(pool.actions[0]).toBe('InitiateAuth:USER_PASSWORD_AUTH');
    });

    test('NEW_PASSWORD_REQUIRED: temporary password, a policy violation, then a new password', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, temporaryPassword: 'Temporary-pass-1' });
      const first = await signIn({ username: email, password: 'Temporary-pass-1' });
      expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
      await expectError(
        confirmSignIn({ challengeResponse: 'too-short' }),
        'InvalidPasswordException',
        /^Password does not conform to policy: Password not long enough$/,
      );
      await expectError(
        confirmSignIn({ challengeResponse: 'all-lowercase-password-1' }),
        'InvalidPasswordException',
        /^Password does not conform to policy: Password must have uppercase characters$/,
      );
      expect(await confirmSignIn({ challengeResponse: 'Brand-new-password-7' })).toEqual({
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
      });
      await signOut();
      expect((await signIn({ username: email, password: 'Brand-new-password-7' })).isSignedIn).toBe(
        true,
      );
    });

    test('temporary password older than 7 days: NotAuthorizedException', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, temporaryPassword: 'Temporary-pass-1' });
      pool.clock.offsetMs += 8 * 24 * 3600 * 1000;
      await expectError(
        signIn({ username: email, password: 'Temporary-pass-1' }),
        'NotAuthorizedException',
        /Temporary password has expired/,
      );
    });
  });

  describe('tokens', () => {
    test('refresh goes through GetTokensFromRefreshToken and keeps the sign-in', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await signIn({ username: email, password: PASSWORD });
      const before = (await fetchAuthSession()).tokens!;
      pool.actions.length = 0;
      pool.clock.offsetMs += 2000;
      const after = (await fetchAuthSession({ forceRefresh: true })).tokens!;
      expect(pool.actions).toContain('GetTokensFromRefreshToken');
      expect(after.accessToken.toString()).not.toBe(before.accessToken.toString());
      expect(after.accessToken.payload.origin_jti).toBe(before.accessToken.payload.origin_jti);
    });

    test('signOut() revokes the refresh token (RevokeToken); it cannot refresh afterwards', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await signIn({ username: email, password: PASSWORD });
      const refreshToken = storage.find('.refreshToken')!;
      const accessToken = (await fetchAuthSession()).tokens!.accessToken.toString();
      expect(
        (
          await pool.call('GetTokensFromRefreshToken', {
            ClientId: CLIENT_ID,
            RefreshToken: refreshToken,
          })
        ).status,
      ).toBe(200);
      pool.actions.length = 0;
      await signOut();
      expect(pool.actions).toContain('RevokeToken');
      const refreshed = await pool.call('GetTokensFromRefreshToken', {
        ClientId: CLIENT_ID,
        RefreshToken: refreshToken,
      });
      expect(refreshed.status).toBe(400);
      expect(refreshed.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      const getUser = await pool.call('GetUser', { AccessToken: accessToken });
      expect(getUser.body.__type).toBe('NotAuthorizedException');
      expect(getUser.body.message).toBe('Access Token has been revoked');
    });

    test('signOut({ global: true }) revokes every sign-in of the user', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      const other = await pool.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD },
      });
      await signIn({ username: email, password: PASSWORD });
      const accessToken = (await fetchAuthSession()).tokens!.accessToken.toString();
      pool.actions.length = 0;
      await signOut({ global: true });
      expect(pool.actions).toContain('GlobalSignOut');
      expect((await pool.call('GetUser', { AccessToken: accessToken })).body.__type).toBe(
        'NotAuthorizedException',
      );
      const otherRefresh = await pool.call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: other.body.AuthenticationResult.RefreshToken },
      });
      expect(otherRefresh.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      const claims = decodeJwt(accessToken);
      expect(
        await pool.service.isSessionActive({
          sub: String(claims.sub),
          originJti: String(claims.origin_jti),
        }),
      ).toBe(false);
    });

    test('updatePassword (ChangePassword) checks the old password and the policy', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await signIn({ username: email, password: PASSWORD });
      await expectError(
        updatePassword({ oldPassword: 'Not-the-password-1', newPassword: 'Another-password-1' }),
        'NotAuthorizedException',
      );
      await expectError(
        updatePassword({ oldPassword: PASSWORD, newPassword: 'nouppercase-123456' }),
        'InvalidPasswordException',
        /^Password does not conform to policy: Password must have uppercase characters$/,
      );
      await updatePassword({ oldPassword: PASSWORD, newPassword: 'Another-password-1' });
      await signOut();
      expect((await signIn({ username: email, password: 'Another-password-1' })).isSignedIn).toBe(
        true,
      );
    });
  });

  describe('password reset', () => {
    test('resetPassword e-mails a 6-digit code; confirmResetPassword sets the password once', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      const started = await resetPassword({ username: email });
      expect(started.nextStep).toMatchObject({
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL' },
      });
      expect(pool.emails.at(-1)!.to).toBe(email);
      const code = lastCode(pool.emails);
      const wrong = code === '000000' ? '111111' : '000000';
      await expectError(
        confirmResetPassword({
          username: email,
          confirmationCode: wrong,
          newPassword: 'Reset-password-2026',
        }),
        'CodeMismatchException',
      );
      await expectError(
        confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'weak' }),
        'InvalidPasswordException',
        /^Password does not conform to policy: Password not long enough$/,
      );
      await confirmResetPassword({
        username: email,
        confirmationCode: code,
        newPassword: 'Reset-password-2026',
      });
      await expectError(
        confirmResetPassword({
          username: email,
          confirmationCode: code,
          newPassword: 'Reset-password-2027',
        }),
        'ExpiredCodeException',
      );
      await expectError(signIn({ username: email, password: PASSWORD }), 'NotAuthorizedException');
      expect((await signIn({ username: email, password: 'Reset-password-2026' })).isSignedIn).toBe(
        true,
      );
    });

    test('a reset code expires after one hour', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await resetPassword({ username: email });
      const code = lastCode(pool.emails);
      pool.clock.offsetMs += 61 * 60 * 1000;
      await expectError(
        confirmResetPassword({
          username: email,
          confirmationCode: code,
          newPassword: 'Reset-password-2026',
        }),
        'ExpiredCodeException',
      );
    });

    test('the code is stored hashed', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({ email, password: PASSWORD });
      await resetPassword({ username: email });
      const row = await pool.db
        .selectFrom('identity_reset_codes')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(lastCode(pool.emails));
    });
  });

  describe('TOTP MFA', () => {
    test('MFA setup during sign-in (MFA_SETUP → AssociateSoftwareToken → VerifySoftwareToken → MFA_SETUP), then TOTP sign-in', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD, mfaRequired: true });
      const first = await signIn({ username: email, password: PASSWORD });
      expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      const secret = (first.nextStep as { totpSetupDetails: { sharedSecret: string } })
        .totpSetupDetails.sharedSecret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectError(
        confirmSignIn({ challengeResponse: codeAt(secret, 5) }),
        'EnableSoftwareTokenMFAException',
      );
      pool.actions.length = 0;
      expect(await confirmSignIn({ challengeResponse: codeAt(secret) })).toEqual({
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
      });
      expect(pool.actions.slice(0, 2)).toEqual([
        'VerifySoftwareToken',
        'RespondToAuthChallenge:MFA_SETUP',
      ]);
      expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
      await signOut();
      pool.clock.offsetMs += 60_000;

      const second = await signIn({ username: email, password: PASSWORD });
      expect(second.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      await expectError(
        confirmSignIn({ challengeResponse: codeAt(secret, 4) }),
        'CodeMismatchException',
      );
      const code = codeAt(secret);
      expect((await confirmSignIn({ challengeResponse: code })).isSignedIn).toBe(true);
      await signOut();

      // The same code, still inside its 30-second window, is refused the second time.
      const third = await signIn({ username: email, password: PASSWORD });
      expect(third.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      await expectError(confirmSignIn({ challengeResponse: code }), 'CodeMismatchException');
    });

    test('MFA set up after sign-in (profile): setUpTOTP, verifyTOTPSetup, updateMFAPreference', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await signIn({ username: email, password: PASSWORD });
      await expectError(updateMFAPreference({ totp: 'PREFERRED' }), 'InvalidParameterException');
      const details = await setUpTOTP();
      await expectError(
        verifyTOTPSetup({ code: codeAt(details.sharedSecret, 6) }),
        'EnableSoftwareTokenMFAException',
      );
      await verifyTOTPSetup({ code: codeAt(details.sharedSecret) });
      await updateMFAPreference({ totp: 'PREFERRED' });
      expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
      await signOut();
      pool.clock.offsetMs += 60_000;
      const next = await signIn({ username: email, password: PASSWORD });
      expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      expect(
        (await confirmSignIn({ challengeResponse: codeAt(details.sharedSecret) })).isSignedIn,
      ).toBe(true);
      await updateMFAPreference({ totp: 'DISABLED' });
      expect(await fetchMFAPreference()).toEqual({});
    });

    test('remembered device: DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER replace the TOTP step', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD, mfaRequired: true });
      const first = await signIn({ username: email, password: PASSWORD });
      const secret = (first.nextStep as { totpSetupDetails: { sharedSecret: string } })
        .totpSetupDetails.sharedSecret;
      pool.actions.length = 0;
      await confirmSignIn({ challengeResponse: codeAt(secret) });
      expect(pool.actions).toContain('ConfirmDevice');
      await rememberDevice();
      expect(pool.actions).toContain('UpdateDeviceStatus');
      await signOut();
      pool.actions.length = 0;
      const again = await signIn({ username: email, password: PASSWORD });
      expect(again).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect(pool.actions.slice(0, 4)).toEqual([
        'InitiateAuth:USER_SRP_AUTH',
        'RespondToAuthChallenge:PASSWORD_VERIFIER',
        'RespondToAuthChallenge:DEVICE_SRP_AUTH',
        'RespondToAuthChallenge:DEVICE_PASSWORD_VERIFIER',
      ]);
      const access = (await fetchAuthSession()).tokens!.accessToken.payload;
      expect(access.device_key).toEqual(expect.stringMatching(/^eu-west-1_/));
    });

    test('an admin MFA reset forgets remembered devices and the authenticator', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({
        email,
        password: PASSWORD,
        mfaRequired: true,
      });
      const first = await signIn({ username: email, password: PASSWORD });
      const secret = (first.nextStep as { totpSetupDetails: { sharedSecret: string } })
        .totpSetupDetails.sharedSecret;
      await confirmSignIn({ challengeResponse: codeAt(secret) });
      await rememberDevice();
      await signOut();
      await pool.service.resetMfa(username);
      // The stored device key is unknown now: amplify drops it, retries, and MFA setup is required again.
      const again = await signIn({ username: email, password: PASSWORD });
      expect(again.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    });
  });
});
