/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies of raw HTTP answers */
import { randomUUID } from 'node:crypto';

import { decodeJwt } from 'jose';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { INVITATION_MESSAGES } from '@laurel/contract/invitations';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { ROLES } from '@laurel/contract/roles';
import { passwordProblem } from '@laurel/contract/sign-in-fields';

import {
  type CompanyEmployee,
  type CompanyIdp,
  startCompanyIdp,
} from '../../../scripts/company-idp.ts';
import { SSO_MESSAGES } from '@laurel/contract/messages';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { TEST_CLIENT_ID, TEST_PUBLIC_URL } from './helpers/tokens.ts';

const NEW_PASSWORD = 'Chosen-password-2026!';
const IDP_PASSWORD = 'Company-password-1!';

function linkIn(text: string): URL {
  const match = /(http\S+\/auth\/accept-invitation\?token=\S+)/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return new URL(match[1]!);
}

describe.each(DIALECTS)('invitations and company sign-in on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let idp: CompanyIdp;
  const employees: CompanyEmployee[] = [];
  let platformAdmin: BuiltUser;
  let orgAdmin: BuiltUser;
  let plainUser: BuiltUser;
  let organizationId: number;
  let otherOrganizationId: number;
  let ssoOrganizationId: number;
  let platformOrganizationId: number;
  let tokens: Map<BuiltUser, string>;
  const domain = `acme-${randomUUID().slice(0, 6)}.test`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    idp = await startCompanyIdp({
      clientId: 'laurel-test',
      clientSecret: 'laurel-test-secret',
      redirectUris: [`${TEST_PUBLIC_URL}/identity/oauth2/idpresponse`],
      employees,
      companyName: 'Acme',
    });
    // The test's company provider listens on a loopback port.
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, SSO_ALLOW_PRIVATE_ISSUERS: 'true' },
    });
    const db = t.database.handle.db;
    const platform =
      (await db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', PLATFORM_ORGANIZATION_NAME)
        .executeTakeFirst()) ??
      (await createOrganization(db, { name: PLATFORM_ORGANIZATION_NAME, typeId: 1 }));
    platformOrganizationId = platform.id;
    organizationId = (await createOrganization(db)).id;
    otherOrganizationId = (await createOrganization(db)).id;
    ssoOrganizationId = (await createOrganization(db, { loginModeId: 2 })).id;
    platformAdmin = await t.createUser(platformOrganizationId, {
      roleId: ROLES.PLATFORM_ADMIN,
      firstName: 'Pat',
      lastName: 'Platform',
    });
    orgAdmin = await t.createUser(organizationId, {
      roleId: ROLES.ORGANIZATION_ADMIN,
      firstName: 'Olive',
      lastName: 'Orgadmin',
    });
    plainUser = await t.createUser(organizationId, { roleId: ROLES.USER });
    tokens = new Map();
    for (const user of [platformAdmin, orgAdmin, plainUser])
      tokens.set(user, await t.tokenFor(user));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await idp?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    as?: BuiltUser,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${tokens.get(as)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const identity = async (action: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() as any };
  };

  const invite = (
    organization: number,
    email: string,
    as: BuiltUser,
    roleId: number = ROLES.USER,
  ) =>
    call('POST', `/api/organizations/${organization}/invitations`, as, {
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role_id: roleId,
    });

  const accept = (token: string, password?: string) =>
    call('POST', '/api/users/invitation', undefined, {
      token,
      confirmation: true,
      ...(password === undefined ? {} : { password }),
    });
  const details = (token: string) =>
    call('POST', '/api/users/invitation/details', undefined, { token });

  /** Every e-mail the server ever made for `email`, as stored in its outbox. */
  const outboxOf = (email: string) =>
    t.database.handle.db
      .selectFrom('outboxEmails')
      .selectAll()
      .where('toAddress', '=', email)
      .execute();

  /** The INVITE entries about a user, oldest first. */
  const inviteTrail = async (userId: number) =>
    (
      await t.database.handle.db
        .selectFrom('auditEntries as e')
        .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
        .select(['e.summary', 'y.code'])
        .where('e.resourceType', '=', 'user')
        .where('e.resourceId', '=', String(userId))
        .where('y.code', '=', 'INVITE')
        .orderBy('e.id')
        .execute()
    ).map((entry) => entry.summary);

  describe('e-mail and password', () => {
    it('one link: the page names organization, inviter and role; the chosen password signs in', async () => {
      const email = `ada-${randomUUID().slice(0, 8)}@example.test`;
      const invited = await invite(organizationId, email, orgAdmin, ROLES.ORGANIZATION_ADMIN);
      expect(invited.statusCode).toBe(201);
      const { user, invitation } = invited.json();
      expect(user).toMatchObject({ email, status: 'INVITED', roleId: ROLES.ORGANIZATION_ADMIN });
      expect(invitation).toMatchObject({ status: 'PENDING', isFederated: false });

      const message = await smtp.waitFor(email);
      expect(message.subject).toContain('invited');
      expect(message.html).toContain('Accept invitation');
      expect(message.text).toContain('as Organization Admin');
      expect(message.text).not.toMatch(/temporary password/i);
      const link = linkIn(message.text);
      expect(link.origin + link.pathname).toBe(`${TEST_PUBLIC_URL}/auth/accept-invitation`);
      const token = link.searchParams.get('token')!;
      expect(message.html).toContain(token);
      // Only the token's hash is stored.
      const stored = await t.database.handle.db
        .selectFrom('invitations')
        .select('tokenHash')
        .where('userId', '=', user.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(token);

      const shown = await details(token);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        status: 'PENDING',
        email,
        firstName: 'Ada',
        organizationName: expect.stringContaining('Test Organization'),
        inviterName: 'Olive Orgadmin',
        roleId: ROLES.ORGANIZATION_ADMIN,
        isFederated: false,
        passkeysAllowed: true,
      });

      // Before accepting, no password works: the one the pool made is nobody's.
      const early = await identity('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: 'Tmp-guess-2026-aA1' },
      });
      expect(early.status).toBe(400);

      // Accepting needs a password, one the policy takes; a refusal leaves the link working.
      const without = await accept(token);
      expect(without.statusCode).toBe(400);
      expect(without.json().fieldErrors.password).toBe(INVITATION_MESSAGES.choosePassword);
      const weak = await accept(token, 'short');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fieldErrors.password).toBe(passwordProblem('short'));
      expect((await details(token)).json().status).toBe('PENDING');

      const accepted = await accept(token, NEW_PASSWORD);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ isFederated: false, email, redirectUri: null });

      // The chosen password is the permanent one: no NEW_PASSWORD_REQUIRED, tokens at once.
      const signedIn = await identity('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD },
      });
      expect(signedIn.body.ChallengeName).toBeUndefined();
      const idToken = signedIn.body.AuthenticationResult?.IdToken;
      expect(idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ organizationId, roleId: ROLES.ORGANIZATION_ADMIN });

      const listed = await call(
        'GET',
        `/api/users?organizationId=${organizationId}&status=ACTIVE&pageSize=100`,
        orgAdmin,
      );
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().items.map((u: any) => u.email)).toContain(email);
      expect(await inviteTrail(user.id)).toEqual([
        expect.stringContaining(`Invited ${email}`),
        `Invitation of ${email} accepted`,
      ]);

      // Used once: the same link is refused, and its page says so.
      const again = await accept(token, 'Another-password-2026!');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(INVITATION_MESSAGES.used);
      expect((await details(token)).json().status).toBe('ACCEPTED');
      const still = await identity('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD },
      });
      expect(still.body.AuthenticationResult?.IdToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      // One e-mail, and no password in any message the server made for this person.
      const outbox = await outboxOf(email);
      expect(outbox).toHaveLength(1);
      for (const row of outbox) {
        const all = JSON.stringify(row);
        expect(all).not.toContain(NEW_PASSWORD);
        expect(all).not.toMatch(/temporary password/i);
      }
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    });

    it('refuses unknown, expired and withdrawn links; a resend voids the old link', async () => {
      expect((await accept('not-a-real-token', NEW_PASSWORD)).json().message).toBe(
        INVITATION_MESSAGES.invalid,
      );
      expect((await accept('not-a-real-token', NEW_PASSWORD)).statusCode).toBe(400);
      expect((await details('not-a-real-token')).statusCode).toBe(400);
      const bad = await call('POST', '/api/users/invitation', undefined, { token: 'x' });
      expect(bad.statusCode).toBe(400);

      const email = `late-${randomUUID().slice(0, 8)}@example.test`;
      const { user } = (await invite(organizationId, email, orgAdmin)).json();
      const first = linkIn((await smtp.waitFor(email)).text).searchParams.get('token')!;
      await t.database.handle.db
        .updateTable('invitations')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('userId', '=', user.id)
        .execute();
      const expired = await accept(first, NEW_PASSWORD);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(INVITATION_MESSAGES.expired);
      expect((await details(first)).json()).toMatchObject({
        status: 'EXPIRED',
        inviterName: 'Olive Orgadmin',
      });

      const resent = await call('POST', `/api/users/${user.id}/invitation/resend`, orgAdmin);
      expect(resent.statusCode).toBe(200);
      expect(resent.json().status).toBe('PENDING');
      const second = linkIn((await smtp.waitFor(email)).text).searchParams.get('token')!;
      expect(second).not.toBe(first);
      expect((await accept(first, NEW_PASSWORD)).statusCode).toBe(410);
      expect((await details(second)).json().status).toBe('PENDING');

      // A resend voids a link that had not expired either.
      const third = await call('POST', `/api/users/${user.id}/invitation/resend`, orgAdmin);
      expect(third.statusCode).toBe(200);
      const thirdToken = linkIn((await smtp.waitFor(email)).text).searchParams.get('token')!;
      const voided = await accept(second, NEW_PASSWORD);
      expect(voided.statusCode).toBe(410);
      expect(voided.json().message).toBe(INVITATION_MESSAGES.revoked);
      expect((await details(second)).json().status).toBe('REVOKED');

      const revoked = await call('DELETE', `/api/users/${user.id}/invitation`, orgAdmin);
      expect(revoked.statusCode).toBe(204);
      const afterRevoke = await accept(thirdToken, NEW_PASSWORD);
      expect(afterRevoke.statusCode).toBe(410);
      expect(afterRevoke.json().message).toBe(INVITATION_MESSAGES.revoked);
      expect((await details(thirdToken)).json().status).toBe('REVOKED');
      expect((await call('GET', `/api/users/${user.id}`, orgAdmin)).statusCode).toBe(404);
      expect(await inviteTrail(user.id)).toEqual([
        expect.stringContaining(`Invited ${email}`),
        `Invitation of ${email} sent again`,
        `Invitation of ${email} sent again`,
        `Invitation of ${email} withdrawn`,
      ]);
      // No link sent so far signs anyone in.
      const none = await identity('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD },
      });
      expect(none.status).toBe(400);
      // The address is free again.
      expect((await invite(organizationId, email, orgAdmin)).statusCode).toBe(201);
      await smtp.waitFor(email);
      for (const row of await outboxOf(email))
        expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
    });

    it('warns before a seat beyond the contract and records the approval', async () => {
      const db = t.database.handle.db;
      const seatsOrganization = (await createOrganization(db)).id;
      const admin = await t.createUser(seatsOrganization, { roleId: ROLES.ORGANIZATION_ADMIN });
      tokens.set(admin, await t.tokenFor(admin));
      const contract = await db
        .insertInto('contracts')
        .values({
          organizationId: seatsOrganization,
          number: `SEAT-${randomUUID().slice(0, 6)}`,
          name: 'Seats contract',
          status: 'ACTIVE',
          startDate: '2000-01-01',
          endDate: '2099-12-31',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('contractLineItems')
        .values({
          contractId: contract.id,
          billingCode: 'A_ADDL_USER',
          description: 'Seats',
          unitPrice: 240,
          includedQuantity: 2,
        })
        .execute();

      const seats = await call(
        'GET',
        `/api/organizations/${seatsOrganization}/invitations/seats`,
        admin,
      );
      expect(seats.statusCode, seats.body).toBe(200);
      expect(seats.json()).toEqual({
        organizationId: seatsOrganization,
        lines: [
          {
            contractId: contract.id,
            contractNumber: contract.number,
            contractName: 'Seats contract',
            includedSeats: 2,
            usedSeats: 1,
            unitPrice: 240,
          },
        ],
      });
      // Seat 2 of 2: no warning needed.
      const second = `seat2-${randomUUID().slice(0, 6)}@example.test`;
      expect((await invite(seatsOrganization, second, admin)).statusCode).toBe(201);
      await smtp.waitFor(second);

      // Seat 3 of 2: refused until approved, and nothing is made meanwhile.
      const third = `seat3-${randomUUID().slice(0, 6)}@example.test`;
      const refused = await invite(seatsOrganization, third, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `This will be seat 3 of 2 under contract ${contract.number} (Seats contract). Additional seats are billed under the contract at $240.00 each. Organization admins and platform admins may approve an additional seat.`,
      );
      expect(refused.json().fieldErrors.approve_additional_seat).toBe(
        INVITATION_MESSAGES.approveSeat,
      );
      expect(
        await db.selectFrom('users').select('id').where('email', '=', third).execute(),
      ).toHaveLength(0);
      expect(await outboxOf(third)).toHaveLength(0);

      const approved = await call(
        'POST',
        `/api/organizations/${seatsOrganization}/invitations`,
        admin,
        {
          email: third,
          first_name: 'Ada',
          last_name: 'Lovelace',
          role_id: ROLES.USER,
          approve_additional_seat: true,
        },
      );
      expect(approved.statusCode, approved.body).toBe(201);
      await smtp.waitFor(third);
      expect(await inviteTrail(approved.json().user.id)).toEqual([
        expect.stringContaining(`; seat 3 of 2 under ${contract.number}, additional seat approved`),
      ]);
      const after = await call(
        'GET',
        `/api/organizations/${seatsOrganization}/invitations/seats`,
        admin,
      );
      expect(after.json().lines[0].usedSeats).toBe(3);

      // Only people who may invite there see the seats.
      expect(
        (await call('GET', `/api/organizations/${seatsOrganization}/invitations/seats`, orgAdmin))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/organizations/${organizationId}/invitations/seats`, plainUser))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'GET',
            `/api/organizations/${seatsOrganization}/invitations/seats`,
            platformAdmin,
          )
        ).statusCode,
      ).toBe(200);
    });

    it("keeps one organization's invitations from another's admins", async () => {
      const email = `other-${randomUUID().slice(0, 8)}@example.test`;
      const { user } = (await invite(otherOrganizationId, email, platformAdmin)).json();
      const token = linkIn((await smtp.waitFor(email)).text).searchParams.get('token')!;
      expect((await call('GET', `/api/users/${user.id}/invitation`, orgAdmin)).statusCode).toBe(
        404,
      );
      expect(
        (await call('POST', `/api/users/${user.id}/invitation/resend`, orgAdmin)).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/users/${user.id}/invitation`, orgAdmin)).statusCode).toBe(
        404,
      );
      // The link still works, and makes its person a member of the organization it names.
      expect((await details(token)).json()).toMatchObject({
        status: 'PENDING',
        inviterName: 'Pat Platform',
      });
      expect((await accept(token, NEW_PASSWORD)).statusCode).toBe(200);
      const signedIn = await identity('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: NEW_PASSWORD },
      });
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${signedIn.body.AuthenticationResult.IdToken}` },
      });
      expect(profile.json()).toMatchObject({ organizationId: otherOrganizationId });
    });

    it('keeps roles and organizations apart', async () => {
      const email = () => `role-${randomUUID().slice(0, 8)}@example.test`;
      expect((await invite(organizationId, email(), plainUser)).statusCode).toBe(403);
      expect((await invite(otherOrganizationId, email(), orgAdmin)).statusCode).toBe(404);
      expect(
        (await invite(organizationId, email(), orgAdmin, ROLES.PLATFORM_ADMIN)).statusCode,
      ).toBe(403);
      expect(
        (await invite(organizationId, email(), platformAdmin, ROLES.PLATFORM_ADMIN)).statusCode,
      ).toBe(403);
      const admin = email();
      const platformInvite = await invite(
        platformOrganizationId,
        admin,
        platformAdmin,
        ROLES.PLATFORM_ADMIN,
      );
      expect(platformInvite.statusCode).toBe(201);
      await smtp.waitFor(admin);
      const duplicate = await invite(organizationId, plainUser.email, orgAdmin);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fieldErrors.email).toBe(
        'A user with this e-mail address already exists',
      );
      const malformed = await call(
        'POST',
        `/api/organizations/${organizationId}/invitations`,
        orgAdmin,
        {
          email: 'nope',
          first_name: '',
          last_name: 'X',
          role_id: 100,
        },
      );
      expect(malformed.statusCode).toBe(400);
      // Someone else's invitation cannot be resent or withdrawn from another organization.
      const { user } = platformInvite.json();
      expect(
        (await call('POST', `/api/users/${user.id}/invitation/resend`, orgAdmin)).statusCode,
      ).toBe(404);
    });

    it('sends the password reset code through SMTP', async () => {
      const forgot = await identity('ForgotPassword', {
        ClientId: TEST_CLIENT_ID,
        Username: plainUser.email,
      });
      expect(forgot.status).toBe(200);
      const message = await smtp.waitFor(plainUser.email);
      expect(message.subject).toBe('Your password reset code');
      expect(message.html).toContain('Reset password');
      const code = /reset code is (\d{6})/.exec(message.text)?.[1];
      expect(code).toBeDefined();
      const confirmed = await identity('ConfirmForgotPassword', {
        ClientId: TEST_CLIENT_ID,
        Username: plainUser.email,
        ConfirmationCode: code,
        Password: 'Test-password-2026!',
      });
      expect(confirmed.status).toBe(200);
    });
  });

  describe('company sign-in', () => {
    const saveSso = (organization: number, body: Record<string, unknown>) =>
      call('PUT', `/api/organizations/${organization}/sso`, platformAdmin, {
        issuer: idp.issuer,
        client_id: 'laurel-test',
        client_secret: 'laurel-test-secret',
        email_domains: [domain],
        jit_enabled: false,
        jit_role_id: ROLES.USER,
        ...body,
      });

    beforeAll(async () => {
      const saved = await saveSso(ssoOrganizationId, {});
      expect(saved.statusCode).toBe(200);
    });

    /** Follows a company sign-in from Laurel's authorize address to the app's callback address. */
    async function companySignIn(start: string, email: string, password = IDP_PASSWORD) {
      const startUrl = new URL(start);
      expect(startUrl.pathname).toBe('/identity/oauth2/authorize');
      let response = await t.app.inject({
        method: 'GET',
        url: startUrl.pathname + startUrl.search,
      });
      expect(response.statusCode).toBe(302);
      let next = String(response.headers.location);
      expect(next.startsWith(idp.issuer)).toBe(true);
      const cookies = new Map<string, string>();
      const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let body: string | undefined;
      let method = 'GET';
      for (let hop = 0; hop < 10 && next.startsWith(idp.issuer); hop++) {
        const res = await fetch(next, {
          method,
          redirect: 'manual',
          headers: {
            cookie: cookieHeader(),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(body ? { body } : {}),
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [name, ...value] = pair!.split('=');
          cookies.set(name!.trim(), value.join('='));
        }
        body = undefined;
        method = 'GET';
        if (res.status === 200 && /\/interaction\//.test(next)) {
          const uid = /\/interaction\/([\w-]+)/.exec(next)![1]!;
          next = `${idp.issuer}/interaction/${uid}/login`;
          method = 'POST';
          body = new URLSearchParams({ email, password }).toString();
          continue;
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
        next = new URL(location, next).toString();
      }
      expect(next.startsWith(`${TEST_PUBLIC_URL}/identity/oauth2/idpresponse`)).toBe(true);
      const back = new URL(next);
      response = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
      expect(response.statusCode).toBe(302);
      return new URL(String(response.headers.location));
    }

    /** The audit trail's entries about a person: type and summary, oldest first. */
    const trailOf = async (email: string) =>
      (
        await t.database.handle.db
          .selectFrom('auditEntries as e')
          .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
          .innerJoin('users as u', 'u.id', 'e.actorUserId')
          .select(['y.code', 'e.summary', 'e.resourceId', 'e.ipAddress'])
          .where('u.email', '=', email)
          .orderBy('e.id')
          .execute()
      ).map(({ code, summary, resourceId, ipAddress }) => ({
        code,
        summary,
        resourceId,
        ipAddress,
      }));

    const employee = (email: string): CompanyEmployee => {
      const person = {
        id: randomUUID(),
        email,
        password: IDP_PASSWORD,
        givenName: 'Grace',
        familyName: 'Hopper',
      };
      employees.push(person);
      return person;
    };

    it('refuses a domain another organization claims, and tests the connection', async () => {
      const clash = await saveSso(otherOrganizationId, { email_domains: ['other.test', domain] });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().fieldErrors.email_domains).toContain(domain);
      expect(
        (await call('GET', `/api/organizations/${otherOrganizationId}/sso`, platformAdmin)).json()
          .configured,
      ).toBe(false);

      const test = await call(
        'POST',
        `/api/organizations/${ssoOrganizationId}/sso/test`,
        platformAdmin,
        { issuer: idp.issuer },
      );
      expect(test.json()).toMatchObject({ ok: true, tokenEndpoint: `${idp.issuer}/token` });
      const broken = await call(
        'POST',
        `/api/organizations/${ssoOrganizationId}/sso/test`,
        platformAdmin,
        { issuer: 'http://127.0.0.1:9/nothing' },
      );
      expect(broken.json()).toMatchObject({
        ok: false,
        message: SSO_MESSAGES.unreachableIssuer('http://127.0.0.1:9/nothing'),
      });
      expect(
        (await call('GET', `/api/organizations/${ssoOrganizationId}/sso`, orgAdmin)).statusCode,
      ).toBe(403);
      const settings = (
        await call('GET', `/api/organizations/${ssoOrganizationId}/sso`, platformAdmin)
      ).json();
      expect(settings).toMatchObject({
        configured: true,
        hasClientSecret: true,
        emailDomains: [domain],
      });
      expect(JSON.stringify(settings)).not.toContain('laurel-test-secret');
    });

    it('invites, accepts and signs in through the company provider with the right role', async () => {
      const email = `grace-${randomUUID().slice(0, 6)}@${domain}`;
      employee(email);
      const invited = await invite(
        ssoOrganizationId,
        email,
        platformAdmin,
        ROLES.ORGANIZATION_ADMIN,
      );
      expect(invited.statusCode).toBe(201);
      expect(invited.json().invitation.isFederated).toBe(true);
      const message = await smtp.waitFor(email);
      expect(message.text).toContain('company account');
      const accepted = (await accept(linkIn(message.text).searchParams.get('token')!)).json();
      expect(accepted).toMatchObject({ isFederated: true, email });
      expect(accepted.redirectUri).toContain('identity_provider=');

      const callback = await companySignIn(accepted.redirectUri, email);
      expect(callback.origin + callback.pathname).toBe(`${TEST_PUBLIC_URL}/auth/callback`);
      const code = callback.searchParams.get('code')!;
      const state = callback.searchParams.get('state')!;
      const exchange = await call(
        'GET',
        `/api/auth/cognito_callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      );
      expect(exchange.statusCode).toBe(200);
      const result = exchange.json();
      expect(Object.keys(result).sort()).toEqual([
        'accessToken',
        'idToken',
        'refreshToken',
        'username',
      ]);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${result.idToken}` },
      });
      expect(profile.json()).toMatchObject({
        organizationId: ssoOrganizationId,
        roleId: ROLES.ORGANIZATION_ADMIN,
      });
      // On the audit trail: the invitation accepted, and the company sign-in once (the pool
      // and the callback both tell it), from the browser's address.
      const signIns = (await trailOf(email)).filter((entry) => entry.code !== 'INVITE');
      expect(signIns).toEqual([
        {
          code: 'SIGN_IN',
          summary: `${email} signed in with company sign-in (SSO, OpenID Connect)`,
          resourceId: decodeJwt(result.idToken).origin_jti,
          ipAddress: '127.0.0.1',
        },
      ]);
      // The refresh token works with the pool's ordinary refresh.
      const refreshed = await identity('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: result.refreshToken },
      });
      expect(refreshed.body.AuthenticationResult?.IdToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      // A replayed state, a replayed code and a forged state are refused.
      const replay = await call(
        'GET',
        `/api/auth/cognito_callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      );
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(SSO_MESSAGES.invalidState);
      const check = (await call('POST', '/api/auth/check_federated', undefined, { email })).json();
      expect(check.isFederated).toBe(true);
      const freshState = new URL(check.redirectUri).searchParams.get('state')!;
      const codeReplay = await call(
        'GET',
        `/api/auth/cognito_callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(freshState)}`,
      );
      expect(codeReplay.statusCode).toBe(400);
      expect(codeReplay.json().message).toBe(SSO_MESSAGES.invalidCode);
      const forged = await call(
        'GET',
        `/api/auth/cognito_callback?code=${encodeURIComponent(code)}&state=forged-state`,
      );
      expect(forged.statusCode).toBe(400);
      // An answer from the provider cannot be replayed either.
      const again = await t.app.inject({
        method: 'GET',
        url: `/identity/oauth2/idpresponse?code=x&state=${encodeURIComponent(state)}`,
      });
      expect(again.statusCode).toBe(400);
    });

    it('tells company and password users apart', async () => {
      const sso = (
        await call('POST', '/api/auth/check_federated', undefined, { email: `someone@${domain}` })
      ).json();
      expect(sso.isFederated).toBe(true);
      expect(new URL(sso.redirectUri).searchParams.get('client_id')).toBe(TEST_CLIENT_ID);
      const password = (
        await call('POST', '/api/auth/check_federated', undefined, { email: plainUser.email })
      ).json();
      expect(password).toEqual({ isFederated: false, redirectUri: null });
    });

    it('refuses another domain, a deactivated user, and people nobody invited', async () => {
      const start = async (email: string) =>
        (await call('POST', '/api/auth/check_federated', undefined, { email })).json()
          .redirectUri as string;

      // The provider vouches for an address outside the organization's domains.
      const outsider = employee(`mallory-${randomUUID().slice(0, 6)}@elsewhere.test`);
      const wrongDomain = await companySignIn(await start(`someone@${domain}`), outsider.email);
      expect(wrongDomain.searchParams.get('error')).toBe('access_denied');
      expect(wrongDomain.searchParams.get('error_description')).toContain('does not belong');
      expect(wrongDomain.searchParams.get('code')).toBeNull();

      const stranger = employee(`stranger-${randomUUID().slice(0, 6)}@${domain}`);
      const notInvited = await companySignIn(await start(stranger.email), stranger.email);
      expect(notInvited.searchParams.get('error_description')).toBe(
        SSO_MESSAGES.notInvited(stranger.email),
      );

      const email = `leaver-${randomUUID().slice(0, 6)}@${domain}`;
      employee(email);
      const { user } = (await invite(ssoOrganizationId, email, platformAdmin)).json();
      await smtp.waitFor(email);
      const first = await companySignIn(await start(email), email);
      expect(first.searchParams.get('code')).toMatch(/^\S+$/);
      expect(
        (await call('PATCH', `/api/users/${user.id}`, platformAdmin, { active: false })).statusCode,
      ).toBe(200);
      const denied = await companySignIn(await start(email), email);
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(denied.searchParams.get('code')).toBeNull();
      expect((await trailOf(email)).at(-1)).toMatchObject({
        code: 'SIGN_IN_FAILED',
        summary: `Sign-in of ${email} with company sign-in (SSO, OpenID Connect) refused: the account is deactivated`,
      });
    });

    it('provisions people just in time when the organization allows it', async () => {
      const saved = await saveSso(ssoOrganizationId, {
        jit_enabled: true,
        jit_role_id: ROLES.USER,
        client_secret: undefined,
      });
      expect(saved.json()).toMatchObject({ jitEnabled: true, hasClientSecret: true });
      const email = `newcomer-${randomUUID().slice(0, 6)}@${domain}`;
      employee(email);
      const start = (await call('POST', '/api/auth/check_federated', undefined, { email })).json()
        .redirectUri;
      const callback = await companySignIn(start, email);
      const result = await call(
        'GET',
        `/api/auth/cognito_callback?code=${encodeURIComponent(callback.searchParams.get('code')!)}&state=${encodeURIComponent(callback.searchParams.get('state')!)}`,
      );
      expect(result.statusCode).toBe(200);
      const listed = await call(
        'GET',
        `/api/users?organizationId=${ssoOrganizationId}&pageSize=100`,
        platformAdmin,
      );
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().items.find((u: any) => u.email === email)).toMatchObject({
        email,
        firstName: 'Grace',
        roleId: ROLES.USER,
        status: 'ACTIVE',
      });
      await saveSso(ssoOrganizationId, { jit_enabled: false, client_secret: undefined });
    });
  });
});
