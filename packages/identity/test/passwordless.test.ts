/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK's document types are untyped JSON */
/**
 * Conformance: choice-based sign-in (USER_AUTH), e-mailed sign-in codes, e-mailed second steps
 * and passkeys through the AWS SDK v3 client, with a software authenticator that makes real
 * WebAuthn attestations and assertions.
 */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  GetUserAuthFactorsCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  StartWebAuthnRegistrationCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { IdentityEvent } from '../src/index.ts';
import { totpCode } from '../src/totp.ts';
import {
  CLIENT_ID,
  DIALECTS,
  lastSignInCode,
  PASSWORD,
  startTestPool,
  type TestPool,
} from './helpers.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

const ORIGIN = 'http://localhost:41017';

/** How RespondToAuthChallenge refuses a passkey answer that does not verify. */
const PASSKEY_REFUSED = {
  name: 'NotAuthorizedException',
  message: 'The passkey could not be verified.',
};
const SESSION_EXPIRED = {
  name: 'NotAuthorizedException',
  message: 'Invalid session for the user, session is expired.',
};

function sdk(pool: TestPool) {
  return new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: pool.endpoint,
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
}

/** The error an SDK call throws: its name (Cognito's __type) and message. */
async function refusal(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error, 'the call should be refused').toBeDefined();
  return { name: error!.name, message: error!.message };
}

describe.each(DIALECTS)('passwordless sign-in on %s', (dialect) => {
  let pool: TestPool;
  let client: CognitoIdentityProviderClient;
  const events: IdentityEvent[] = [];
  /** Organizations' word per user, as the application would answer. */
  const narrowed = new Map<string, { emailOtp: boolean; webAuthn: boolean }>();
  let seq = 0;
  const newEmail = () => `pwless-${dialect}-${++seq}-${Date.now()}@example.com`;

  beforeAll(async () => {
    pool = await startTestPool(
      {
        publicUrl: ORIGIN,
        allowedFirstAuthFactors: ['EMAIL_OTP', 'WEB_AUTHN'],
        signInFactorsFor: async (username) =>
          narrowed.get(username) ?? { emailOtp: true, webAuthn: true },
        limits: { emailCodesPerUserPerHour: 6, codeAttempts: 3 },
        onEvent: async (event) => {
          events.push(event);
        },
      },
      dialect,
    );
    client = sdk(pool);
  });
  afterAll(async () => {
    client.destroy();
    await pool.close();
  });

  async function newUser() {
    const email = newEmail();
    const { username } = await pool.service.createUser({ email, password: PASSWORD });
    return { email, username };
  }

  const initiate = (email: string, extra: Record<string, string> = {}) =>
    client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: email, ...extra },
      }),
    );

  const respond = (name: any, session: string | undefined, responses: Record<string, string>) =>
    client.send(
      new RespondToAuthChallengeCommand({
        ClientId: CLIENT_ID,
        ChallengeName: name,
        Session: session,
        ChallengeResponses: responses,
      }),
    );

  async function passwordTokens(email: string) {
    const result = await initiate(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    const tokens = result.AuthenticationResult;
    if (!tokens?.AccessToken) throw new Error('no tokens');
    return { ...tokens, AccessToken: tokens.AccessToken };
  }

  async function registerPasskey(
    accessToken: string,
    authenticator: SoftwareAuthenticator,
    ceremony: { origin: string; rpId?: string; algorithm?: 'ES256' | 'EdDSA' } = { origin: ORIGIN },
  ) {
    const started = await client.send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    const credential = authenticator.create(started.CredentialCreationOptions, ceremony);
    await client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: credential as any,
      }),
    );
    return { options: started.CredentialCreationOptions as any, id: credential.id as string };
  }

  test('without a preferred challenge: SELECT_CHALLENGE with what this user may choose', async () => {
    const { email } = await newUser();
    const result = await initiate(email);
    expect(result.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(result.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    expect(result.ChallengeParameters).toEqual({});
    expect(result.Session).toBeTruthy();

    const answered = await respond('SELECT_CHALLENGE', result.Session, {
      USERNAME: email,
      ANSWER: 'PASSWORD',
      PASSWORD,
    });
    expect(answered.AuthenticationResult?.IdToken).toBeTruthy();
    // The session was used.
    const again = await refusal(
      respond('SELECT_CHALLENGE', result.Session, {
        USERNAME: email,
        ANSWER: 'PASSWORD',
        PASSWORD,
      }),
    );
    expect(again.name).toBe('NotAuthorizedException');
  });

  test('a challenge the user may not choose is refused; a preferred one not available falls back to the choice', async () => {
    const { email, username } = await newUser();
    const offered = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    expect(offered.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(offered.AvailableChallenges).not.toContain('WEB_AUTHN');
    const refused = await refusal(
      respond('SELECT_CHALLENGE', offered.Session, { USERNAME: email, ANSWER: 'WEB_AUTHN' }),
    );
    expect(refused.name).toBe('InvalidParameterException');

    narrowed.set(username, { emailOtp: false, webAuthn: false });
    const narrower = await initiate(email);
    expect(narrower.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP']);
    const tokens = await passwordTokens(email);
    const disabled = await refusal(
      client.send(new StartWebAuthnRegistrationCommand({ AccessToken: tokens.AccessToken })),
    );
    expect(disabled.name).toBe('WebAuthnNotEnabledException');
    narrowed.delete(username);
  });

  test('EMAIL_OTP: an 8-digit code, masked destination, single use, stored hashed', async () => {
    const { email, username } = await newUser();
    const challenge = await initiate(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    expect(challenge.ChallengeName).toBe('EMAIL_OTP');
    expect(challenge.ChallengeParameters).toEqual({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: `p***@e***`,
    });
    const code = lastSignInCode(pool.emails);
    expect(pool.emails.at(-1)!.to).toBe(email);
    expect(code).toMatch(/^\d{8}$/);
    const stored = await pool.db
      .selectFrom('identityAuthSessions')
      .select('state')
      .where('username', '=', username)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(String(row.state)).not.toContain(code);

    const signedIn = await respond('EMAIL_OTP', challenge.Session, {
      USERNAME: email,
      EMAIL_OTP_CODE: code,
    });
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    const reused = await refusal(
      respond('EMAIL_OTP', challenge.Session, { USERNAME: email, EMAIL_OTP_CODE: code }),
    );
    expect(reused.name).toBe('NotAuthorizedException');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'SIGN_IN', method: 'email_code', username }),
    );
  });

  test('EMAIL_OTP: wrong codes, then the session is dead; an old code has expired', async () => {
    const { email, username } = await newUser();
    const challenge = await initiate(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    const code = lastSignInCode(pool.emails);
    const wrong = code === '00000000' ? '00000001' : '00000000';
    for (let attempt = 0; attempt < 2; attempt++) {
      const mismatch = await refusal(
        respond('EMAIL_OTP', challenge.Session, { USERNAME: email, EMAIL_OTP_CODE: wrong }),
      );
      expect(mismatch).toEqual({
        name: 'CodeMismatchException',
        message: 'Invalid code or auth state for the user.',
      });
    }
    // The third wrong code uses the allowance up; even the right code is then refused.
    await refusal(
      respond('EMAIL_OTP', challenge.Session, { USERNAME: email, EMAIL_OTP_CODE: wrong }),
    );
    const dead = await refusal(
      respond('EMAIL_OTP', challenge.Session, { USERNAME: email, EMAIL_OTP_CODE: code }),
    );
    expect(dead.name).toBe('NotAuthorizedException');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'SIGN_IN_FAILED',
        method: 'email_code',
        reason: 'wrong_code',
        username,
      }),
    );

    const late = await initiate(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    const lateCode = lastSignInCode(pool.emails);
    pool.clock.offsetMs += 3 * 60_000 + 1000;
    try {
      const expired = await refusal(
        respond('EMAIL_OTP', late.Session, { USERNAME: email, EMAIL_OTP_CODE: lateCode }),
      );
      expect(expired.name).toBe('ExpiredCodeException');
    } finally {
      pool.clock.offsetMs -= 3 * 60_000 + 1000;
    }
  });

  test('EMAIL_OTP: codes sent to one person are limited', async () => {
    const { email } = await newUser();
    for (let sent = 0; sent < 6; sent++)
      expect((await initiate(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' })).ChallengeName).toBe(
        'EMAIL_OTP',
      );
    const limited = await refusal(initiate(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' }));
    expect(limited.name).toBe('LimitExceededException');
  });

  test('an unknown address meets the same choices and a code that never matches', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const sentBefore = pool.emails.length;
    const choice = await initiate(email);
    expect(choice.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(choice.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    const otp = await respond('SELECT_CHALLENGE', choice.Session, {
      USERNAME: email,
      ANSWER: 'EMAIL_OTP',
    });
    expect(otp.ChallengeName).toBe('EMAIL_OTP');
    expect(otp.ChallengeParameters?.CODE_DELIVERY_DESTINATION).toBe('n***@e***');
    const mismatch = await refusal(
      respond('EMAIL_OTP', otp.Session, { USERNAME: email, EMAIL_OTP_CODE: '12345678' }),
    );
    expect(mismatch.name).toBe('CodeMismatchException');
    expect(pool.emails.length).toBe(sentBefore);
    const password = await refusal(initiate(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD }));
    expect(password).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  test('second steps: the authenticator app challenge names the app; e-mailed codes as the second step; SELECT_MFA_TYPE with both', async () => {
    const { email, username } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken,
        UserCode: totpCode(SecretCode!, Date.now() + pool.clock.offsetMs),
        FriendlyDeviceName: 'Work phone',
      }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const totp = await initiate(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    expect(totp.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(totp.ChallengeParameters).toEqual({
      FRIENDLY_DEVICE_NAME: 'Work phone',
      USER_ID_FOR_SRP: username,
    });

    // E-mailed codes on as well, neither preferred: the person chooses.
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
        EmailMfaSettings: { Enabled: true, PreferredMfa: false },
      }),
    );
    const user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
    const select = await initiate(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    expect(select.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(select.ChallengeParameters?.MFAS_CAN_CHOOSE).toBe('["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]');
    const emailStep = await respond('SELECT_MFA_TYPE', select.Session, {
      USERNAME: email,
      ANSWER: 'EMAIL_OTP',
    });
    expect(emailStep.ChallengeName).toBe('EMAIL_OTP');
    const done = await respond('EMAIL_OTP', emailStep.Session, {
      USERNAME: email,
      EMAIL_OTP_CODE: lastSignInCode(pool.emails),
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'SIGN_IN', method: 'password', username }),
    );
  });

  test('MFA_SETUP names what can be set up; a person who must have a second factor is not offered e-mailed codes as the first', async () => {
    const email = newEmail();
    await pool.service.createUser({ email, password: PASSWORD, mfaRequired: true });
    const choice = await initiate(email);
    expect(choice.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP']);
    const setup = await initiate(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    expect(setup.ChallengeName).toBe('MFA_SETUP');
    expect(setup.ChallengeParameters).toEqual({ MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' });
  });

  test('passkeys: register, list, sign in with WEB_AUTHN, replay refused, delete', async () => {
    const { email, username } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const authenticator = new SoftwareAuthenticator();
    const { options, id } = await registerPasskey(AccessToken, authenticator);
    expect(options.rp).toEqual({ id: 'localhost', name: 'LaurelTest' });
    expect(options.authenticatorSelection.userVerification).toBe('required');
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -257]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'PASSKEY_ADDED', credentialId: id, username }),
    );

    const listed = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
    expect(listed.Credentials).toHaveLength(1);
    expect(listed.Credentials![0]).toMatchObject({
      CredentialId: id,
      FriendlyCredentialName: 'Passkey on a phone',
      RelyingPartyId: 'localhost',
      AuthenticatorAttachment: 'platform',
      AuthenticatorTransports: ['internal', 'hybrid'],
    });
    expect(listed.Credentials![0]!.CreatedAt).toBeInstanceOf(Date);
    // Beside Cognito's shape: when the passkey last signed in, null before it ever has.
    const raw = await pool.call('ListWebAuthnCredentials', { AccessToken });
    expect(raw.status).toBe(200);
    expect(raw.body.Credentials[0]).toHaveProperty('LastUsedAt', null);

    const choice = await initiate(email);
    expect(choice.AvailableChallenges).toEqual([
      'PASSWORD',
      'PASSWORD_SRP',
      'EMAIL_OTP',
      'WEB_AUTHN',
    ]);
    const challenge = await respond('SELECT_CHALLENGE', choice.Session, {
      USERNAME: email,
      ANSWER: 'WEB_AUTHN',
    });
    expect(challenge.ChallengeName).toBe('WEB_AUTHN');
    const requestOptions = JSON.parse(challenge.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!);
    expect(requestOptions).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(requestOptions.allowCredentials.map((c: { id: string }) => c.id)).toEqual([id]);
    const assertion = authenticator.get(requestOptions, { origin: ORIGIN });
    const signedIn = await respond('WEB_AUTHN', challenge.Session, {
      USERNAME: email,
      CREDENTIAL: JSON.stringify(assertion),
    });
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'SIGN_IN', method: 'passkey', username }),
    );
    const [stored] = await pool.service.listPasskeys(username);
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
    const used = await pool.call('ListWebAuthnCredentials', { AccessToken });
    expect(used.body.Credentials[0].LastUsedAt).toBe(stored!.lastUsedAt!.getTime() / 1000);
    // The SDK reads its own shape and passes over the extra field.
    const bySdk = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
    expect(bySdk.Credentials![0]).not.toHaveProperty('LastUsedAt');

    // The same counter again, on a fresh challenge: a cloned or replayed authenticator.
    const next = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const replay = authenticator.get(
      JSON.parse(next.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!),
      { origin: ORIGIN, counter: 1 },
    );
    const replayed = await refusal(
      respond('WEB_AUTHN', next.Session, { USERNAME: email, CREDENTIAL: JSON.stringify(replay) }),
    );
    expect(replayed.name).toBe('NotAuthorizedException');
    // The very same assertion again: its challenge was used. RespondToAuthChallenge has no
    // WebAuthn…Exception (those are CompleteWebAuthnRegistration's).
    const third = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const again = await refusal(
      respond('WEB_AUTHN', third.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(assertion),
      }),
    );
    expect(again).toEqual(PASSKEY_REFUSED);

    // A second passkey; the first is deleted and no longer signs in.
    const second = new SoftwareAuthenticator();
    await registerPasskey(AccessToken, second);
    const beforeDelete = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    await client.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId: id }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'PASSKEY_REMOVED', credentialId: id, username }),
    );
    const deleted = await refusal(
      respond('WEB_AUTHN', beforeDelete.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(
          authenticator.get(
            JSON.parse(beforeDelete.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!),
            { origin: ORIGIN, id },
          ),
        ),
      }),
    );
    expect(deleted.name).toBe('NotAuthorizedException');
    const missing = await refusal(
      client.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId: id })),
    );
    expect(missing.name).toBe('ResourceNotFoundException');
    const remaining = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
    expect(remaining.Credentials).toHaveLength(1);
  });

  test('passkey registration refusals carry Cognito’s WebAuthn error names', async () => {
    const { email } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const authenticator = new SoftwareAuthenticator();

    const notStarted = await refusal(
      client.send(
        new CompleteWebAuthnRegistrationCommand({
          AccessToken,
          Credential: authenticator.create(
            { challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'x' } },
            { origin: ORIGIN },
          ) as any,
        }),
      ),
    );
    expect(notStarted.name).toBe('WebAuthnChallengeNotFoundException');

    const wrongRp = await refusal(
      registerPasskey(AccessToken, authenticator, { origin: ORIGIN, rpId: 'example.com' }),
    );
    expect(wrongRp.name).toBe('WebAuthnRelyingPartyMismatchException');

    const wrongOrigin = await refusal(
      registerPasskey(AccessToken, authenticator, { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.name).toBe('WebAuthnOriginNotAllowedException');

    const ed25519 = await refusal(
      registerPasskey(AccessToken, authenticator, { origin: ORIGIN, algorithm: 'EdDSA' }),
    );
    expect(ed25519.name).toBe('WebAuthnCredentialNotSupportedException');

    const listed = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
    expect(listed.Credentials).toEqual([]);
  });

  test('a passkey assertion for another relying party or origin is refused as a failed answer', async () => {
    const { email, username } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const authenticator = new SoftwareAuthenticator();
    await registerPasskey(AccessToken, authenticator);
    const first = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const wrongRp = await refusal(
      respond('WEB_AUTHN', first.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(
          authenticator.get(JSON.parse(first.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!), {
            origin: ORIGIN,
            rpId: 'example.com',
          }),
        ),
      }),
    );
    expect(wrongRp).toEqual(PASSKEY_REFUSED);
    const second = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const wrongOrigin = await refusal(
      respond('WEB_AUTHN', second.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(
          authenticator.get(JSON.parse(second.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!), {
            origin: 'http://localhost:9999',
          }),
        ),
      }),
    );
    expect(wrongOrigin).toEqual(PASSKEY_REFUSED);
    expect(
      events.filter((event) => event.username === username && event.type === 'SIGN_IN_FAILED'),
    ).toEqual([
      expect.objectContaining({ method: 'passkey', reason: 'passkey_refused' }),
      expect.objectContaining({ method: 'passkey', reason: 'passkey_refused' }),
    ]);
  });

  test('WEB_AUTHN answers: a bad signature is NotAuthorizedException, an expired or used session the session message, a malformed answer InvalidParameterException', async () => {
    const { email } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const authenticator = new SoftwareAuthenticator();
    await registerPasskey(AccessToken, authenticator);
    const challengeOf = (output: { ChallengeParameters?: Record<string, string> }) =>
      JSON.parse(output.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!);

    // Malformed answers are parameter errors and leave the challenge to be answered.
    const started = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const assertion = authenticator.get(challengeOf(started), { origin: ORIGIN });
    const { signature: _signature, ...unsigned } = assertion.response as Record<string, string>;
    for (const CREDENTIAL of [
      'not json',
      JSON.stringify([assertion]),
      JSON.stringify({ ...assertion, response: unsigned }),
    ]) {
      const malformed = await refusal(
        respond('WEB_AUTHN', started.Session, { USERNAME: email, CREDENTIAL }),
      );
      expect(malformed.name, CREDENTIAL).toBe('InvalidParameterException');
    }
    const missing = await refusal(respond('WEB_AUTHN', started.Session, { USERNAME: email }));
    expect(missing.name).toBe('InvalidParameterException');
    const signedIn = await respond('WEB_AUTHN', started.Session, {
      USERNAME: email,
      CREDENTIAL: JSON.stringify(assertion),
    });
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();

    // The session answered is used up.
    const used = await refusal(
      respond('WEB_AUTHN', started.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(assertion),
      }),
    );
    expect(used).toEqual(SESSION_EXPIRED);

    // A signature over other data.
    const tampered = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const genuine = authenticator.get(challengeOf(tampered), { origin: ORIGIN });
    const forged = { ...genuine, response: { ...(genuine.response as object) } } as any;
    const signature = Buffer.from(forged.response.signature, 'base64url');
    const last = signature.length - 1;
    signature.writeUInt8(signature.readUInt8(last) ^ 0x01, last);
    forged.response.signature = signature.toString('base64url');
    const badSignature = await refusal(
      respond('WEB_AUTHN', tampered.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(forged),
      }),
    );
    expect(badSignature).toEqual(PASSKEY_REFUSED);

    // A session older than the sign-in session lifetime (180 s).
    const late = await initiate(email, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
    const lateAssertion = authenticator.get(challengeOf(late), { origin: ORIGIN });
    pool.clock.offsetMs += 181_000;
    const expired = await refusal(
      respond('WEB_AUTHN', late.Session, {
        USERNAME: email,
        CREDENTIAL: JSON.stringify(lateAssertion),
      }),
    );
    expect(expired).toEqual(SESSION_EXPIRED);
  });

  test('GetUserAuthFactors: the factors the user has configured and may use, with their MFA settings', async () => {
    const { email, username } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const factors = () => client.send(new GetUserAuthFactorsCommand({ AccessToken }));

    const first = await factors();
    expect(first.Username).toBe(username);
    expect(first.ConfiguredUserAuthFactors).toEqual(['PASSWORD', 'EMAIL_OTP']);
    expect(first.UserMFASettingList).toBeUndefined();
    expect(first.PreferredMfaSetting).toBeUndefined();

    await registerPasskey(AccessToken, new SoftwareAuthenticator());
    expect((await factors()).ConfiguredUserAuthFactors).toEqual([
      'PASSWORD',
      'EMAIL_OTP',
      'WEB_AUTHN',
    ]);

    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken,
        UserCode: totpCode(SecretCode!, Date.now() + pool.clock.offsetMs),
      }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const withApp = await factors();
    expect(withApp).toMatchObject({
      Username: username,
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      ConfiguredUserAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN', 'SOFTWARE_TOKEN'],
    });
    // The same MFA settings as GetUser.
    const user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserMFASettingList).toEqual(withApp.UserMFASettingList);
    expect(user.PreferredMfaSetting).toEqual(withApp.PreferredMfaSetting);

    // The organization keeps codes and passkeys from its members: only the password is left as a
    // first factor; codes still count when they are the second step.
    narrowed.set(username, { emailOtp: false, webAuthn: false });
    expect((await factors()).ConfiguredUserAuthFactors).toEqual(['PASSWORD', 'SOFTWARE_TOKEN']);
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect(await factors()).toMatchObject({
      PreferredMfaSetting: 'EMAIL_OTP',
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
      ConfiguredUserAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'SOFTWARE_TOKEN'],
    });
    narrowed.delete(username);
  });

  test('GetUserAuthFactors refuses a bad or revoked access token as GetUser does', async () => {
    const { email } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    expect(
      await refusal(client.send(new GetUserAuthFactorsCommand({ AccessToken: 'not-a-token' }))),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
    await client.send(new GlobalSignOutCommand({ AccessToken }));
    const revoked = await refusal(client.send(new GetUserAuthFactorsCommand({ AccessToken })));
    expect(revoked).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    expect(await refusal(client.send(new GetUserCommand({ AccessToken })))).toEqual(revoked);
  });

  test('ListWebAuthnCredentials pages with MaxResults and NextToken', async () => {
    const { email } = await newUser();
    const { AccessToken } = await passwordTokens(email);
    const authenticator = new SoftwareAuthenticator();
    for (let n = 0; n < 3; n++) await registerPasskey(AccessToken, authenticator);
    const first = await client.send(
      new ListWebAuthnCredentialsCommand({ AccessToken, MaxResults: 2 }),
    );
    expect(first.Credentials).toHaveLength(2);
    expect(first.NextToken).toBeTruthy();
    const second = await client.send(
      new ListWebAuthnCredentialsCommand({
        AccessToken,
        MaxResults: 2,
        NextToken: first.NextToken,
      }),
    );
    expect(second.Credentials).toHaveLength(1);
    expect(second.NextToken).toBeUndefined();
    const ids = [...first.Credentials!, ...second.Credentials!].map((c) => c.CredentialId);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('passkeys need a relying party', () => {
  test('a pool whose public URL is an IP address: WebAuthnConfigurationMissingException', async () => {
    const pool = await startTestPool({ allowedFirstAuthFactors: ['WEB_AUTHN'] });
    const client = sdk(pool);
    try {
      const email = `ip-${Date.now()}@example.com`;
      await pool.service.createUser({ email, password: PASSWORD });
      const signedIn = await client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_AUTH',
          AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
        }),
      );
      const missing = await refusal(
        client.send(
          new StartWebAuthnRegistrationCommand({
            AccessToken: signedIn.AuthenticationResult!.AccessToken,
          }),
        ),
      );
      expect(missing.name).toBe('WebAuthnConfigurationMissingException');
    } finally {
      client.destroy();
      await pool.close();
    }
  });

  test('a pool that does not allow passkeys: WebAuthnNotEnabledException', async () => {
    const pool = await startTestPool({ publicUrl: ORIGIN });
    const client = sdk(pool);
    try {
      const email = `off-${Date.now()}@example.com`;
      await pool.service.createUser({ email, password: PASSWORD });
      const choice = await client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_AUTH',
          AuthParameters: { USERNAME: email },
        }),
      );
      expect(choice.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP']);
      const signedIn = await client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_AUTH',
          AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
        }),
      );
      const off = await refusal(
        client.send(
          new StartWebAuthnRegistrationCommand({
            AccessToken: signedIn.AuthenticationResult!.AccessToken,
          }),
        ),
      );
      expect(off.name).toBe('WebAuthnNotEnabledException');
    } finally {
      client.destroy();
      await pool.close();
    }
  });
});
