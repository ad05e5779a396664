/**
 * Conformance: InvalidPasswordException is worded as Cognito words it for each action that sets a
 * password, through the AWS SDK v3 client and, for the administration, through IdentityAdmin as
 * the server calls it.
 */
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createEmbeddedIdentityAdmin, type IdentityAdmin } from '../src/index.ts';
import {
  CLIENT_ID,
  DIALECTS,
  lastCode,
  PASSWORD,
  startTestPool,
  type TestPool,
} from './helpers.ts';

/** Passwords that break one rule each, with Cognito's words for the rule. */
const BROKEN_RULES = [
  ['Short-pass-1', 'Password not long enough'],
  ['all-lowercase-password-1', 'Password must have uppercase characters'],
  ['ALL-UPPERCASE-PASSWORD-1', 'Password must have lowercase characters'],
  ['No-digits-in-this-password', 'Password must have numeric characters'],
] as const;

/** The error a call throws: its name (Cognito's __type) and message. */
async function refusal(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error, 'the call should be refused').toBeDefined();
  return { name: error!.name, message: error!.message };
}

describe.each(DIALECTS)('password policy messages on %s', (dialect) => {
  let pool: TestPool;
  let client: CognitoIdentityProviderClient;
  let admin: IdentityAdmin;
  let seq = 0;
  const newEmail = () => `policy-${dialect}-${++seq}-${Date.now()}@example.com`;

  beforeAll(async () => {
    pool = await startTestPool({}, dialect);
    client = new CognitoIdentityProviderClient({
      region: 'eu-west-1',
      endpoint: pool.endpoint,
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    });
    admin = createEmbeddedIdentityAdmin(pool.service);
  });
  afterAll(async () => {
    client.destroy();
    await pool.close();
  });

  async function accessToken(email: string): Promise<string> {
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    return signedIn.AuthenticationResult!.AccessToken!;
  }

  test('ChangePassword: "Password does not conform to policy: …"', async () => {
    const email = newEmail();
    await admin.createUser({ email, password: PASSWORD });
    const AccessToken = await accessToken(email);
    for (const [password, rule] of BROKEN_RULES) {
      const refused = await refusal(
        client.send(
          new ChangePasswordCommand({
            AccessToken,
            PreviousPassword: PASSWORD,
            ProposedPassword: password,
          }),
        ),
      );
      expect(refused, password).toEqual({
        name: 'InvalidPasswordException',
        message: `Password does not conform to policy: ${rule}`,
      });
    }
  });

  test('ConfirmForgotPassword: "Password does not conform to policy: …", and the code still works', async () => {
    const email = newEmail();
    await admin.createUser({ email, password: PASSWORD });
    await client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: email }));
    const code = lastCode(pool.emails);
    const confirm = (password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: email,
          ConfirmationCode: code,
          Password: password,
        }),
      );
    for (const [password, rule] of BROKEN_RULES) {
      expect(await refusal(confirm(password)), password).toEqual({
        name: 'InvalidPasswordException',
        message: `Password does not conform to policy: ${rule}`,
      });
    }
    await confirm('Reset-password-2026');
  });

  test('RespondToAuthChallenge NEW_PASSWORD_REQUIRED: "Password does not conform to policy: …"', async () => {
    const email = newEmail();
    await admin.createUser({ email, temporaryPassword: 'Temporary-pass-1' });
    const challenge = await client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Temporary-pass-1' },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answer = (password: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: CLIENT_ID,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
        }),
      );
    for (const [password, rule] of BROKEN_RULES) {
      expect(await refusal(answer(password)), password).toEqual({
        name: 'InvalidPasswordException',
        message: `Password does not conform to policy: ${rule}`,
      });
    }
    const done = await answer('Brand-new-password-7');
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('AdminCreateUser and AdminSetUserPassword (IdentityAdmin): "Password did not conform with password policy: …"', async () => {
    const email = newEmail();
    const { username } = await admin.createUser({ email, password: PASSWORD });
    for (const [password, rule] of BROKEN_RULES) {
      const message = `Password did not conform with password policy: ${rule}`;
      expect(await refusal(admin.createUser({ email: newEmail(), password })), password).toEqual({
        name: 'InvalidPasswordException',
        message,
      });
      expect(
        await refusal(admin.createUser({ email: newEmail(), temporaryPassword: password })),
        password,
      ).toEqual({ name: 'InvalidPasswordException', message });
      expect(await refusal(admin.setPassword(username, password, true)), password).toEqual({
        name: 'InvalidPasswordException',
        message,
      });
      expect(await refusal(admin.setPassword(username, password, false)), password).toEqual({
        name: 'InvalidPasswordException',
        message,
      });
    }
    // Nothing was changed by the refusals: the password still signs in.
    expect(await accessToken(email)).toBeTruthy();
  });

  test('a pool that requires symbols: "Password must have symbol characters"', async () => {
    const strict = await startTestPool({ passwordPolicy: { requireSymbols: true } }, dialect);
    try {
      const refused = await refusal(
        strict.service.createUser({ email: newEmail(), password: 'Laurel2026password' }),
      );
      expect(refused).toEqual({
        name: 'InvalidPasswordException',
        message:
          'Password did not conform with password policy: Password must have symbol characters',
      });
      await strict.service.createUser({ email: newEmail(), password: 'Laurel 2026 password' });
    } finally {
      await strict.close();
    }
  });
});
