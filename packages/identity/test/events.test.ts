/* eslint-disable @typescript-eslint/no-explicit-any -- the test hook writes a table of its own */
/**
 * Account events: the pool tells an application every sign-in, refusal, sign-out and password or
 * authenticator change, inside the transaction of the change.
 */
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

import type { IdentityEvent } from '../src/index.ts';
import { totpCode } from '../src/totp.ts';
import {
  CLIENT_ID,
  DIALECTS,
  lastCode,
  PASSWORD,
  startTestPool,
  type TestPool,
} from './helpers.ts';

interface Told {
  event: IdentityEvent;
  /** Whether the hook ran in a transaction (the change's). */
  inTransaction: boolean;
}

describe.each(DIALECTS)('identity account events on %s', (dialect) => {
  describe('account events', () => {
    let pool: TestPool;
    const told: Told[] = [];
    let failOn: IdentityEvent['type'] | null = null;
    let seq = 0;
    const newEmail = () => `events-${++seq}-${Date.now()}@example.com`;

    beforeAll(async () => {
      pool = await startTestPool(
        {
          async onEvent(event, executor) {
            // The application's own table, written with the executor it is handed.
            await executor
              .insertInto('appEvents')
              .values({ type: event.type, username: event.username })
              .execute();
            told.push({ event, inTransaction: executor.isTransaction });
            if (event.type === failOn) throw new Error(`refusing to record ${event.type}`);
          },
        },
        dialect,
      );
      await sql`create table app_events (type text not null, username text not null)`.execute(
        pool.db,
      );
    });
    afterAll(() => pool.close());
    beforeEach(() => {
      told.length = 0;
      failOn = null;
    });

    async function newUser(password = PASSWORD) {
      const email = newEmail();
      const { username } = await pool.service.createUser({ email, password });
      return { email, username };
    }

    async function signIn(email: string, password = PASSWORD) {
      return pool.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
    }

    const rows = async (username: string) =>
      (
        await pool.db
          .selectFrom('appEvents')
          .select('type')
          .where('username', '=', username)
          .execute()
      ).map((row: any) => row.type);

    test('a sign-in is told with its session, address and request, in its transaction', async () => {
      const { email, username } = await newUser();
      const response = await signIn(email);
      expect(response.status).toBe(200);
      const claims = decodeJwt(response.body.AuthenticationResult.IdToken);
      expect(told).toHaveLength(1);
      expect(told[0]!.inTransaction).toBe(true);
      expect(told[0]!.event).toMatchObject({
        type: 'SIGN_IN',
        method: 'password',
        username,
        sessionId: claims.origin_jti,
        origin: { ip: '127.0.0.1' },
      });
      expect(told[0]!.event.origin.requestId).toBeTruthy();
      expect(await rows(username)).toEqual(['SIGN_IN']);
    });

    test('a refused sign-in of a known user is told with its reason; an unknown one is not', async () => {
      const { email, username } = await newUser();
      expect((await signIn(email, 'Wrong-password-2026!')).status).toBe(400);
      expect(told.map(({ event }) => event)).toEqual([
        expect.objectContaining({
          type: 'SIGN_IN_FAILED',
          username,
          method: 'password',
          reason: 'incorrect_credentials',
        }),
      ]);
      // Never the password itself.
      expect(JSON.stringify(told)).not.toContain('Wrong-password');
      expect(told[0]!.inTransaction).toBe(false);

      told.length = 0;
      expect((await signIn(`nobody-${Date.now()}@example.com`)).status).toBe(400);
      expect(told).toEqual([]);
    });

    test('password change, sign-out, refused refresh and global sign-out are told once each', async () => {
      const { email, username } = await newUser();
      const first = (await signIn(email)).body.AuthenticationResult;
      told.length = 0;

      const changed = await pool.call('ChangePassword', {
        AccessToken: first.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Changed-password-2026!',
      });
      expect(changed.status).toBe(200);

      const sessionId = decodeJwt(first.IdToken).origin_jti;
      expect(
        (await pool.call('RevokeToken', { ClientId: CLIENT_ID, Token: first.RefreshToken })).status,
      ).toBe(200);
      // A second revocation of the same token ends nothing: not told.
      expect(
        (await pool.call('RevokeToken', { ClientId: CLIENT_ID, Token: first.RefreshToken })).status,
      ).toBe(200);
      const refresh = await pool.call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: first.RefreshToken },
      });
      expect(refresh.status).toBe(400);

      const second = (await signIn(email, 'Changed-password-2026!')).body.AuthenticationResult;
      expect((await pool.call('GlobalSignOut', { AccessToken: second.AccessToken })).status).toBe(
        200,
      );

      expect(told.map(({ event }) => event.type)).toEqual([
        'PASSWORD_CHANGE',
        'SIGN_OUT',
        'SESSION_RENEWAL_FAILED',
        'SIGN_IN',
        'SIGN_OUT',
      ]);
      expect(told[0]!.event).toMatchObject({ firstPassword: false });
      expect(told[1]!.event).toMatchObject({ sessionId, everywhere: false });
      expect(told[2]!.event).toMatchObject({ sessionId, reason: 'revoked' });
      expect(told[4]!.event).toMatchObject({
        sessionId: decodeJwt(second.IdToken).origin_jti,
        everywhere: true,
      });
      for (const { event } of told) expect(event.username).toBe(username);
    });

    test('a password reset tells the code sent and the new password', async () => {
      const { email } = await newUser();
      expect(
        (await pool.call('ForgotPassword', { ClientId: CLIENT_ID, Username: email })).status,
      ).toBe(200);
      const confirmed = await pool.call('ConfirmForgotPassword', {
        ClientId: CLIENT_ID,
        Username: email,
        ConfirmationCode: lastCode(pool.emails),
        Password: 'Reset-password-2026!',
      });
      expect(confirmed.status).toBe(200);
      expect(told.map(({ event }) => [event.type, (event as { step?: string }).step])).toEqual([
        ['PASSWORD_RESET', 'code_sent'],
        ['PASSWORD_RESET', 'completed'],
      ]);
    });

    test('an authenticator app is told when it is turned on and off', async () => {
      const { email } = await newUser();
      const tokens = (await signIn(email)).body.AuthenticationResult;
      told.length = 0;
      const associated = await pool.call('AssociateSoftwareToken', {
        AccessToken: tokens.AccessToken,
      });
      const code = totpCode(associated.body.SecretCode, Date.now());
      const verified = await pool.call('VerifySoftwareToken', {
        AccessToken: tokens.AccessToken,
        UserCode: code,
      });
      expect(verified.body.Status).toBe('SUCCESS');
      // Verified but not on yet: nothing to tell.
      expect(told).toEqual([]);
      const on = { Enabled: true, PreferredMfa: true };
      await pool.call('SetUserMFAPreference', {
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: on,
      });
      // Already on: told once.
      await pool.call('SetUserMFAPreference', {
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: on,
      });
      await pool.call('SetUserMFAPreference', {
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false },
      });
      expect(told.map(({ event }) => event)).toEqual([
        expect.objectContaining({ type: 'MFA_SET_UP', duringSignIn: false, replaced: false }),
        expect.objectContaining({ type: 'MFA_REMOVED' }),
      ]);
    });

    test('a hook that fails undoes the change it was told of', async () => {
      const { email, username } = await newUser();
      const tokens = (await signIn(email)).body.AuthenticationResult;
      told.length = 0;
      failOn = 'PASSWORD_CHANGE';
      const changed = await pool.call('ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Never-stored-2026!',
      });
      expect(changed.status).toBe(500);
      failOn = null;
      expect((await signIn(email, 'Never-stored-2026!')).status).toBe(400);
      expect((await signIn(email)).status).toBe(200);
      // The failed change's row went with it; the refusal and the sign-in after it are there.
      expect(await rows(username)).toEqual(['SIGN_IN', 'SIGN_IN_FAILED', 'SIGN_IN']);
    });
  });
});
