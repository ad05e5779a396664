/**
 * Conformance: the wire protocol, amazon-cognito-identity-js, and the protective limits.
 */
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { N, padHex } from '../src/srp.ts';
import { CLIENT_ID, DIALECTS, PASSWORD, POOL_ID, startTestPool, type TestPool } from './helpers.ts';

let seq = 0;
const newEmail = () => `protocol-${++seq}-${Date.now()}@example.com`;

function cognitoSignIn(
  pool: TestPool,
  email: string,
  password: string,
): Promise<CognitoUserSession> {
  const userPool = new CognitoUserPool({
    UserPoolId: POOL_ID,
    ClientId: CLIENT_ID,
    endpoint: pool.endpoint,
  });
  const user = new CognitoUser({ Username: email, Pool: userPool });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
    }),
  );
}

async function signInError(
  pool: TestPool,
  email: string,
  password: string,
): Promise<{ code: string; message: string }> {
  const error = (await cognitoSignIn(pool, email, password).then(
    () => undefined,
    (e: unknown) => e,
  )) as { code: string; message: string } | undefined;
  expect(error, 'sign-in should fail').toBeDefined();
  return { code: error!.code, message: error!.message };
}

describe.each(DIALECTS)('identity wire protocol on %s', (dialect) => {
  describe('wire protocol', () => {
    let pool: TestPool;
    beforeAll(async () => {
      pool = await startTestPool({}, dialect);
    });
    afterAll(() => pool.close());

    test('CORS preflight allows the headers aws-amplify sends', async () => {
      const response = await fetch(pool.endpoint, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'content-type,x-amz-target,x-amz-user-agent,cache-control',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = response.headers.get('access-control-allow-headers')!;
      for (const header of [
        'content-type',
        'x-amz-target',
        'x-amz-user-agent',
        'cache-control',
        'authorization',
      ])
        expect(allowed).toContain(header);
    });

    test('errors are HTTP 400 with __type, message and x-amzn-errortype', async () => {
      const result = await pool.call('GetUser', { AccessToken: 'not-a-token' });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid Access Token',
      });
      expect(result.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
      expect(result.headers.get('access-control-allow-origin')).toBe('*');
    });

    test('unknown client id: ResourceNotFoundException; unknown action: UnknownOperationException', async () => {
      const wrongClient = await pool.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'other',
        AuthParameters: { USERNAME: 'a@b.c', PASSWORD },
      });
      expect(wrongClient.body.__type).toBe('ResourceNotFoundException');
      expect((await pool.call('AdminCreateUser', {})).body.__type).toBe(
        'UnknownOperationException',
      );
    });

    test('control characters in any parameter: InvalidParameterException', async () => {
      for (const [action, body, path] of [
        ['ForgotPassword', { ClientId: CLIENT_ID, Username: 'a\u0000@example.com' }, 'Username'],
        [
          'InitiateAuth',
          {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: CLIENT_ID,
            AuthParameters: { USERNAME: 'a@example.com', PASSWORD: 'x\u001b[0m' },
          },
          'AuthParameters.PASSWORD',
        ],
      ] as const) {
        const result = await pool.call(action, body);
        expect(result.status, action).toBe(400);
        expect(result.body, action).toEqual({
          __type: 'InvalidParameterException',
          message: `1 validation error detected: Value at '${path}' failed to satisfy constraint: Member must not contain control characters`,
        });
      }
    });

    test('names of built-in object members are unknown operations too', async () => {
      for (const action of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const result = await pool.call(action, { ClientId: CLIENT_ID });
        expect(result.status, action).toBe(400);
        expect(result.body, action).toEqual({
          __type: 'UnknownOperationException',
          message: `Unknown operation ${action}`,
        });
      }
    });

    test('missing parameters: InvalidParameterException', async () => {
      const result = await pool.call('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'a@b.c' },
      });
      expect(result.body).toEqual({
        __type: 'InvalidParameterException',
        message: 'Missing required parameter SRP_A',
      });
    });

    test('JWKS and OpenID configuration are served under the issuer', async () => {
      const config = await (
        await fetch(`${pool.endpoint}/${POOL_ID}/.well-known/openid-configuration`)
      ).json();
      expect(config).toMatchObject({
        issuer: pool.service.issuer,
        jwks_uri: `${pool.service.issuer}/.well-known/jwks.json`,
        // Only what the authorize endpoint accepts.
        response_types_supported: ['code'],
      });
      const refused = await fetch(
        `${pool.endpoint}/oauth2/authorize?response_type=token&client_id=${CLIENT_ID}`,
        { redirect: 'manual' },
      );
      expect(refused.status).not.toBe(200);
      const jwks = (await (
        await fetch(`${pool.endpoint}/${POOL_ID}/.well-known/jwks.json`)
      ).json()) as { keys: unknown[] };
      expect(jwks.keys[0]).toMatchObject({
        kty: 'RSA',
        alg: 'RS256',
        use: 'sig',
        kid: expect.any(String),
        e: 'AQAB',
      });
      expect(jwks.keys[0]).not.toHaveProperty('d');
    });

    test('the private signing key is stored encrypted', async () => {
      const row = await pool.db
        .selectFrom('identity_signing_keys')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(String(row.privateKey)).not.toContain('PRIVATE KEY');
    });

    test('passwords are never stored: only a salt and an SRP verifier', async () => {
      const email = newEmail();
      const { username } = await pool.service.createUser({ email, password: PASSWORD });
      const row = await pool.db
        .selectFrom('identity_users')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(PASSWORD);
      // v = g^x mod N, written as Cognito's clients pad hex: whole bytes, a leading 00 when the top bit is set.
      const v = BigInt(`0x${row.srpVerifier}`);
      expect(v > 1n && v < N).toBe(true);
      expect(row.srpVerifier).toBe(padHex(v));
    });

    test('amazon-cognito-identity-js: SRP sign-in and REFRESH_TOKEN_AUTH', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      const session = await cognitoSignIn(pool, email, PASSWORD);
      expect(session.isValid()).toBe(true);
      const userPool = new CognitoUserPool({
        UserPoolId: POOL_ID,
        ClientId: CLIENT_ID,
        endpoint: pool.endpoint,
      });
      const user = new CognitoUser({ Username: email, Pool: userPool });
      pool.actions.length = 0;
      const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
        user.refreshSession(
          session.getRefreshToken(),
          (error: unknown, result: CognitoUserSession) => (error ? reject(error) : resolve(result)),
        ),
      );
      expect(pool.actions).toEqual(['InitiateAuth:REFRESH_TOKEN_AUTH']);
      expect(refreshed.getIdToken().decodePayload().email).toBe(email);
    });

    test('createUser refuses a taken e-mail (any case) and a weak password', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await expect(
        pool.service.createUser({ email: email.toUpperCase(), password: PASSWORD }),
      ).rejects.toMatchObject({ name: 'UsernameExistsException' });
      await expect(
        pool.service.createUser({ email: newEmail(), password: 'weak' }),
      ).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: 'Password did not conform with password policy: Password not long enough',
      });
    });
  });

  describe('user existence errors not prevented', () => {
    let pool: TestPool;
    beforeAll(async () => {
      pool = await startTestPool({ preventUserExistenceErrors: false }, dialect);
    });
    afterAll(() => pool.close());

    test('unknown user: UserNotFoundException', async () => {
      expect(await signInError(pool, 'nobody@example.com', PASSWORD)).toEqual({
        code: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      const forgot = await pool.call('ForgotPassword', {
        ClientId: CLIENT_ID,
        Username: 'nobody@example.com',
      });
      expect(forgot.body.__type).toBe('UserNotFoundException');
    });
  });

  describe('protection', () => {
    let pool: TestPool;
    beforeAll(async () => {
      pool = await startTestPool(
        {
          limits: {
            lockoutThreshold: 5,
            lockoutBaseMs: 60_000,
            signInsPerIpPerMinute: 1000,
            forgotPasswordPerUserPerHour: 2,
          },
        },
        dialect,
      );
    });
    afterAll(() => pool.close());

    test('five wrong passwords lock sign-in for a growing period', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      for (let i = 0; i < 5; i++) {
        expect(await signInError(pool, email, 'Wrong-password-2026')).toEqual({
          code: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      expect(await signInError(pool, email, PASSWORD)).toEqual({
        code: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      pool.clock.offsetMs += 61_000;
      // One more wrong password doubles the wait.
      expect((await signInError(pool, email, 'Wrong-password-2026')).message).toBe(
        'Incorrect username or password.',
      );
      pool.clock.offsetMs += 61_000;
      expect((await signInError(pool, email, PASSWORD)).message).toBe('Password attempts exceeded');
      pool.clock.offsetMs += 60_000;
      expect((await cognitoSignIn(pool, email, PASSWORD)).isValid()).toBe(true);
      // A success resets the count.
      expect((await signInError(pool, email, 'Wrong-password-2026')).message).toBe(
        'Incorrect username or password.',
      );
      expect((await cognitoSignIn(pool, email, PASSWORD)).isValid()).toBe(true);
    });

    test('ForgotPassword is limited per user: LimitExceededException', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      for (let i = 0; i < 2; i++)
        expect(
          (await pool.call('ForgotPassword', { ClientId: CLIENT_ID, Username: email })).status,
        ).toBe(200);
      const third = await pool.call('ForgotPassword', { ClientId: CLIENT_ID, Username: email });
      expect(third.body).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    });

    test('wrong reset codes are limited, then the code is void', async () => {
      const email = newEmail();
      await pool.service.createUser({ email, password: PASSWORD });
      await pool.call('ForgotPassword', { ClientId: CLIENT_ID, Username: email });
      const confirm = (code: string) =>
        pool.call('ConfirmForgotPassword', {
          ClientId: CLIENT_ID,
          Username: email,
          ConfirmationCode: code,
          Password: 'Reset-password-2026',
        });
      const code = /\b(\d{6})\b/.exec(pool.emails.at(-1)!.text)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect((await confirm(wrong)).body.__type).toBe('CodeMismatchException');
      expect((await confirm(code)).body.__type).toBe('LimitExceededException');
      expect((await confirm(code)).body.__type).toBe('ExpiredCodeException');
    });
  });

  describe('rate limits per client address', () => {
    let pool: TestPool;
    beforeAll(async () => {
      pool = await startTestPool(
        {
          limits: { signInsPerIpPerMinute: 3, requestsPerIpPerMinute: 20 },
        },
        dialect,
      );
    });
    afterAll(() => pool.close());

    test('sign-in starts beyond the limit: TooManyRequestsException', async () => {
      const start = () =>
        pool.call('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'x@example.com', PASSWORD },
        });
      for (let i = 0; i < 3; i++)
        expect((await start()).body.__type).toBe('NotAuthorizedException');
      expect((await start()).body).toEqual({
        __type: 'TooManyRequestsException',
        message: 'Too many requests, please try after some time.',
      });
      pool.clock.offsetMs += 61_000;
      expect((await start()).body.__type).toBe('NotAuthorizedException');
    });

    test('all actions beyond the per-address limit: TooManyRequestsException', async () => {
      pool.clock.offsetMs += 61_000;
      const results = [];
      for (let i = 0; i < 21; i++)
        results.push((await pool.call('GetUser', { AccessToken: 'x' })).body.__type);
      expect(results.slice(0, 20).every((type) => type === 'NotAuthorizedException')).toBe(true);
      expect(results[20]).toBe('TooManyRequestsException');
    });
  });
});
