/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies of raw HTTP answers */
import { randomUUID } from 'node:crypto';

import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';

import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { ROLES } from '@laurel/contract/roles';

import {
  createSamlIdentityProvider,
  type ParsedRequest,
  type SamlEmployee,
  type SamlIdentityProvider,
  type SamlIdpMode,
} from '../../../scripts/saml-idp.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_PUBLIC_URL } from './helpers/tokens.ts';

const ACS = `${TEST_PUBLIC_URL}/identity/saml2/idpresponse`;

describe.each(DIALECTS)('SAML 2.0 company sign-in on %s', (dialect) => {
  let t: TestApp;
  let idp: SamlIdentityProvider;
  let organizationId: number;
  let otherOrganizationId: number;
  let orgAdmin: BuiltUser;
  let otherAdmin: BuiltUser;
  let plainUser: BuiltUser;
  let tokens: Map<BuiltUser, string>;
  const domain = `lakeshore-${randomUUID().slice(0, 6)}.test`;

  const employee = (name: string, affiliations: string[] = ['member']): SamlEmployee => ({
    id: randomUUID(),
    email: `${name}-${randomUUID().slice(0, 6)}@${domain}`,
    password: 'unused',
    givenName: 'Rosa',
    familyName: 'Parks',
    affiliations,
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as?: BuiltUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${tokens.get(as)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const saveSaml = (body: Record<string, unknown>, as: BuiltUser = orgAdmin) =>
    call('PUT', `/api/organizations/${organizationId}/sso/saml`, as, {
      metadata_xml: idp.metadataXml,
      email_domains: [domain],
      jit_enabled: true,
      jit_role_id: ROLES.USER,
      admin_values: ['faculty'],
      ...body,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.handle.db;
    organizationId = (await createOrganization(db, { loginModeId: 2 })).id;
    otherOrganizationId = (await createOrganization(db, { loginModeId: 2 })).id;
    orgAdmin = await t.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
    otherAdmin = await t.createUser(otherOrganizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
    plainUser = await t.createUser(organizationId, { roleId: ROLES.USER });
    tokens = new Map();
    for (const user of [orgAdmin, otherAdmin, plainUser]) tokens.set(user, await t.tokenFor(user));
    idp = await createSamlIdentityProvider({
      baseUrl: 'https://idp.lakeshore.test',
      // Laurel's entity id is the address of its metadata: read it from the app.
      spMetadata: async (entityId) => {
        const response = await t.app.inject({ method: 'GET', url: new URL(entityId).pathname });
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      },
    });
    const saved = await saveSaml({});
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** From the sign-in screen's check to the identity provider's AuthnRequest. */
  async function start(email: string): Promise<ParsedRequest> {
    const check = (await call('POST', '/api/auth/check_federated', undefined, { email })).json();
    expect(check.isFederated).toBe(true);
    const authorize = new URL(check.redirectUri);
    const response = await t.app.inject({
      method: 'GET',
      url: authorize.pathname + authorize.search,
    });
    expect(response.statusCode, response.body).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith(idp.ssoUrl)).toBe(true);
    // The identity provider checks the AuthnRequest's signature against Laurel's metadata.
    return idp.parseRequest(location);
  }

  /** Posts a SAMLResponse to the ACS; returns the app callback address it leads to. */
  async function post(SAMLResponse: string, RelayState: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/identity/saml2/idpresponse',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
    expect(response.statusCode, response.body).toBe(302);
    return new URL(String(response.headers.location));
  }

  async function signIn(
    person: SamlEmployee,
    options: { mode?: SamlIdpMode; alter?: (xml: string) => string } = {},
  ) {
    const request = await start(person.email);
    const answer = await idp.respond({ request, employee: person, ...options });
    expect(answer.acsUrl).toBe(ACS);
    return { request, answer, back: await post(answer.SAMLResponse, answer.RelayState) };
  }

  async function redeem(back: URL) {
    expect(back.searchParams.get('error_description')).toBeNull();
    const response = await call(
      'GET',
      `/api/auth/cognito_callback?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const refusals = async () =>
    (
      await t.database.handle.db
        .selectFrom('auditEntries as e')
        .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
        .select(['e.summary', 'e.actorUserId'])
        .where('y.code', '=', 'SIGN_IN_FAILED')
        .where('e.organizationId', '=', organizationId)
        .orderBy('e.id')
        .execute()
    ).map((row) => row.summary);

  async function expectRefused(back: URL, reason: string | RegExp) {
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toMatch(reason);
    const last = (await refusals()).at(-1)!;
    expect(last).toMatch(reason);
    expect(last).toContain('Company sign-in (SSO, SAML 2.0)');
    // The reason, never the assertion.
    expect(last).not.toMatch(/<|SAMLResponse|Assertion ID/);
  }

  describe('settings', () => {
    it('shows the protocol, the service provider to hand over and the provider status', async () => {
      const settings = (
        await call('GET', `/api/organizations/${organizationId}/sso`, orgAdmin)
      ).json();
      expect(settings).toMatchObject({
        configured: true,
        protocol: 'SAML',
        emailDomains: [domain],
        adminValues: ['faculty'],
        saml: {
          serviceProvider: {
            entityId: `${TEST_PUBLIC_URL}/identity/saml2/metadata/org-${organizationId}`,
            acsUrl: ACS,
            metadataUrl: `${TEST_PUBLIC_URL}/identity/saml2/metadata/org-${organizationId}`,
          },
          identityProvider: { entityId: idp.entityId, ssoUrl: idp.ssoUrl, metadataUrl: null },
        },
      });
      expect(settings.saml.serviceProvider.certificate).toContain('BEGIN CERTIFICATE');
      expect(settings.saml.identityProvider.certificates).toHaveLength(1);
      expect(Date.parse(settings.saml.identityProvider.metadataFetchedAt)).toBeGreaterThan(0);
    });

    it('signs the service provider metadata; a second XML signature implementation verifies it', async () => {
      const download = await call(
        'GET',
        `/api/organizations/${organizationId}/sso/saml/metadata`,
        orgAdmin,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('application/samlmetadata+xml');
      expect(download.headers['content-disposition']).toContain('attachment');
      const xml = download.body;
      const certificate = (
        await call('GET', `/api/organizations/${organizationId}/sso`, orgAdmin)
      ).json().saml.serviceProvider.certificate;
      const doc = new DOMParser().parseFromString(xml, 'text/xml');
      const signature = doc.getElementsByTagNameNS(
        'http://www.w3.org/2000/09/xmldsig#',
        'Signature',
      )[0];
      expect(signature).toBeDefined();
      const verifier = new SignedXml({ publicCert: certificate });
      verifier.loadSignature(signature as unknown as Node);
      expect(verifier.checkSignature(xml)).toBe(true);
      expect(verifier.signatureAlgorithm).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      // Tampering breaks it.
      const tampered = xml.replace(ACS, 'https://evil.test/acs');
      const again = new SignedXml({ publicCert: certificate });
      again.loadSignature(signature as unknown as Node);
      let tamperedOk: boolean;
      try {
        tamperedOk = again.checkSignature(tampered);
      } catch {
        tamperedOk = false;
      }
      expect(tamperedOk).toBe(false);
      // The public address of the same metadata serves the same entity.
      const published = await t.app.inject({
        method: 'GET',
        url: `/identity/saml2/metadata/org-${organizationId}`,
      });
      expect(published.body).toContain(
        `entityID="${TEST_PUBLIC_URL}/identity/saml2/metadata/org-${organizationId}"`,
      );
      expect(published.body).toContain('use="encryption"');
    });

    it('only the organization admins and platform admins manage it', async () => {
      for (const [as, status] of [
        [plainUser, 403],
        // Another organization's records are not found rather than forbidden.
        [otherAdmin, 404],
      ] as const) {
        // The settings, as before SAML: forbidden to anyone but platform admins and its admins.
        expect((await call('GET', `/api/organizations/${organizationId}/sso`, as)).statusCode).toBe(
          403,
        );
        expect((await saveSaml({}, as)).statusCode).toBe(status);
        expect(
          (await call('GET', `/api/organizations/${organizationId}/sso/saml/metadata`, as))
            .statusCode,
        ).toBe(status);
        expect(
          (
            await call('POST', `/api/organizations/${organizationId}/sso/saml/test`, as, {
              metadata_xml: idp.metadataXml,
            })
          ).statusCode,
        ).toBe(status);
      }
    });

    it('lists an identity provider certificate expiring within 30 days on the platform dashboard', async () => {
      const db = t.database.handle.db;
      const platform =
        (await db
          .selectFrom('organizations')
          .select('id')
          .where('name', '=', PLATFORM_ORGANIZATION_NAME)
          .executeTakeFirst()) ??
        (await createOrganization(db, { name: PLATFORM_ORGANIZATION_NAME, typeId: 1 }));
      const platformAdmin = await t.createUser(platform.id, { roleId: ROLES.PLATFORM_ADMIN });
      tokens.set(platformAdmin, await t.tokenFor(platformAdmin));
      const expiring = await createSamlIdentityProvider({
        baseUrl: 'https://idp.expiring.test',
        certificateDays: 10,
        spMetadata: async () => '',
      });
      const organization = (await createOrganization(db, { loginModeId: 2 })).id;
      const attention = async () =>
        (await call('GET', '/api/dashboard/platform', platformAdmin))
          .json()
          .attention.items.filter(
            (item: any) =>
              item.kind === 'SAML_CERTIFICATE_EXPIRING' && item.organizationId === organization,
          );
      expect(await attention()).toEqual([]);
      // A platform admin acting within the organization sets it up.
      const saved = await call(
        'PUT',
        `/api/organizations/${organization}/sso/saml`,
        platformAdmin,
        {
          metadata_xml: expiring.metadataXml,
          email_domains: [`expiring-${domain}`],
          jit_enabled: false,
          jit_role_id: ROLES.USER,
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const items = await attention();
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        title: 'https://idp.expiring.test/metadata',
        detail: expect.stringMatching(/signing certificate expires on \d{4}-\d{2}-\d{2}\./),
        // Valid from yesterday for ten days: eight whole days and some hours are left.
        daysLeft: 8,
      });
      // The identity provider it replaced is not listed by the one with a year ahead.
      expect(
        (await call('GET', '/api/dashboard/platform', platformAdmin))
          .json()
          .attention.items.filter(
            (item: any) =>
              item.kind === 'SAML_CERTIFICATE_EXPIRING' && item.organizationId === organizationId,
          ),
      ).toEqual([]);
    });

    it('reads metadata and says plainly what is wrong with bad metadata', async () => {
      const test = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test`,
        orgAdmin,
        {
          metadata_xml: idp.metadataXml,
        },
      );
      expect(test.json()).toMatchObject({ ok: true, entityId: idp.entityId, ssoUrl: idp.ssoUrl });
      const bad = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test`,
        orgAdmin,
        {
          metadata_xml:
            '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
        },
      );
      expect(bad.json()).toMatchObject({
        ok: false,
        message: 'The metadata does not describe an identity provider.',
      });
      const refused = await saveSaml({ metadata_xml: 'not xml' });
      expect(refused.statusCode).toBe(400);
      const privateAddress = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test`,
        orgAdmin,
        { metadata_url: 'http://127.0.0.1:9/metadata' },
      );
      expect(privateAddress.json()).toMatchObject({
        ok: false,
        message: 'The metadata address is on a private network, which Laurel does not reach.',
      });
      const both = await saveSaml({ metadata_url: 'https://idp.example.edu/metadata' });
      expect(both.statusCode).toBe(400);
    });
  });

  describe('sign-in', () => {
    it('with a signed assertion: provisions the person just in time and records the sign-in', async () => {
      const person = employee('ada');
      const { back } = await signIn(person, { mode: { sign: 'assertion', encrypt: false } });
      const result = await redeem(back);
      expect(decodeJwt(result.idToken).email).toBe(person.email);
      const user = await t.database.handle.db
        .selectFrom('users')
        .select(['id', 'roleId', 'firstName', 'lastName', 'organizationId'])
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ roleId: ROLES.USER, firstName: 'Rosa', lastName: 'Parks' });
      expect(Number(user.organizationId)).toBe(organizationId);
      const trail = await t.database.handle.db
        .selectFrom('auditEntries as e')
        .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
        .select(['y.code', 'e.summary'])
        .where('e.actorUserId', '=', user.id)
        .orderBy('e.id')
        .execute();
      expect(trail.map((e) => e.summary)).toEqual([
        `User ${person.email} created at first company sign-in (SSO, SAML 2.0) (just-in-time, User)`,
        `${person.email} signed in with company sign-in (SSO, SAML 2.0)`,
      ]);
    });

    it('with a signed response, and with an encrypted assertion', async () => {
      await redeem(
        (await signIn(employee('resp'), { mode: { sign: 'response', encrypt: false } })).back,
      );
      await redeem(
        (await signIn(employee('both'), { mode: { sign: 'both', encrypt: false } })).back,
      );
      await redeem(
        (await signIn(employee('enc'), { mode: { sign: 'assertion', encrypt: true } })).back,
      );
    });

    it('maps an affiliation to Organization Admin', async () => {
      const person = employee('prof', ['faculty', 'member']);
      await redeem((await signIn(person)).back);
      const user = await t.database.handle.db
        .selectFrom('users')
        .select('roleId')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(user.roleId).toBe(ROLES.ORGANIZATION_ADMIN);
    });
  });

  describe('test sign-in', () => {
    async function testSignIn(person: SamlEmployee, tamper = (xml: string) => xml) {
      const started = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test-sign-in`,
        orgAdmin,
        { return_path: `/organizations/${organizationId}` },
      );
      expect(started.statusCode, started.body).toBe(200);
      const location = started.json().url as string;
      expect(location.startsWith(idp.ssoUrl)).toBe(true);
      const request = await idp.parseRequest(location);
      const answer = await idp.respond({ request, employee: person });
      const sent = Buffer.from(
        tamper(Buffer.from(answer.SAMLResponse, 'base64').toString('utf8')),
      ).toString('base64');
      const back = await post(sent, answer.RelayState);
      expect(back.pathname).toBe(`/organizations/${organizationId}`);
      expect(back.searchParams.get('code')).toBeNull();
      const testId = back.searchParams.get('saml_test')!;
      return { testId, answer };
    }
    const resultOf = (testId: string, as: BuiltUser = orgAdmin, id = organizationId) =>
      call('GET', `/api/organizations/${id}/sso/saml/test-sign-in/${testId}`, as);

    it('shows what Laurel received and the role it would give, signing nobody in', async () => {
      const person = employee('tester', ['faculty', 'member']);
      const { testId } = await testSignIn(person);
      const result = await resultOf(testId);
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json()).toMatchObject({
        accepted: true,
        refusal: null,
        email: person.email,
        firstName: 'Rosa',
        lastName: 'Parks',
        role: 'Organization Admin',
        outcome: `Laurel would create ${person.email} as Organization Admin at this first sign-in.`,
      });
      expect(result.json().nameId).toBeTruthy();
      expect(Object.keys(result.json().attributes).length).toBeGreaterThan(0);
      // Nobody was provisioned, and no sign-in was recorded.
      const db = t.database.handle.db;
      expect(
        await db.selectFrom('users').select('id').where('email', '=', person.email).execute(),
      ).toEqual([]);
      // Only the organization's admins read it.
      expect((await resultOf(testId, plainUser)).statusCode).toBe(403);
      expect((await resultOf(testId, otherAdmin, otherOrganizationId)).statusCode).toBe(404);
      const refusedStart = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test-sign-in`,
        plainUser,
        { return_path: `/organizations/${organizationId}` },
      );
      expect(refusedStart.statusCode).toBe(403);
      const elsewhere = await call(
        'POST',
        `/api/organizations/${organizationId}/sso/saml/test-sign-in`,
        orgAdmin,
        { return_path: 'https://evil.example/' },
      );
      expect(elsewhere.statusCode).toBe(400);
    });

    it('shows the refusal reason of a bad answer, never the assertion', async () => {
      const person = employee('tester-unsigned');
      const { testId } = await testSignIn(person, (xml) =>
        xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''),
      );
      const result = (await resultOf(testId)).json();
      expect(result).toMatchObject({ accepted: false, email: null, role: null });
      expect(result.refusal).toMatch(/not signed/);
      expect(JSON.stringify(result)).not.toMatch(/<|Assertion/);
      expect((await resultOf('x'.repeat(32))).statusCode).toBe(404);
    });
  });

  describe('refused', () => {
    it('an unsigned answer', async () => {
      const person = employee('unsigned');
      const request = await start(person.email);
      const answer = await idp.respond({ request, employee: person });
      const unsigned = Buffer.from(
        Buffer.from(answer.SAMLResponse, 'base64')
          .toString('utf8')
          .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''),
      ).toString('base64');
      await expectRefused(await post(unsigned, answer.RelayState), /not signed/);
      // The organization's admins read it on their audit trail, without an actor.
      const trail = await call('GET', '/api/audits?pageSize=100', orgAdmin);
      expect(trail.statusCode, trail.body).toBe(200);
      const entry = trail
        .json()
        .items.find((item: any) =>
          /Company sign-in \(SSO, SAML 2\.0\).*not signed/.test(item.summary),
        );
      expect(entry).toMatchObject({ organizationId });
    });

    it('an answer signed by an unknown key', async () => {
      const forger = await createSamlIdentityProvider({
        baseUrl: 'https://idp.lakeshore.test',
        spMetadata: async (entityId) =>
          (await t.app.inject({ method: 'GET', url: new URL(entityId).pathname })).body,
      });
      const person = employee('forged');
      const request = await start(person.email);
      const answer = await forger.respond({ request, employee: person });
      await expectRefused(await post(answer.SAMLResponse, answer.RelayState), /not signed/);
    });

    it('signature wrapping: an evil assertion beside, around or inside the signed one', async () => {
      const victim = employee('victim');
      const attacker = `mallory-${randomUUID().slice(0, 6)}@${domain}`;
      const variants: Array<(doc: Document, signed: Element) => void> = [
        // XSW1-like: the signed assertion moved into the response's Extensions, an evil one in its place.
        (doc, signed) => {
          const evil = evilCopy(signed, attacker);
          const extensions = doc.createElementNS(
            'urn:oasis:names:tc:SAML:2.0:protocol',
            'samlp:Extensions',
          );
          signed.parentNode!.replaceChild(evil, signed);
          extensions.appendChild(signed);
          doc.documentElement.insertBefore(extensions, doc.documentElement.firstChild!.nextSibling);
        },
        // XSW2-like: an evil assertion before the signed one.
        (doc, signed) => {
          signed.parentNode!.insertBefore(evilCopy(signed, attacker), signed);
        },
        // XSW3-like: an evil assertion with the same ID after the signed one.
        (doc, signed) => {
          signed.parentNode!.insertBefore(evilCopy(signed, attacker, true), signed.nextSibling);
        },
        // XSW4-like: the signed assertion wrapped inside the evil one.
        (doc, signed) => {
          const evil = evilCopy(signed, attacker);
          signed.parentNode!.replaceChild(evil, signed);
          evil.appendChild(signed);
        },
        // XSW5-like: the evil assertion carries the signature, the signed one moved away.
        (doc, signed) => {
          const evil = evilCopy(signed, attacker, true);
          const signature = signed.getElementsByTagNameNS(
            'http://www.w3.org/2000/09/xmldsig#',
            'Signature',
          )[0]!;
          evil.insertBefore(signature.cloneNode(true), evil.firstChild!.nextSibling);
          signed.parentNode!.replaceChild(evil, signed);
          doc.documentElement.appendChild(signed);
        },
      ];
      for (const [index, wrap] of variants.entries()) {
        const request = await start(victim.email);
        const answer = await idp.respond({ request, employee: victim });
        const doc = new DOMParser().parseFromString(
          Buffer.from(answer.SAMLResponse, 'base64').toString('utf8'),
          'text/xml',
        ) as unknown as Document;
        const signed = doc.getElementsByTagNameNS(
          'urn:oasis:names:tc:SAML:2.0:assertion',
          'Assertion',
        )[0]!;
        wrap(doc, signed);
        const xml = new XMLSerializer().serializeToString(doc as never);
        const back = await post(Buffer.from(xml).toString('base64'), answer.RelayState);
        expect(back.searchParams.get('code'), `variant ${index + 1}`).toBeNull();
        expect(back.searchParams.get('error'), `variant ${index + 1}`).toBe('access_denied');
      }
      const attackerRows = await t.database.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', attacker)
        .execute();
      expect(attackerRows).toEqual([]);
    });

    it('a wrong audience, an expired assertion, a destination elsewhere, a wrong recipient', async () => {
      const replace = (from: RegExp, to: string) => (xml: string) => xml.replace(from, to);
      const person = employee('cond');
      await expectRefused(
        (
          await signIn(person, {
            alter: replace(/<saml:Audience>[^<]+/, '<saml:Audience>https://other.test/sp'),
          })
        ).back,
        /audience/,
      );
      const past = new Date(Date.now() - 10 * 60_000).toISOString();
      await expectRefused(
        (
          await signIn(person, {
            alter: (xml) =>
              xml
                .replace(/NotOnOrAfter="[^"]+"/g, `NotOnOrAfter="${past}"`)
                .replace(
                  /NotBefore="[^"]+"/g,
                  `NotBefore="${new Date(Date.now() - 20 * 60_000).toISOString()}"`,
                ),
          })
        ).back,
        /expired/,
      );
      await expectRefused(
        (
          await signIn(person, {
            alter: replace(/Destination="[^"]+"/, 'Destination="https://evil.test/acs"'),
          })
        ).back,
        /another destination/,
      );
      await expectRefused(
        (
          await signIn(person, {
            alter: replace(/Recipient="[^"]+"/, 'Recipient="https://evil.test/acs"'),
          })
        ).back,
        /another recipient/,
      );
      // Within the stated clock skew (a minute), a NotBefore slightly ahead is accepted.
      const soon = new Date(Date.now() + 30_000).toISOString();
      await redeem(
        (await signIn(person, { alter: replace(/NotBefore="[^"]+"/, `NotBefore="${soon}"`) })).back,
      );
    });

    it('a replayed assertion, and an InResponseTo Laurel never sent', async () => {
      const person = employee('replay');
      const { answer, back } = await signIn(person);
      await redeem(back);
      // The same answer again, with a fresh sign-in's RelayState.
      const fresh = await start(person.email);
      await expectRefused(
        await post(answer.SAMLResponse, fresh.relayState),
        /InResponseTo|replayed/,
      );
      // A signed answer to a request id Laurel never made.
      const other = await start(person.email);
      const unknown = await idp.respond({
        request: { ...other, id: `_${randomUUID()}` },
        employee: person,
      });
      await expectRefused(await post(unknown.SAMLResponse, unknown.RelayState), /InResponseTo/);
      // The same RelayState cannot be used twice.
      const again = await t.app.inject({
        method: 'POST',
        url: '/identity/saml2/idpresponse',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          SAMLResponse: unknown.SAMLResponse,
          RelayState: unknown.RelayState,
        }).toString(),
      });
      expect(again.statusCode).toBe(400);
    });

    it('an assertion used once is refused again even while its request id is still open', async () => {
      const person = employee('twice');
      const { request, answer, back } = await signIn(person);
      await redeem(back);
      // As if a second server had not yet forgotten the request: the assertion id alone refuses it.
      await t.database.handle.db
        .insertInto('identitySamlMessages' as never)
        .values({
          key: `request:org-${organizationId}:${request.id}`,
          value: new Date().toISOString(),
          expiresAt: Date.now() + 60_000,
        } as never)
        .execute();
      const fresh = await start(person.email);
      await expectRefused(await post(answer.SAMLResponse, fresh.relayState), /replayed/);
    });

    it("an assertion for another organization's service provider", async () => {
      const otherIdp = idp;
      const saved = await call(
        'PUT',
        `/api/organizations/${otherOrganizationId}/sso/saml`,
        otherAdmin,
        {
          metadata_xml: otherIdp.metadataXml,
          email_domains: [`other-${domain}`],
          jit_enabled: true,
          jit_role_id: ROLES.USER,
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const person = employee('cross');
      await expectRefused(
        (
          await signIn(person, {
            alter: (xml) =>
              xml.replace(
                /<saml:Audience>[^<]+/,
                `<saml:Audience>${TEST_PUBLIC_URL}/identity/saml2/metadata/org-${otherOrganizationId}`,
              ),
          })
        ).back,
        /audience/,
      );
    });
  });
});

/** A copy of the signed assertion naming someone else, without its signature. */
function evilCopy(signed: Element, email: string, keepId = false): Element {
  const evil = signed.cloneNode(true) as Element;
  if (!keepId) evil.setAttribute('ID', `_evil${randomUUID()}`);
  for (const signature of Array.from(
    evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'),
  ))
    signature.parentNode!.removeChild(signature);
  for (const node of Array.from(evil.getElementsByTagNameNS('*', 'AttributeValue')))
    if (node.textContent?.includes('@')) node.textContent = email;
  for (const node of Array.from(evil.getElementsByTagNameNS('*', 'NameID')))
    node.textContent = email;
  return evil;
}
