/**
 * Conformance: unmodified aws-amplify v6 choice-based sign-in (authFlowType USER_AUTH) against the
 * embedded pool: a password, a code e-mailed to the person, and the first-factor selection.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  signIn,
  signOut,
  updateMFAPreference,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import {
  CLIENT_ID,
  DIALECTS,
  lastSignInCode,
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
}

let pool: TestPool;
let seq = 0;
const newEmail = () => `amplify-user-auth-${++seq}-${Date.now()}@example.com`;

async function newUser() {
  const email = newEmail();
  await pool.service.createUser({ email, password: PASSWORD });
  return email;
}

describe.each(DIALECTS)('aws-amplify v6 choice-based sign-in on %s', (dialect) => {
  beforeAll(async () => {
    pool = await startTestPool(
      {
        publicUrl: 'http://localhost:41018',
        allowedFirstAuthFactors: ['EMAIL_OTP', 'WEB_AUTHN'],
      },
      dialect,
    );
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: POOL_ID,
          userPoolClientId: CLIENT_ID,
          userPoolEndpoint: pool.endpoint,
        },
      },
    });
    cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
  });

  afterEach(async () => {
    await signOut().catch(() => undefined);
  });

  afterAll(() => pool.close());

  describe('aws-amplify signIn with authFlowType USER_AUTH', () => {
    test('preferred PASSWORD signs in in one call', async () => {
      const email = await newUser();
      pool.actions.length = 0;
      const result = await signIn({
        username: email,
        password: PASSWORD,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' },
      });
      expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect(pool.actions[0]).toBe('InitiateAuth:USER_AUTH');
      const { tokens } = await fetchAuthSession();
      expect(tokens?.idToken?.payload.email).toBe(email);
    });

    test('preferred PASSWORD_SRP runs SRP inside USER_AUTH', async () => {
      const email = await newUser();
      pool.actions.length = 0;
      const result = await signIn({
        username: email,
        password: PASSWORD,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD_SRP' },
      });
      expect(result.nextStep.signInStep).toBe('DONE');
      expect(pool.actions.slice(0, 2)).toEqual([
        'InitiateAuth:USER_AUTH',
        'RespondToAuthChallenge:PASSWORD_VERIFIER',
      ]);
    });

    test('preferred EMAIL_OTP: the e-mailed code confirms the sign-in', async () => {
      const email = await newUser();
      const result = await signIn({
        username: email,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' },
      });
      expect(result).toEqual({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
          codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***' },
        },
      });
      const code = lastSignInCode(pool.emails);
      const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
      const refused = await confirmSignIn({ challengeResponse: wrong }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(refused?.name).toBe('CodeMismatchException');
      const done = await confirmSignIn({ challengeResponse: lastSignInCode(pool.emails) });
      expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    });

    test('no preference: first-factor selection, then the chosen method', async () => {
      const email = await newUser();
      const offered = await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
      expect(offered).toEqual({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
          availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
        },
      });
      const codeStep = await confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
      expect(codeStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      const done = await confirmSignIn({ challengeResponse: lastSignInCode(pool.emails) });
      expect(done.nextStep.signInStep).toBe('DONE');
      await signOut();

      const again = await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
      expect(again.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
      const passwordStep = await confirmSignIn({ challengeResponse: 'PASSWORD_SRP' });
      expect(passwordStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_PASSWORD');
      const signedIn = await confirmSignIn({ challengeResponse: PASSWORD });
      expect(signedIn.nextStep.signInStep).toBe('DONE');
      await signOut();

      await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
      await confirmSignIn({ challengeResponse: 'PASSWORD' });
      const plain = await confirmSignIn({ challengeResponse: PASSWORD });
      expect(plain.nextStep.signInStep).toBe('DONE');
    });

    test('e-mailed codes as the second step after a password (updateMFAPreference email)', async () => {
      const email = await newUser();
      await signIn({
        username: email,
        password: PASSWORD,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' },
      });
      await updateMFAPreference({ email: 'PREFERRED' });
      expect(await fetchMFAPreference()).toEqual({ enabled: ['EMAIL'], preferred: 'EMAIL' });
      await signOut();
      const step = await signIn({ username: email, password: PASSWORD });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      const done = await confirmSignIn({ challengeResponse: lastSignInCode(pool.emails) });
      expect(done.nextStep.signInStep).toBe('DONE');
    });
  });
});
