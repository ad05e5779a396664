import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { MESSAGES, SSO_MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { createMailRepository, SECRET_MASK } from '../src/modules/mail/mail.repository.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limit.ts';
import { UPLOAD_REFUSALS } from '../src/modules/uploads/uploads.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';

const REMOTE = '203.0.113.7';

interface World {
  t: TestApp;
  platformAdmin: BuiltUser;
  orgAdmin: BuiltUser;
  plainUser: BuiltUser;
  organizationId: number;
  tokens: Map<BuiltUser, string>;
}

async function createWorld(dialect: (typeof DIALECTS)[number], env: Record<string, string> = {}) {
  const t = await createTestApp(dialect, { env });
  const db = t.database.handle.db;
  const platform =
    (await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', PLATFORM_ORGANIZATION_NAME)
      .executeTakeFirst()) ??
    (await createOrganization(db, { name: PLATFORM_ORGANIZATION_NAME, typeId: 1 }));
  const organizationId = (await createOrganization(db)).id;
  const platformAdmin = await t.createUser(platform.id, { roleId: ROLES.PLATFORM_ADMIN });
  const orgAdmin = await t.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
  const plainUser = await t.createUser(organizationId, { roleId: ROLES.USER });
  const tokens = new Map<BuiltUser, string>();
  for (const user of [platformAdmin, orgAdmin, plainUser]) tokens.set(user, await t.tokenFor(user));
  return { t, platformAdmin, orgAdmin, plainUser, organizationId, tokens } satisfies World;
}

function caller(world: World) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: {
      as?: BuiltUser;
      payload?: unknown;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) =>
    world.t.app.inject({
      method,
      url,
      remoteAddress: options.remoteAddress ?? REMOTE,
      headers: {
        ...(options.as ? { authorization: `Bearer ${world.tokens.get(options.as)}` } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined
        ? {}
        : { payload: options.payload as Record<string, unknown> }),
    });
}

/** The cookies aws-amplify keeps in a browser signed in as `user`. */
function identityCookies(user: BuiltUser, idToken: string): string {
  const prefix = `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}`;
  return `${prefix}.LastAuthUser=${encodeURIComponent(user.identityUsername)}; ${prefix}.${user.identityUsername}.idToken=${idToken}`;
}

const multipart = (parts: Array<{ name: string; fileName: string; content: string }>) => {
  const boundary = `----laurel${randomUUID()}`;
  const body = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: text/csv\r\n\r\n${part.content}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

const CSV = 'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date\r\n';

describe.each(DIALECTS)('security edges on %s', (dialect) => {
  let world: World;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    world = await createWorld(dialect);
    call = caller(world);
  });
  afterAll(async () => {
    await world?.t.close();
  });

  const forgotPassword = (email: string, remoteAddress = '127.0.0.1') =>
    world.t.app.inject({
      method: 'POST',
      url: '/identity/',
      remoteAddress,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      payload: JSON.stringify({ ClientId: TEST_CLIENT_ID, Username: email }),
    });

  describe('dev mailbox', () => {
    it('answers loopback clients and signed-in platform admins only', async () => {
      expect((await call('GET', '/dev/mailbox', { remoteAddress: '127.0.0.1' })).statusCode).toBe(
        200,
      );
      expect((await call('GET', '/dev/mailbox', { remoteAddress: '::1' })).statusCode).toBe(200);
      const stranger = await call('GET', '/dev/mailbox');
      expect(stranger.statusCode).toBe(403);
      expect(stranger.body).toContain('platform admin');
      // A forged X-Forwarded-For does not make a stranger a loopback client.
      expect(
        (await call('GET', '/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } }))
          .statusCode,
      ).toBe(403);
      // Behind a proxy on this machine that TRUST_PROXY does not name, visitors are not local.
      expect(
        (
          await call('GET', '/dev/mailbox', {
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': '198.51.100.4' },
          })
        ).statusCode,
      ).toBe(403);
      const asAdmin = (user: BuiltUser) =>
        call('GET', '/dev/mailbox', {
          headers: { cookie: identityCookies(user, world.tokens.get(user)!) },
        });
      expect((await asAdmin(world.platformAdmin)).statusCode).toBe(200);
      expect((await asAdmin(world.orgAdmin)).statusCode).toBe(403);
      expect(
        (
          await call('GET', '/dev/mailbox', {
            headers: { cookie: identityCookies(world.platformAdmin, 'not-a-token') },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('does not exist outside demo mode', async () => {
      const production = await createTestApp(dialect, {
        env: { DEMO_MODE: 'false', SECRET_KEY: 'k'.repeat(40) },
      });
      try {
        const response = await production.app.inject({
          method: 'GET',
          url: '/dev/mailbox',
          remoteAddress: '127.0.0.1',
        });
        expect(response.statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });

    it('shows a reset code for 24 hours, then masks it in the page and in the database', async () => {
      expect((await forgotPassword(world.plainUser.email)).statusCode).toBe(200);
      const db = world.t.database.handle.db;
      const row = await db
        .selectFrom('outboxEmails')
        .selectAll()
        .where('toAddress', '=', world.plainUser.email.toLowerCase())
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const code = /reset code is (\d{6})/.exec(row.textBody)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const page = await call('GET', '/dev/mailbox', { remoteAddress: '127.0.0.1' });
      expect(page.body).toContain(code);

      await db
        .updateTable('outboxEmails')
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      const later = await call('GET', '/dev/mailbox', { remoteAddress: '127.0.0.1' });
      expect(later.body).not.toContain(code);
      expect(later.body).toContain(SECRET_MASK);
      const stored = await db
        .selectFrom('outboxEmails')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(`${stored.textBody}${stored.htmlBody}`).not.toContain(code!);
      expect(stored.secrets).toBeNull();
    });

    it('writes demo e-mails to the log with their secrets masked', async () => {
      const logged: string[] = [];
      const mailer = createMailer(createMailRepository(world.t.database.handle.db), {
        from: 'Laurel <no-reply@laurel.test>',
        demoMode: true,
        log: { info: (...args: unknown[]) => void logged.push(String(args[1])) },
      });
      await mailer.send({
        to: `logged-${randomUUID().slice(0, 8)}@example.org`,
        subject: 'Your Laurel password reset code',
        text: 'Your reset code is 493817.',
        secrets: ['493817'],
      });
      mailer.close();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('Your Laurel password reset code');
      expect(logged[0]).toContain(`Your reset code is ${SECRET_MASK}.`);
      expect(logged[0]).not.toContain('493817');
    });

    it('keeps no secret in clear once a message is delivered', async () => {
      const smtp = await startSmtpServer();
      const outbox = createMailRepository(world.t.database.handle.db);
      const mailer = createMailer(outbox, {
        smtpUrl: smtp.url,
        from: 'Laurel <no-reply@laurel.test>',
        demoMode: false,
        log: { info: () => undefined },
      });
      try {
        const to = `delivered-${randomUUID().slice(0, 8)}@example.org`;
        await mailer.send({
          to,
          subject: 'Your temporary Laurel password',
          text: 'Password: Tmp-<&>-Secret-1',
          html: '<p>Password: Tmp-&lt;&amp;&gt;-Secret-1</p>',
          secrets: ['Tmp-<&>-Secret-1'],
        });
        expect((await smtp.waitFor(to)).text).toContain('Tmp-<&>-Secret-1');
        const [stored] = (await outbox.latest(10)).filter((email) => email.to === to);
        expect(stored).toMatchObject({
          text: `Password: ${SECRET_MASK}`,
          html: `<p>Password: ${SECRET_MASK}</p>`,
          masked: true,
        });
        expect(stored!.sentAt).not.toBeNull();
      } finally {
        mailer.close();
        await smtp.close();
      }
    });
  });

  describe('client address and request ids', () => {
    const lastAuditIp = async () =>
      await world.t.database.handle.db
        .selectFrom('auditEntries')
        .select(['ipAddress', 'requestId'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();

    it('ignores X-Forwarded-For by default, in audit entries and rate limits', async () => {
      const response = await call('POST', '/api/log-helper', {
        as: world.orgAdmin,
        payload: { userId: world.orgAdmin.id, event: 'page_view', resourceId: 'N/A' },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(response.statusCode).toBe(204);
      expect((await lastAuditIp()).ipAddress).toBe(REMOTE);

      // Every request claims another address; all count against the real one.
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.publicSignIn.points; i += 1) {
        const answer = await call('POST', '/api/auth/check_federated', {
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `someone${i}@example.org` },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('keeps a plain x-request-id and replaces a long or odd one', async () => {
      const plain = await call('GET', '/healthz', {
        headers: { 'x-request-id': 'lb-1234:abc.x_y' },
      });
      expect(plain.headers['x-request-id']).toBe('lb-1234:abc.x_y');
      for (const forged of ['a'.repeat(8000), 'a'.repeat(129), 'bad id', 'x<script>']) {
        const response = await call('GET', '/healthz', { headers: { 'x-request-id': forged } });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      await call('POST', '/api/log-helper', {
        as: world.orgAdmin,
        payload: { userId: world.orgAdmin.id, event: 'page_view' },
        headers: { 'x-request-id': 'z'.repeat(500) },
      });
      expect((await lastAuditIp()).requestId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('bad input', () => {
    it('refuses control characters in text parameters with a field error', async () => {
      for (const url of [
        '/api/search?q=abc%00def',
        '/api/credentials?search=abc%00def',
        '/api/organizations?search=%1b',
        '/api/credentials/export.csv?search=abc%00def',
      ]) {
        const response = await call('GET', url, { as: world.platformAdmin });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().fieldErrors, url).toMatchObject({
          [url.includes('q=') ? 'q' : 'search']: MESSAGES.controlCharacters,
        });
      }
      const body = await call('POST', '/api/log-helper', {
        as: world.orgAdmin,
        payload: { userId: world.orgAdmin.id, event: 'page\u0000view' },
      });
      expect(body.statusCode).toBe(400);
      expect(body.json()).toMatchObject({
        message: 'Invalid body',
        fieldErrors: { event: MESSAGES.controlCharacters },
      });
    });

    it('refuses control characters in identity requests before they reach the database', async () => {
      for (const target of ['ForgotPassword', 'InitiateAuth']) {
        const response = await world.t.app.inject({
          method: 'POST',
          url: '/identity/',
          remoteAddress: REMOTE,
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
          },
          payload: JSON.stringify({
            ClientId: TEST_CLIENT_ID,
            Username: `${world.plainUser.email}\u0000`,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: `${world.plainUser.email}\u0000`, PASSWORD: 'x' },
          }),
        });
        expect(response.statusCode, target).toBe(400);
        expect(response.json().__type, target).toBe('InvalidParameterException');
      }
    });

    it('accepts ids written in decimal digits only', async () => {
      const id = world.organizationId;
      expect(
        (await call('GET', `/api/organizations/${id}`, { as: world.platformAdmin })).statusCode,
      ).toBe(200);
      for (const loose of [
        `0x${id.toString(16)}`,
        `${id}e0`,
        `%20${id}`,
        `+${id}`,
        `${id}.0`,
        '-1',
        '9007199254740993',
      ]) {
        const response = await call('GET', `/api/organizations/${loose}`, {
          as: world.platformAdmin,
        });
        expect(response.statusCode, loose).toBe(400);
        expect(response.json().fieldErrors, loose).toHaveProperty('id');
      }
      const query = await call('GET', `/api/credentials?organizationId=${id}e0`, {
        as: world.platformAdmin,
      });
      expect(query.statusCode).toBe(400);
      const acting = await call('GET', '/api/credentials', {
        as: world.platformAdmin,
        headers: { 'x-acting-organization': `0x${id.toString(16)}` },
      });
      expect(acting.statusCode).toBe(400);
    });

    it('refuses unreadable and overlong paths in the JSON error shape, without echoing them', async () => {
      for (const [path, status] of [
        ['/api/organizations/%ED%A0%80', 400],
        ['/api/organizations/%E0%A4%A', 400],
        [`/api/organizations/${'9'.repeat(5000)}`, 414],
        [`/api/users/${'a'.repeat(5000)}/invitation`, 414],
      ] as const) {
        for (const as of [world.platformAdmin, undefined]) {
          const response = await call('GET', path, as ? { as } : {});
          expect(response.statusCode, path).toBe(status);
          expect(Object.keys(response.json()), path).toEqual(['message', 'messageKey']);
          expect(response.body, path).not.toContain(path.split('/')[3]);
        }
      }
    });

    it('stores only http and https websites', async () => {
      const before = (
        await call('GET', `/api/organizations/${world.organizationId}`, { as: world.platformAdmin })
      ).json();
      for (const website of [
        'javascript:alert(1)',
        'data:text/html,<b>x</b>',
        'ftp://example.org',
      ]) {
        const response = await call('PATCH', `/api/organizations/${world.organizationId}`, {
          as: world.platformAdmin,
          payload: { name: before.name, type_id: 3, login_mode_id: 1, website },
        });
        expect(response.statusCode, website).toBe(400);
        expect(response.json().fieldErrors, website).toHaveProperty('website');
      }
      const after = (
        await call('GET', `/api/organizations/${world.organizationId}`, { as: world.platformAdmin })
      ).json();
      expect(after.website).toBe(before.website);
    });

    it('authorizes an upload before reading it, and refuses malformed or extra files', async () => {
      const db = world.t.database.handle.db;
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('uploads')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const url = `/api/organizations/${world.organizationId}/uploads`;
      const malformed = {
        payload:
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nno end',
        contentType: 'multipart/form-data; boundary=x',
      };
      // A user may not upload: refused before the (malformed) body is looked at.
      const refused = await call('POST', url, {
        as: world.plainUser,
        payload: malformed.payload,
        headers: { 'content-type': malformed.contentType },
      });
      expect(refused.statusCode).toBe(403);
      const broken = await call('POST', url, {
        as: world.orgAdmin,
        payload: malformed.payload,
        headers: { 'content-type': malformed.contentType },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe(UPLOAD_REFUSALS.malformed);
      const noBoundary = await call('POST', url, {
        as: world.orgAdmin,
        payload: 'whatever',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.statusCode).toBe(400);
      const two = multipart([
        { name: 'file', fileName: 'a.csv', content: `${CSV}X,1,A,B,,,2024-05-01\r\n` },
        { name: 'file', fileName: 'b.csv', content: `${CSV}X,2,A,B,,,2024-05-01\r\n` },
      ]);
      const twoFiles = await call('POST', url, {
        as: world.orgAdmin,
        payload: two.payload,
        headers: { 'content-type': two.contentType },
      });
      expect(twoFiles.statusCode).toBe(400);
      expect(twoFiles.json().message).toBe(UPLOAD_REFUSALS.oneFile);
      expect(await count()).toBe(before);
    });
  });

  describe('abuse limits', () => {
    it('limits client events per user', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.clientEvents.points; i += 1) {
        const response = await call('POST', '/api/log-helper', {
          as: world.plainUser,
          // Each from another address: the per-user count still applies.
          remoteAddress: `192.0.2.${i % 250}`,
          payload: { userId: world.plainUser.id, event: 'page_view' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 204)).toHaveLength(
        RATE_LIMITS.clientEvents.points,
      );
      const last = await call('POST', '/api/log-helper', {
        as: world.plainUser,
        payload: { userId: world.plainUser.id, event: 'page_view' },
      });
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.json().message).toMatch(/^Too many requests/);
    });

    it('limits invitation and company sign-in callbacks per address', async () => {
      for (const [method, url, payload] of [
        ['POST', '/api/users/invitation', { token: 'x'.repeat(43), confirmation: true }],
        ['GET', '/api/auth/cognito_callback?code=abc&state=def', undefined],
      ] as const) {
        const remoteAddress = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
        let status = 0;
        for (let i = 0; i <= RATE_LIMITS.invitation.points; i += 1)
          status = (await call(method, url, { remoteAddress, ...(payload ? { payload } : {}) }))
            .statusCode;
        expect(status, url).toBe(429);
      }
    });

    it('purges expired company sign-in states', async () => {
      const db = world.t.database.handle.db;
      await db
        .insertInto('ssoLoginStates')
        .values({
          stateHash: randomUUID(),
          organizationId: world.organizationId,
          codeVerifier: 'v',
          expiresAt: new Date(Date.now() - 60_000).toISOString(),
          usedAt: null,
        } as never)
        .execute();
      await world.t.app.jobs.purge();
      const left = await db
        .selectFrom('ssoLoginStates')
        .select('stateHash')
        .where('expiresAt', '<', new Date().toISOString())
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses private issuers in the connection test and hides which hosts answer', async () => {
      const test = (issuer: string) =>
        call('POST', `/api/organizations/${world.organizationId}/sso/test`, {
          as: world.platformAdmin,
          payload: { issuer },
        });
      for (const issuer of [
        'http://127.0.0.1:5432',
        'https://10.1.2.3',
        'https://[::1]:8443',
        'https://169.254.169.254',
        'http://localhost:6379',
      ]) {
        expect((await test(issuer)).json(), issuer).toMatchObject({
          ok: false,
          message: SSO_MESSAGES.privateIssuer,
        });
      }
      const unreachable = (await test('https://issuer.invalid')).json();
      expect(unreachable).toMatchObject({
        ok: false,
        message: SSO_MESSAGES.unreachableIssuer('https://issuer.invalid'),
      });
    });
  });
});

describe.each(DIALECTS)('behind a trusted proxy on %s', (dialect) => {
  let world: World;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    world = await createWorld(dialect, { TRUST_PROXY: '10.0.0.0/8' });
    call = caller(world);
  });
  afterAll(async () => {
    await world?.t.close();
  });

  it('believes X-Forwarded-For from the proxy, and stores only valid addresses', async () => {
    const event = (remoteAddress: string, forwarded: string) =>
      call('POST', '/api/log-helper', {
        as: world.orgAdmin,
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
        payload: { userId: world.orgAdmin.id, event: 'page_view' },
      });
    const lastIp = async () =>
      (
        await world.t.database.handle.db
          .selectFrom('auditEntries')
          .select('ipAddress')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).ipAddress;
    await event('10.0.0.5', '198.51.100.23');
    expect(await lastIp()).toBe('198.51.100.23');
    // Not from the proxy: the header is the client's own claim.
    await event('203.0.113.9', '198.51.100.23');
    expect(await lastIp()).toBe('203.0.113.9');
    await event('10.0.0.5', 'not-an-address');
    expect(await lastIp()).toBeNull();
  });

  it('counts rate limits per forwarded client', async () => {
    for (let i = 0; i <= RATE_LIMITS.publicSignIn.points; i += 1) {
      const response = await call('POST', '/api/auth/check_federated', {
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `someone${i}@example.org` },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
