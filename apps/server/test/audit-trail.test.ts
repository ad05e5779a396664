/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies of raw HTTP answers */
import { randomUUID } from 'node:crypto';

import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIT_TYPES, type AuditTypeCode } from '@laurel/contract/audits';
import { ACTING_ORGANIZATION_HEADER, API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';
import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { totpCode, totpStep } from '../../../e2e/support/totp.ts';
import { SoftwareAuthenticator } from '../../../packages/identity/test/software-authenticator.ts';
import { seedDemoAudits } from '../src/seed/demo-audits.ts';
import { DEMO_ORGANIZATIONS } from '../src/seed/demo-data.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';
import { createWorld, type World } from './helpers/world.ts';

/** An audit entry as a test compares it: what an auditor reads on the screen. */
interface Recorded {
  type: string;
  actorUserId: number | null;
  organizationId: number | null;
  impersonating: boolean;
  resourceType: string;
  resourceId: string;
  summary: string;
  ipAddress: string | null;
  requestId: string | null;
}

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(fileName: string, content: string) {
  const boundary = `----laurel-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Everything that matters is on the audit trail, exactly once, with the right actor, acting
 * organization, impersonation flag, type and summary; and nothing can change or delete it.
 */
describe.each(DIALECTS)('the audit trail on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let mark = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    // Their sign-ins now, so that no test sees them.
    for (const user of [w.platformAdmin, w.adminA, w.userA, w.adminB, w.userB]) await w.token(user);
  });
  afterAll(() => t?.close());

  const db = () => t.database.handle.db;

  async function lastId(): Promise<number> {
    const row = await db()
      .selectFrom('auditEntries')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Starts watching: `recorded()` answers the entries written after this. */
  async function watch() {
    mark = await lastId();
  }

  async function recorded(): Promise<Recorded[]> {
    const rows = await db()
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .select([
        'y.code as type',
        'e.actorUserId',
        'e.organizationId',
        'e.impersonating',
        'e.resourceType',
        'e.resourceId',
        'e.summary',
        'e.ipAddress',
        'e.requestId',
      ])
      .where('e.id', '>', mark)
      .orderBy('e.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      actorUserId: row.actorUserId === null ? null : Number(row.actorUserId),
      organizationId: row.organizationId === null ? null : Number(row.organizationId),
      impersonating: Boolean(row.impersonating),
    }));
  }

  /** The one entry written since `watch()`; fails when there are none or several. */
  async function theEntry(): Promise<Recorded> {
    const entries = await recorded();
    expect(entries, JSON.stringify(entries, null, 2)).toHaveLength(1);
    return entries[0]!;
  }

  const by = (user: BuiltUser, impersonating = false) => ({
    actorUserId: user.id,
    impersonating,
  });

  async function identity(
    action: string,
    body: Record<string, unknown>,
    remoteAddress = '127.0.0.1',
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      remoteAddress,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      payload: JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      body: response.json() as Record<string, any>,
      requestId: String(response.headers['x-request-id']),
    };
  }

  async function signIn(user: BuiltUser, password = TEST_PASSWORD, remoteAddress?: string) {
    return identity(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: user.email, PASSWORD: password },
      },
      remoteAddress,
    );
  }

  async function tokensOf(user: BuiltUser) {
    const response = await signIn(user);
    expect(response.status).toBe(200);
    return response.body.AuthenticationResult as {
      IdToken: string;
      AccessToken: string;
      RefreshToken: string;
    };
  }

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: {
      as?: BuiltUser;
      token?: string;
      body?: unknown;
      acting?: number;
      remoteAddress?: string;
    } = {},
  ) {
    const token = options.token ?? (options.as ? await w.token(options.as) : undefined);
    return t.app.inject({
      method,
      url,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.acting ? { [ACTING_ORGANIZATION_HEADER]: String(options.acting) } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  /** The newest e-mail to `to`, from the outbox. */
  async function lastMailTo(to: string): Promise<string> {
    const row = await db()
      .selectFrom('outboxEmails')
      .select('textBody')
      .where('toAddress', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.textBody;
  }

  describe('sign-in and sign-out', () => {
    it('records a sign-in at the pool once, with its session, address and request; the web app reporting it adds nothing', async () => {
      const person = await t.createUser(w.a.id);
      await watch();
      const response = await signIn(person, TEST_PASSWORD, '203.0.113.7');
      expect(response.status).toBe(200);
      const sessionId = decodeJwt(response.body.AuthenticationResult.IdToken).origin_jti;
      expect(await theEntry()).toEqual({
        type: 'SIGN_IN',
        ...by(person),
        organizationId: w.a.id,
        resourceType: 'session',
        resourceId: sessionId,
        summary: `${person.email} signed in with e-mail and password`,
        ipAddress: '203.0.113.7',
        requestId: response.requestId,
      });

      // The web app's PATCH /api/users/login-time after DONE: the time, no second entry.
      const reported = await call('PATCH', API_PATHS.loginTime, {
        token: response.body.AuthenticationResult.IdToken,
      });
      expect(reported.statusCode).toBe(204);
      expect(await recorded()).toHaveLength(1);
      const user = await db()
        .selectFrom('users')
        .select('lastLoginAt')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(user.lastLoginAt).not.toBeNull();
    });

    it('records a refused sign-in once with its reason, never the password; an unknown address not at all', async () => {
      const person = await t.createUser(w.b.id);
      await watch();
      const refused = await signIn(person, 'Wrong-guess-2026!', '198.51.100.9');
      expect(refused.status).toBe(400);
      const entry = await theEntry();
      expect(entry).toMatchObject({
        type: 'SIGN_IN_FAILED',
        ...by(person),
        organizationId: w.b.id,
        resourceType: 'user',
        resourceId: String(person.id),
        summary: `Sign-in of ${person.email} with e-mail and password refused: wrong password`,
        ipAddress: '198.51.100.9',
      });
      expect(JSON.stringify(entry)).not.toContain('Wrong-guess');

      await watch();
      expect(
        (await signIn({ ...person, email: `nobody-${randomUUID()}@example.test` })).status,
      ).toBe(400);
      expect(await recorded()).toEqual([]);
    });

    it('with AWS Cognito (no pool hook), records the sign-in the web app reports and its sign-out once each', async () => {
      // The server as it runs with AWS Cognito: tokens checked against a key set, nothing told.
      const cognito = await createTestApp(dialect, {
        sameDatabaseAs: t,
        integration: ({ isRevoked: _isRevoked, observeAccountEvents: _events, ...rest }) => rest,
      });
      try {
        const person = await t.createUser(w.a.id);
        const token = await cognito.keys.mint({
          sub: person.identityUsername,
          email: person.email,
        });
        const sessionId = decodeJwt(token).origin_jti;
        await watch();
        const send = (method: 'PATCH' | 'POST', url: string) =>
          cognito.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
        for (let i = 0; i < 2; i++)
          expect((await send('PATCH', API_PATHS.loginTime)).statusCode).toBe(204);
        for (let i = 0; i < 2; i++)
          expect((await send('POST', API_PATHS.signOut)).statusCode).toBe(204);
        const entries = await recorded();
        expect(entries).toEqual([
          expect.objectContaining({
            type: 'SIGN_IN',
            ...by(person),
            organizationId: w.a.id,
            resourceId: sessionId,
            summary: `${person.email} signed in with e-mail and password`,
          }),
          expect.objectContaining({
            type: 'SIGN_OUT',
            ...by(person),
            organizationId: w.a.id,
            resourceId: sessionId,
            summary: `${person.email} signed out`,
          }),
        ]);
      } finally {
        await cognito.close();
      }
    });

    it('records a sign-out reported by the web app and done at the pool once, and a sign-out everywhere', async () => {
      const person = await t.createUser(w.a.id);
      const tokens = await tokensOf(person);
      await watch();
      expect((await call('POST', API_PATHS.signOut, { token: tokens.IdToken })).statusCode).toBe(
        204,
      );
      const revoked = await identity('RevokeToken', {
        ClientId: TEST_CLIENT_ID,
        Token: tokens.RefreshToken,
      });
      expect(revoked.status).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'SIGN_OUT',
        ...by(person),
        resourceId: decodeJwt(tokens.IdToken).origin_jti,
        summary: `${person.email} signed out`,
      });

      const second = await tokensOf(person);
      await watch();
      expect((await identity('GlobalSignOut', { AccessToken: second.AccessToken })).status).toBe(
        200,
      );
      expect(await theEntry()).toMatchObject({
        type: 'SIGN_OUT',
        ...by(person),
        organizationId: w.a.id,
        summary: `${person.email} signed out on every device`,
      });
    });

    it('records a refused session renewal once per session', async () => {
      const person = await t.createUser(w.a.id);
      const tokens = await tokensOf(person);
      await identity('RevokeToken', { ClientId: TEST_CLIENT_ID, Token: tokens.RefreshToken });
      await watch();
      for (let i = 0; i < 3; i++) {
        const refresh = await identity('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: TEST_CLIENT_ID,
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
        });
        expect(refresh.status).toBe(400);
      }
      expect(await theEntry()).toMatchObject({
        type: 'SESSION_RENEWAL_FAILED',
        ...by(person),
        organizationId: w.a.id,
        resourceType: 'session',
        resourceId: decodeJwt(tokens.IdToken).origin_jti,
        summary: `The session of ${person.email} could not be renewed: it was signed out`,
      });
    });
  });

  describe('passwords and the authenticator app', () => {
    it('records a password change once', async () => {
      const person = await t.createUser(w.a.id);
      const tokens = await tokensOf(person);
      await watch();
      const changed = await identity('ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: TEST_PASSWORD,
        ProposedPassword: 'Another-password-2026!',
      });
      expect(changed.status).toBe(200);
      const entry = await theEntry();
      expect(entry).toMatchObject({
        type: 'PASSWORD_CHANGE',
        ...by(person),
        organizationId: w.a.id,
        summary: `${person.email} changed their password`,
      });
      expect(JSON.stringify(entry)).not.toContain('Another-password');
    });

    it('records the reset code sent and the password reset, once each', async () => {
      const person = await t.createUser(w.b.id);
      await watch();
      expect(
        (await identity('ForgotPassword', { ClientId: TEST_CLIENT_ID, Username: person.email }))
          .status,
      ).toBe(200);
      const code = /reset code is (\d{6})/.exec(await lastMailTo(person.email))?.[1];
      expect(code).toBeDefined();
      const confirmed = await identity('ConfirmForgotPassword', {
        ClientId: TEST_CLIENT_ID,
        Username: person.email,
        ConfirmationCode: code,
        Password: 'Reset-password-2026!',
      });
      expect(confirmed.status).toBe(200);
      const entries = await recorded();
      expect(entries.map(({ type, summary }) => [type, summary])).toEqual([
        ['PASSWORD_RESET', `${person.email} asked for a password reset code`],
        [
          'PASSWORD_RESET',
          `${person.email} reset their password with an e-mailed code and was signed out everywhere`,
        ],
      ]);
      for (const entry of entries)
        expect(entry).toMatchObject({ ...by(person), organizationId: w.b.id });
      expect(JSON.stringify(entries)).not.toContain(code!);
    });

    it('records an authenticator app set up and removed (with the password as proof), once each', async () => {
      const person = await t.createUser(w.a.id);
      const tokens = await tokensOf(person);
      await watch();
      const associated = await identity('AssociateSoftwareToken', {
        AccessToken: tokens.AccessToken,
      });
      const secret = associated.body.SecretCode as string;
      const verified = await identity('VerifySoftwareToken', {
        AccessToken: tokens.AccessToken,
        UserCode: totpCode(secret, totpStep()),
      });
      expect(verified.body.Status).toBe('SUCCESS');
      await identity('SetUserMFAPreference', {
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      });
      expect(await theEntry()).toMatchObject({
        type: 'MFA_SET_UP',
        ...by(person),
        organizationId: w.a.id,
        summary: `${person.email} set up an authenticator app`,
      });

      await watch();
      const removed = await call('POST', API_PATHS.removeAuthenticator, {
        token: tokens.IdToken,
        body: { password: TEST_PASSWORD },
      });
      expect(removed.statusCode, removed.body).toBe(204);
      const entry = await theEntry();
      expect(entry).toMatchObject({
        type: 'MFA_REMOVED',
        ...by(person),
        organizationId: w.a.id,
        summary: `Removed the authenticator app of ${person.email} (confirmed with the password)`,
      });
      expect(JSON.stringify(entry)).not.toContain(TEST_PASSWORD);
    });
  });

  describe('passwordless sign-in', () => {
    it('records a sign-in with an e-mailed code, with its method, never the code', async () => {
      const person = await t.createUser(w.a.id);
      const started = await identity('InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: person.email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      });
      expect(started.body.ChallengeName).toBe('EMAIL_OTP');
      const code = /\b(\d{8})\b/.exec(await lastMailTo(person.email))?.[1];
      expect(code).toBeDefined();
      await watch();
      const wrong = await identity('RespondToAuthChallenge', {
        ChallengeName: 'EMAIL_OTP',
        ClientId: TEST_CLIENT_ID,
        Session: started.body.Session,
        ChallengeResponses: {
          USERNAME: person.email,
          EMAIL_OTP_CODE: `${(Number(code![0]) + 1) % 10}${code!.slice(1)}`,
        },
      });
      expect(wrong.body.__type).toBe('CodeMismatchException');
      expect(await theEntry()).toMatchObject({
        type: 'SIGN_IN_FAILED',
        ...by(person),
        summary: `Sign-in of ${person.email} with a code e-mailed to them refused: wrong or expired code`,
      });
      await watch();
      const done = await identity('RespondToAuthChallenge', {
        ChallengeName: 'EMAIL_OTP',
        ClientId: TEST_CLIENT_ID,
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: person.email, EMAIL_OTP_CODE: code },
      });
      expect(done.status).toBe(200);
      const entry = await theEntry();
      expect(entry).toMatchObject({
        type: 'SIGN_IN',
        ...by(person),
        organizationId: w.a.id,
        summary: `${person.email} signed in with a code e-mailed to them`,
      });
      expect(JSON.stringify(entry)).not.toContain(code!);
    });

    it('records a passkey added, a sign-in with it and its removal, once each', async () => {
      const person = await t.createUser(w.a.id);
      const tokens = await tokensOf(person);
      const authenticator = new SoftwareAuthenticator();
      const started = await identity('StartWebAuthnRegistration', {
        AccessToken: tokens.AccessToken,
      });
      await watch();
      const credential = authenticator.create(started.body.CredentialCreationOptions, {
        origin: 'http://localhost',
      });
      const completed = await identity('CompleteWebAuthnRegistration', {
        AccessToken: tokens.AccessToken,
        Credential: credential,
      });
      expect(completed.status).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'PASSKEY_ADDED',
        ...by(person),
        organizationId: w.a.id,
        summary: `${person.email} added a passkey (Passkey on a phone)`,
      });

      const challenge = await identity('InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: person.email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      });
      expect(challenge.body.ChallengeName).toBe('WEB_AUTHN');
      await watch();
      const assertion = authenticator.get(
        JSON.parse(challenge.body.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS),
        { origin: 'http://localhost' },
      );
      const signedIn = await identity('RespondToAuthChallenge', {
        ChallengeName: 'WEB_AUTHN',
        ClientId: TEST_CLIENT_ID,
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: person.email, CREDENTIAL: JSON.stringify(assertion) },
      });
      expect(signedIn.status).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'SIGN_IN',
        ...by(person),
        summary: `${person.email} signed in with a passkey`,
      });

      await watch();
      await identity('DeleteWebAuthnCredential', {
        AccessToken: tokens.AccessToken,
        CredentialId: credential.id,
      });
      expect(await theEntry()).toMatchObject({
        type: 'PASSKEY_REMOVED',
        ...by(person),
        summary: `${person.email} removed a passkey (Passkey on a phone)`,
      });
    });
  });

  describe('people and access', () => {
    it('records a role change and a deactivation as one access change each', async () => {
      const person = await t.createUser(w.a.id, { roleId: ROLES.USER });
      await watch();
      const promoted = await call('PATCH', API_PATHS.user(person.id), {
        as: w.adminA,
        body: { role_id: ROLES.ORGANIZATION_ADMIN },
      });
      expect(promoted.statusCode).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'ACCESS_CHANGE',
        ...by(w.adminA),
        organizationId: w.a.id,
        resourceType: 'user',
        resourceId: String(person.id),
        summary: `User ${person.email}: role User → Organization Admin`,
      });
      await watch();
      expect(
        (await call('PATCH', API_PATHS.user(person.id), { as: w.adminA, body: { active: false } }))
          .statusCode,
      ).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'ACCESS_CHANGE',
        summary: `User ${person.email}: deactivated`,
      });
      // A refused change (an organization admin cannot grant Platform Admin) records nothing.
      await watch();
      expect(
        (
          await call('PATCH', API_PATHS.user(person.id), {
            as: w.adminA,
            body: { role_id: ROLES.PLATFORM_ADMIN },
          })
        ).statusCode,
      ).toBeGreaterThanOrEqual(400);
      expect(await recorded()).toEqual([]);
    });

    it('records an invitation sent, withdrawn, sent again and accepted, once each', async () => {
      const invite = (email: string) =>
        call('POST', API_PATHS.organizationInvitations(w.a.id), {
          as: w.adminA,
          body: {
            email,
            first_name: 'Ida',
            last_name: 'Invited',
            role_id: ROLES.USER,
            // The world's contract includes one seat.
            approve_additional_seat: true,
          },
        });
      const first = `ida-${randomUUID().slice(0, 8)}@example.test`;
      await watch();
      const invited = await invite(first);
      expect(invited.statusCode, invited.body).toBe(201);
      const invitedId = invited.json().user.id as number;
      expect(await theEntry()).toMatchObject({
        type: 'INVITE',
        ...by(w.adminA),
        organizationId: w.a.id,
        resourceId: String(invitedId),
        summary: expect.stringMatching(
          new RegExp(
            `^Invited ${first} to Alpha College as User; seat \\d+ of 1 under LC-A-1, additional seat approved$`,
          ),
        ),
      });
      await watch();
      expect(
        (await call('DELETE', API_PATHS.userInvitation(invitedId), { as: w.adminA })).statusCode,
      ).toBe(204);
      expect(await theEntry()).toMatchObject({
        type: 'INVITE',
        ...by(w.adminA),
        summary: `Invitation of ${first} withdrawn`,
      });

      const second = `ida-${randomUUID().slice(0, 8)}@example.test`;
      const again = await invite(second);
      const secondId = again.json().user.id as number;
      await watch();
      expect(
        (await call('POST', API_PATHS.resendUserInvitation(secondId), { as: w.adminA })).statusCode,
      ).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'INVITE',
        summary: `Invitation of ${second} sent again`,
      });
      const token = /token=([^\s&]+)/.exec(await lastMailTo(second))?.[1];
      expect(token).toBeDefined();
      await watch();
      const accepted = await call('POST', API_PATHS.invitation, {
        body: {
          token: decodeURIComponent(token!),
          confirmation: true,
          password: 'Chosen-password-2026!',
        },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'INVITE',
        actorUserId: secondId,
        organizationId: w.a.id,
        summary: `Invitation of ${second} accepted`,
      });
    });

    it('records company sign-in settings saved once', async () => {
      await watch();
      const saved = await call('PUT', API_PATHS.organizationSso(w.b.id), {
        as: w.platformAdmin,
        body: {
          issuer: 'https://login.beta.example',
          client_id: 'laurel',
          client_secret: 'not-in-the-trail',
          email_domains: ['beta.example'],
          jit_enabled: false,
          jit_role_id: ROLES.USER,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const entry = await theEntry();
      expect(entry).toMatchObject({
        type: 'UPDATE',
        ...by(w.platformAdmin),
        organizationId: w.b.id,
        summary:
          'Company sign-in of Beta Institute: issuer https://login.beta.example; client laurel; domains beta.example; just-in-time off; secret changed',
      });
      expect(JSON.stringify(entry)).not.toContain('not-in-the-trail');
    });
  });

  describe('contracts and files', () => {
    it('records a contract created and changed, once each', async () => {
      const body = {
        organization_id: w.b.id,
        number: `LC-T-${randomUUID().slice(0, 6)}`,
        name: 'Trail contract',
        status: 'DRAFT',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        line_items: [
          {
            billing_code: 'A_ADDL_USER',
            description: 'Seats',
            unit_price: 100,
            included_quantity: 5,
          },
        ],
      };
      await watch();
      const created = await call('POST', API_PATHS.contracts, { as: w.platformAdmin, body });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect(await theEntry()).toMatchObject({
        type: 'CREATE',
        ...by(w.platformAdmin),
        organizationId: w.b.id,
        resourceType: 'contract',
        resourceId: String(id),
        summary: `Created contract ${body.number} "Trail contract", DRAFT, 2026-01-01 to 2026-12-31, 1 line item(s)`,
      });
      await watch();
      const updated = await call('PUT', API_PATHS.contract(id), {
        as: w.platformAdmin,
        body: { ...body, status: 'ACTIVE' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'UPDATE',
        organizationId: w.b.id,
        summary: `Updated contract ${body.number}: now ${body.number} "Trail contract", ACTIVE, 2026-01-01 to 2026-12-31, 1 line item(s)`,
      });
    });

    it('records an earnings file import once', async () => {
      const file = multipart(
        'bureau-results.csv',
        'award_external_id,credential_code,award_date,provider,year,annual_wage,employed,full_time,industry,job_role\n',
      );
      await watch();
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.organizationEarningsImports(w.a.id),
        headers: {
          authorization: `Bearer ${await w.token(w.platformAdmin)}`,
          'content-type': file.contentType,
        },
        payload: file.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await theEntry()).toMatchObject({
        type: 'UPLOAD',
        ...by(w.platformAdmin),
        organizationId: w.a.id,
        resourceType: 'earnings-import',
        resourceId: String(response.json().id),
        summary: expect.stringMatching(
          /^Imported earnings file "bureau-results\.csv" \(\d+ bytes\)$/,
        ),
      });
    });

    it('records an awards upload and the download of its refused rows, once each', async () => {
      const content = [
        UPLOAD_COLUMNS.join(','),
        'ALPHA-1,TRAIL-1,Dee,Ford,dee@example.com,,2019-05-01',
        'NOT-A-CODE,TRAIL-2,Eli,Gray,,,2019-05-01',
      ].join('\r\n');
      const file = multipart('trail.csv', `${content}\r\n`);
      await watch();
      const uploaded = await t.app.inject({
        method: 'POST',
        url: API_PATHS.organizationUploads(w.a.id),
        headers: {
          authorization: `Bearer ${await w.token(w.adminA)}`,
          'content-type': file.contentType,
        },
        payload: file.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = uploaded.json().id as number;
      expect(await theEntry()).toMatchObject({
        type: 'UPLOAD',
        ...by(w.adminA),
        organizationId: w.a.id,
        resourceType: 'upload',
        resourceId: String(id),
      });
      await t.runJobs();
      await watch();
      const errors = await call('GET', API_PATHS.uploadErrors(id), { as: w.adminA });
      expect(errors.statusCode).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'EXPORT',
        ...by(w.adminA),
        organizationId: w.a.id,
        resourceType: 'upload',
        resourceId: String(id),
        summary: 'Downloaded the 1 refused row of upload "trail.csv" as CSV',
      });
    });
  });

  describe('exports', () => {
    it('records every list export once: what, which filter, how many rows', async () => {
      const cases: Array<[string, BuiltUser, string, number | null]> = [
        [`${API_PATHS.organizationsExport}?search=alpha`, w.platformAdmin, 'organization', null],
        [
          `${API_PATHS.credentialsExport}?organizationId=${w.a.id}`,
          w.platformAdmin,
          'credential',
          w.a.id,
        ],
        [API_PATHS.credentialsExport, w.userA, 'credential', w.a.id],
        [API_PATHS.contractsExport, w.adminB, 'contract', w.b.id],
        [`${API_PATHS.usersExport}?search=alpha`, w.adminA, 'user', w.a.id],
        [`${API_PATHS.usersExport}?roleId=${ROLES.USER}&active=true`, w.adminA, 'user', w.a.id],
        [API_PATHS.auditsExport, w.adminA, 'audit', w.a.id],
        [API_PATHS.uploadsExport, w.adminA, 'upload', w.a.id],
        [API_PATHS.platformOrganizationsExport, w.platformAdmin, 'organization', null],
      ];
      const summaries: string[] = [];
      for (const [url, actor, resourceType, organizationId] of cases) {
        await watch();
        const response = await call('GET', url, { as: actor });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const rows =
          response.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r\n/).length - 1;
        const entry = await theEntry();
        expect(entry, url).toMatchObject({
          type: 'EXPORT',
          ...by(actor),
          resourceType,
          resourceId: 'export',
          ...(organizationId === null ? {} : { organizationId }),
        });
        summaries.push(entry.summary);
        expect(entry.summary, url).toMatch(
          new RegExp(`^Exported ${rows} \\w[\\w ]* as CSV \\((no filter|[^)]+)\\)$`),
        );
      }
      expect(summaries).toContain('Exported 2 users as CSV (search "alpha")');
      expect(summaries).toContain('Exported 1 organization as CSV (search "alpha")');
      // Filters are told in words: organizations and roles by name, not by their ids.
      const { name } = await db()
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', w.a.id)
        .executeTakeFirstOrThrow();
      expect(summaries).toContainEqual(
        expect.stringMatching(
          new RegExp(`^Exported \\d+ credentials? as CSV \\(organization "${name}"\\)$`),
        ),
      );
      expect(summaries).toContainEqual(
        expect.stringMatching(/^Exported \d+ users? as CSV \(role User, active users\)$/),
      );
    });

    it('records nothing for an export that is refused', async () => {
      await watch();
      expect((await call('GET', API_PATHS.auditsExport, { as: w.userA })).statusCode).toBe(403);
      expect(
        (await call('GET', `${API_PATHS.usersExport}?sort=nope`, { as: w.adminA })).statusCode,
      ).toBe(400);
      expect(await recorded()).toEqual([]);
    });
  });

  describe('impersonation', () => {
    it('records a start and a stop on the organization, and what was done in between as impersonating', async () => {
      await watch();
      const started = await call('POST', API_PATHS.impersonationStart, {
        as: w.platformAdmin,
        body: { organizationId: w.a.id },
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toEqual({ organizationId: w.a.id, organizationName: 'Alpha College' });
      expect(await theEntry()).toMatchObject({
        type: 'IMPERSONATE',
        ...by(w.platformAdmin, true),
        organizationId: w.a.id,
        resourceType: 'organization',
        resourceId: String(w.a.id),
        summary: 'Started acting in Alpha College',
      });

      await watch();
      const exported = await call('GET', API_PATHS.credentialsExport, {
        as: w.platformAdmin,
        acting: w.a.id,
      });
      expect(exported.statusCode).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'EXPORT',
        ...by(w.platformAdmin, true),
        organizationId: w.a.id,
      });

      // Acting lasts one request: the same token without the header acts in the admin's own.
      await watch();
      const own = await call('GET', API_PATHS.credentialsExport, { as: w.platformAdmin });
      expect(own.statusCode).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'EXPORT',
        ...by(w.platformAdmin),
        organizationId: w.platform.id,
      });

      await watch();
      // The web app clears the acting organization before it says so: no header on the stop.
      const stopped = await call('POST', API_PATHS.impersonationStop, {
        as: w.platformAdmin,
        body: { organizationId: w.a.id },
      });
      expect(stopped.statusCode).toBe(200);
      expect(await theEntry()).toMatchObject({
        type: 'IMPERSONATE_STOP',
        ...by(w.platformAdmin, true),
        organizationId: w.a.id,
        summary: 'Stopped acting in Alpha College',
      });
    });

    it('refuses anyone else, an unknown organization and their own, recording nothing', async () => {
      await watch();
      const attempts = [
        [w.adminA, w.b.id, 403],
        [w.userA, w.a.id, 403],
        [w.platformAdmin, 99_999_999, 404],
        [w.platformAdmin, w.platform.id, 400],
      ] as const;
      for (const [actor, organizationId, status] of attempts)
        expect(
          (
            await call('POST', API_PATHS.impersonationStart, {
              as: actor,
              body: { organizationId },
            })
          ).statusCode,
        ).toBe(status);
      expect(await recorded()).toEqual([]);
    });
  });

  describe('reading the trail', () => {
    it('lists every audit type with a readable label, in the order of the contract', async () => {
      const types = (await call('GET', '/api/audits/types', { as: w.adminA })).json();
      expect(types).toEqual(
        AUDIT_TYPES.map((type) => ({ id: type.id, code: type.code, name: type.label })),
      );
      for (const type of types as Array<{ code: string; name: string }>)
        expect(type.name).not.toMatch(/^[A-Z_]+$/);
    });

    it('filters by type, user, organization, acting and dates', async () => {
      const typeId = (code: AuditTypeCode) => AUDIT_TYPES.find((type) => type.code === code)!.id;
      const list = async (query: string) => {
        const response = await call('GET', `${API_PATHS.audits}?pageSize=100&${query}`, {
          as: w.platformAdmin,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().items as Array<Record<string, any>>;
      };
      const acting = await list('impersonating=true');
      expect(acting.length).toBeGreaterThan(0);
      expect(acting.every((entry) => entry.impersonating === true)).toBe(true);
      const starts = await list(`typeId=${typeId('IMPERSONATE')}&organizationId=${w.a.id}`);
      expect(starts.length).toBeGreaterThan(0);
      expect(
        starts.every(
          (entry) => entry.typeCode === 'IMPERSONATE' && entry.organizationName === 'Alpha College',
        ),
      ).toBe(true);
      const mine = await list(`userId=${w.adminA.id}`);
      expect(mine.every((entry) => entry.actorUserId === w.adminA.id)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`from=${today}&to=${today}`)).length).toBeGreaterThan(0);
      expect(await list('from=2000-01-01&to=2000-01-31')).toEqual([]);
      // An organization admin reads their own organization's trail only.
      const theirs = (
        await call('GET', `${API_PATHS.audits}?pageSize=100&organizationId=${w.b.id}`, {
          as: w.adminA,
        })
      ).json().items as Array<{ organizationId: number }>;
      expect(theirs).toEqual([]);
    });

    it('changes and deletes no entry through any method on any audit path', async () => {
      const before = await db().selectFrom('auditEntries').selectAll().orderBy('id').execute();
      const someId = before.at(-1)!.id;
      const paths = [
        API_PATHS.audits,
        `${API_PATHS.audits}/${someId}`,
        API_PATHS.auditsExport,
        '/api/audits/types',
        `/api/audits/types/1`,
        API_PATHS.logHelper,
        `${API_PATHS.logHelper}/${someId}`,
      ];
      for (const path of paths)
        for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
          const response = await call(method, path, {
            as: w.platformAdmin,
            body: method === 'DELETE' ? undefined : { summary: 'rewritten', id: someId },
          });
          expect([404, 405], `${method} ${path}: ${response.statusCode}`).toContain(
            response.statusCode,
          );
        }
      const after = await db().selectFrom('auditEntries').selectAll().orderBy('id').execute();
      expect(after).toEqual(before);
    });
  });

  describe('the demo world', () => {
    it('ships four weeks of audit history for the demo organizations, the same every time', async () => {
      const demo = await createTestApp(dialect);
      try {
        const ddb = demo.database.handle.db;
        expect(
          await seedDemoWorld(ddb, {
            createUser: async ({ email, password, isPlatformAdmin, firstName, lastName }) =>
              (
                await demo.identityAdmin.createUser({
                  email,
                  password,
                  groups: isPlatformAdmin ? ['Admins'] : [],
                  attributes: { given_name: firstName, family_name: lastName },
                })
              ).username,
          }),
        ).toBe(true);
        const entries = await ddb
          .selectFrom('auditEntries as e')
          .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
          .leftJoin('organizations as o', 'o.id', 'e.organizationId')
          .leftJoin('users as u', 'u.id', 'e.actorUserId')
          .select([
            'y.code',
            'o.name as organization',
            'u.email',
            'e.impersonating',
            'e.occurredAt',
            'e.resourceType',
            'e.resourceId',
          ])
          .execute();
        expect(entries.length).toBeGreaterThan(200);
        const codes = new Set(entries.map((entry) => entry.code));
        for (const code of [
          'SIGN_IN',
          'SIGN_IN_FAILED',
          'SIGN_OUT',
          'UPLOAD',
          'UPDATE',
          'EXPORT',
          'INVITE',
          'IMPERSONATE',
          'IMPERSONATE_STOP',
        ])
          expect(codes, code).toContain(code);
        for (const organization of DEMO_ORGANIZATIONS)
          expect(
            entries.some((entry) => entry.organization === organization.name),
            organization.name,
          ).toBe(true);
        const times = entries.map((entry) => new Date(String(entry.occurredAt)).getTime());
        expect(Math.max(...times)).toBeLessThan(Date.now());
        expect(Date.now() - Math.min(...times)).toBeGreaterThan(21 * 86_400_000);
        // Every actor exists; acting was the platform admin's; every upload named exists.
        expect(entries.every((entry) => entry.email !== null)).toBe(true);
        for (const entry of entries.filter((entry) => Boolean(entry.impersonating)))
          expect(entry.email).toBe('admin@laurel.demo');
        const uploadIds = entries
          .filter((entry) => entry.code === 'UPLOAD')
          .map((entry) => Number(entry.resourceId));
        const uploads = await ddb
          .selectFrom('uploads')
          .select('id')
          .where('id', 'in', uploadIds)
          .execute();
        expect(uploads).toHaveLength(uploadIds.length);

        // Deterministic: the same moment gives the same history.
        const now = new Date('2026-03-02T12:00:00.000Z');
        const history = async () => {
          let rows: unknown[] = [];
          await ddb
            .transaction()
            .execute(async (trx) => {
              await trx.deleteFrom('auditEntries').execute();
              await seedDemoAudits(trx, now);
              rows = await trx
                .selectFrom('auditEntries')
                .select([
                  'occurredAt',
                  'actorUserId',
                  'typeId',
                  'summary',
                  'ipAddress',
                  'requestId',
                ])
                .orderBy('id')
                .execute();
              throw new Error('roll back');
            })
            .catch((error: Error) => {
              if (error.message !== 'roll back') throw error;
            });
          return rows;
        };
        const first = await history();
        expect(first.length).toBeGreaterThan(200);
        expect(await history()).toEqual(first);
      } finally {
        await demo.close();
      }
    }, 120_000);
  });
});
