import { DataIntegrityProof as DccProof } from '@digitalcredentials/data-integrity';
import { cryptosuite as dccCryptosuite } from '@digitalcredentials/eddsa-rdfc-2022-cryptosuite';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import * as dccVc from '@digitalcredentials/vc';
import { checkStatus as dccCheckStatus } from '@digitalcredentials/vc-bitstring-status-list';
import type { Kysely } from 'kysely';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import type { Database } from '../src/db/schema.ts';
import { INSIGHTS_METHOD } from '../src/lib/insights-method.ts';
import { emptyFigures } from '../src/modules/insights/figures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID, TEST_POOL_ID, TEST_PUBLIC_URL } from './helpers/tokens.ts';
import { createWorld, type World } from './helpers/world.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- credentials are read as the JSON they are
type Json = Record<string, any>;

const CLI = fileURLToPath(new URL('../src/scripts/admin.ts', import.meta.url));

describe.each(DIALECTS)('signed Open Badges credentials on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    db = t.database.handle.db;
  });
  afterAll(() => t?.close());

  async function call(
    user: BuiltUser,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await w.token(user)}` },
      ...(payload ? { payload } : {}),
    });
  }
  const publicGet = (url: string) => t.app.inject({ method: 'GET', url });
  /** What an employer whose browser prefers Spanish asks for. */
  const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };
  const spanishGet = (url: string) => t.app.inject({ method: 'GET', url, headers: SPANISH });

  /**
   * The Digital Credentials Consortium's verifier, offline: its bundled contexts, and Laurel's
   * did:web documents and status lists fetched from the running server (did:web over http here,
   * since the test server has no certificate).
   */
  const dccBase = securityLoader({ fetchRemoteContexts: false }).build();
  async function dccLoader(url: string) {
    const [base, fragment] = url.split('#') as [string, string | undefined];
    let path: string | null = null;
    if (base.startsWith('did:web:')) {
      const segments = base.slice('did:web:'.length).split(':');
      path = `/${segments.slice(1).join('/')}/did.json`;
    } else if (base.startsWith(TEST_PUBLIC_URL)) path = base.slice(TEST_PUBLIC_URL.length);
    if (path === null) return dccBase(url);
    const response = await publicGet(path);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    const document = response.json();
    if (fragment === undefined) return { contextUrl: null, documentUrl: url, document };
    const method = document.verificationMethod.find((m: Json) => m.id === url);
    if (!method) throw new Error(`${url} is not published`);
    return {
      contextUrl: null,
      documentUrl: url,
      document: { '@context': document['@context'], ...method },
    };
  }
  async function independentlyVerify(credential: Json) {
    const result = await dccVc.verifyCredential({
      credential,
      suite: new DccProof({ cryptosuite: dccCryptosuite }),
      documentLoader: dccLoader,
      checkStatus: (options: Json) =>
        dccCheckStatus({
          ...options,
          suite: new DccProof({ cryptosuite: dccCryptosuite }),
          documentLoader: dccLoader,
          verifyBitstringStatusListCredential: true,
          verifyMatchingIssuers: true,
        }),
    });
    // The consortium's status check answers verified: false, without an error, for a set bit.
    const revoked =
      result.statusResult !== undefined &&
      !result.statusResult.error &&
      result.statusResult.verified === false;
    return { verified: result.verified === true && !revoked, revoked, result };
  }

  async function addAward(externalId: string, email: string | null) {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('awards')
      .values({
        organizationId: w.a.id,
        credentialId: w.credentialA,
        externalId,
        firstName: 'Zoë',
        lastName: `O'Neil ${externalId}`,
        email,
        dateOfBirth: null,
        awardDate: '2023-05-20',
        awardYear: 2023,
        uploadId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }
  const awardIdsOf = async () =>
    (
      await db
        .selectFrom('awards')
        .select('id')
        .where('credentialId', '=', w.credentialA)
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.id));
  async function badges(awardIds: number[]) {
    const response = await call(
      w.userA,
      'GET',
      `${API_PATHS.credentialAwardBadges(w.credentialA)}?awardIds=${awardIds.join(',')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Json[];
  }
  async function documentOf(verificationUrl: string) {
    const response = await publicGet(`${new URL(verificationUrl).pathname}/credential.json`);
    expect(response.statusCode).toBe(200);
    return response.json() as Json;
  }
  const verifyApi = async (credential: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verify,
      payload: credential as object,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      verified: boolean;
      checks: Array<{ check: string; result: string; message: string }>;
    };
  };
  const checkOf = (report: Awaited<ReturnType<typeof verifyApi>>, name: string) =>
    report.checks.find((c) => c.check === name)!;

  it('is off until a platform admin allows the organization and its admin turns a credential on', async () => {
    expect(
      (await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {})).statusCode,
    ).toBe(409);
    const turnOn = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
      enabled: true,
    });
    expect(turnOn.statusCode).toBe(409);
    expect(
      (await call(w.adminA, 'PUT', API_PATHS.organizationIssuing(w.a.id), { issuingAllowed: true }))
        .statusCode,
    ).toBe(403);
    const allowed = await call(w.platformAdmin, 'PUT', API_PATHS.organizationIssuing(w.a.id), {
      issuingAllowed: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ issuingAllowed: true, did: null, keys: [] });
    // A user sees the setting but does not change it; another organization's admin does not see it.
    expect(
      (await call(w.userA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), { enabled: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(w.adminB, 'PUT', API_PATHS.credentialIssuing(w.credentialA), { enabled: true }))
        .statusCode,
    ).toBe(404);
    const on = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, organizationIssuingAllowed: true, issued: 0 });
    expect(
      (await call(w.userA, 'GET', API_PATHS.credentialIssuing(w.credentialA))).json(),
    ).toMatchObject({ enabled: true });
  });

  it('issues one signed credential per award that an independent verifier accepts, idempotently', async () => {
    await addAward('A-0002', 'zoe@example.test');
    await addAward('A-0003', null);
    expect(
      (await call(w.userA, 'POST', API_PATHS.credentialIssue(w.credentialA), {})).statusCode,
    ).toBe(403);
    expect(
      (await call(w.adminB, 'POST', API_PATHS.credentialIssue(w.credentialA), {})).statusCode,
    ).toBe(404);
    const queued = await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    expect(queued.statusCode, queued.body).toBe(202);
    await t.runJobs();
    const ids = await awardIdsOf();
    const states = await badges(ids);
    expect(states.map((s) => s.state)).toEqual(ids.map(() => 'ISSUED'));

    // Again: nothing new (one live credential per award), and one audit entry per issuance.
    await call(w.platformAdmin, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    await t.runJobs();
    const live = await db
      .selectFrom('issuedCredentials')
      .select('id')
      .where('status', '=', 'ISSUED')
      .execute();
    expect(live).toHaveLength(ids.length);
    const audits = await db
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .where('y.code', '=', 'CREDENTIAL_ISSUED')
      .select(['e.actorUserId', 'e.organizationId', 'e.summary'])
      .execute();
    expect(audits).toHaveLength(ids.length);
    expect(audits.every((a) => a.actorUserId === w.adminA.id && a.organizationId === w.a.id)).toBe(
      true,
    );

    for (const state of states) {
      const credential = await documentOf(state.verificationUrl);
      expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
      expect(credential['@context']).toEqual([
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ]);
      expect(credential.issuer.id).toMatch(/^did:web:localhost:issuers:[a-z2-9]{20}$/);
      expect(credential.credentialSubject.achievement).toMatchObject({
        type: ['Achievement'],
        name: 'Alpha Welding Certificate',
        achievementType: 'Certificate',
      });
      expect(credential.credentialStatus).toMatchObject({
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
      });
      expect(credential.proof).toMatchObject({
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
      });
      const independent = await independentlyVerify(credential);
      expect(
        independent.verified,
        JSON.stringify(independent.result.error ?? independent.result.results),
      ).toBe(true);
      expect((await verifyApi(credential)).verified).toBe(true);
    }
    const withEmail = await documentOf(states[1]!.verificationUrl);
    expect(withEmail.credentialSubject.identifier[0]).toMatchObject({
      type: 'IdentityObject',
      hashed: true,
      identityType: 'emailAddress',
    });
    expect(JSON.stringify(withEmail)).not.toContain('zoe@example.test');
    const withoutEmail = await documentOf(states[2]!.verificationUrl);
    expect(withoutEmail.credentialSubject.identifier[0]).toMatchObject({
      identityType: 'name',
      hashed: false,
    });

    // The DID document and the issuer profile are public.
    const did = await publicGet(`/issuers/${withEmail.issuer.id.split(':').at(-1)}/did.json`);
    expect(did.json()).toMatchObject({
      id: withEmail.issuer.id,
      verificationMethod: [{ type: 'Multikey', controller: withEmail.issuer.id }],
      assertionMethod: [withEmail.proof.verificationMethod],
    });
    const profile = await publicGet(`/issuers/${withEmail.issuer.id.split(':').at(-1)}`);
    expect(profile.json()).toMatchObject({
      id: withEmail.issuer.id,
      type: ['Profile'],
      name: 'Alpha College',
    });
  });

  it('fails a tampered credential and one whose status list says revoked', async () => {
    const [first] = await badges(await awardIdsOf());
    const credential = await documentOf(first!.verificationUrl);
    const tampered = { ...credential, name: credential.name.replace(/^A/, 'B') };
    expect((await independentlyVerify(tampered)).verified).toBe(false);
    const report = await verifyApi(tampered);
    expect(report.verified).toBe(false);
    expect(checkOf(report, 'signature')).toMatchObject({ result: 'failed' });

    const awardId = first!.awardId as number;
    expect(
      (await call(w.userA, 'POST', API_PATHS.awardBadgeRevoke(awardId), { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(w.adminB, 'POST', API_PATHS.awardBadgeRevoke(awardId), { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const revoked = await call(w.adminA, 'POST', API_PATHS.awardBadgeRevoke(awardId), {
      reason: 'Issued in error',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'REVOKED', revocationReason: 'Issued in error' });
    const independent = await independentlyVerify(credential);
    expect(independent.revoked).toBe(true);
    expect(independent.verified).toBe(false);
    const after = await verifyApi(credential);
    expect(checkOf(after, 'status')).toEqual({
      check: 'status',
      result: 'failed',
      message: 'The issuer has revoked this credential.',
    });
    expect(checkOf(after, 'signature').result).toBe('passed');
    const audit = await db
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .where('y.code', '=', 'CREDENTIAL_REVOKED')
      .select(['e.summary', 'e.actorUserId'])
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('Issued in error');
    // Another revocation of the same award: nothing live any more.
    expect(
      (await call(w.adminA, 'POST', API_PATHS.awardBadgeRevoke(awardId), { reason: 'again' }))
        .statusCode,
    ).toBe(409);
  });

  it('revokes and re-issues a corrected award automatically', async () => {
    const [, second] = await badges(await awardIdsOf());
    const before = await documentOf(second!.verificationUrl);
    await db
      .updateTable('awards')
      .set({ firstName: 'Zoe' })
      .where('id', '=', second!.awardId)
      .execute();
    await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    await t.runJobs();
    const [, now] = await badges(await awardIdsOf());
    expect(now).toMatchObject({ state: 'ISSUED' });
    expect(now!.verificationUrl).not.toBe(second!.verificationUrl);
    expect((await independentlyVerify(before)).revoked).toBe(true);
    expect((await independentlyVerify(await documentOf(now!.verificationUrl))).verified).toBe(true);
  });

  it('shows a public verification page and a 404 page for an unknown id', async () => {
    const [, second] = await badges(await awardIdsOf());
    const page = await publicGet(new URL(second!.verificationUrl).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This credential is valid.');
    expect(page.body).toContain('Alpha Welding Certificate');
    expect(page.body).toContain('Zoe O&#39;Neil A-0002');
    expect(page.body).toContain('property="og:title"');
    expect(page.body).toContain(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME',
    );
    expect(page.body).toContain('issueYear=2023');
    expect(page.body).not.toMatch(/earning|salary|wage/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Add to LinkedIn profile');
    expect(page.body).toContain('Signature: passed');
    expect(page.headers.vary).toContain('Accept-Language');
    expect(page.headers['cache-control']).toBe('no-store');

    // The same page for an employer whose browser prefers Spanish.
    const spanish = await spanishGet(new URL(second!.verificationUrl).pathname);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.vary).toContain('Accept-Language');
    expect(spanish.headers['cache-control']).toBe('no-store');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Esta credencial es válida.');
    expect(spanish.body).toContain('Alpha Welding Certificate');
    expect(spanish.body).toContain('Agregar al perfil de LinkedIn');
    expect(spanish.body).toContain('Copiar enlace');
    expect(spanish.body).toContain('data-copied="Enlace copiado"');
    expect(spanish.body).toContain('Firma: verificación superada');
    expect(spanish.body).toContain(
      'La firma es válida: nada en la credencial cambió desde que se firmó.',
    );
    expect(spanish.body).toMatch(/<dt>Otorgada<\/dt><dd>\d{1,2} de [a-z]+ de 2023<\/dd>/);
    expect(spanish.body).not.toContain('This credential is valid.');
    expect(spanish.body).not.toContain('Signature');
    // Any other preference gets the English page, word for word (its nonce and time aside).
    const english = await t.app.inject({
      method: 'GET',
      url: new URL(second!.verificationUrl).pathname,
      headers: { 'accept-language': 'en-GB,es;q=0.5' },
    });
    const comparable = (body: string) =>
      body.replace(/nonce="[^"]+"/, 'nonce=""').replace(/Checked [\d-]+ [\d:]+ UTC/, 'Checked UTC');
    expect(comparable(english.body)).toBe(comparable(page.body));
    const qr = await publicGet(`${new URL(second!.verificationUrl).pathname}/qr.svg`);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    const credential = await documentOf(second!.verificationUrl);
    const achievement = await publicGet(
      new URL(credential.credentialSubject.achievement.id).pathname,
    );
    expect(achievement.statusCode).toBe(200);
    expect(achievement.json()).toMatchObject({
      ...credential.credentialSubject.achievement,
      creator: { id: credential.issuer.id, name: 'Alpha College' },
    });
    const otherOrganization = await publicGet(
      new URL(credential.credentialSubject.achievement.id).pathname.replace(
        /\d+$/,
        String(w.credentialB),
      ),
    );
    expect(otherOrganization.statusCode).toBe(404);
    const unknown = await publicGet('/verify/abcdefghijkmnpqrstuvw');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No credential has this address.');
    expect(unknown.body).toContain('<html lang="en">');
    expect(unknown.headers.vary).toContain('Accept-Language');
    const unknownInSpanish = await spanishGet('/verify/abcdefghijkmnpqrstuvw');
    expect(unknownInSpanish.statusCode).toBe(404);
    expect(unknownInSpanish.headers.vary).toContain('Accept-Language');
    expect(unknownInSpanish.body).toContain('<html lang="es">');
    expect(unknownInSpanish.body).toContain('<title>Credencial no encontrada</title>');
    expect(unknownInSpanish.body).toContain('Ninguna credencial tiene esta dirección.');
    expect(unknownInSpanish.body).toContain('<a href="/verify">verifique el archivo</a>');
  });

  it('refuses junk, deep nesting and a did:web at a private address cleanly', async () => {
    const junk = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verify,
      headers: { 'content-type': 'application/json' },
      payload: `{"a":"${'x'.repeat(1024 * 1024)}"}`,
    });
    expect(junk.statusCode).toBe(413);
    expect(junk.json()).toHaveProperty('message');
    const deep = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verify,
      headers: { 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toHaveProperty('message');
    const notJson = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verify,
      headers: { 'content-type': 'application/json' },
      payload: 'not json at all',
    });
    expect(notJson.statusCode).toBe(400);

    const [, second] = await badges(await awardIdsOf());
    const credential = await documentOf(second!.verificationUrl);
    for (const did of [
      'did:web:10.0.0.7%3A8443:issuers:x',
      'did:web:127.0.0.1',
      'did:web:localhost%3A22',
    ]) {
      const report = await verifyApi({
        ...credential,
        issuer: { ...credential.issuer, id: did },
        proof: { ...credential.proof, verificationMethod: `${did}#key-1` },
      });
      expect(report.verified).toBe(false);
      expect(checkOf(report, 'issuer')).toMatchObject({ result: 'failed' });
      expect(checkOf(report, 'issuer').message).toMatch(/private, loopback or link-local/);
    }
    const plain = await verifyApi({ hello: 'world' });
    expect(plain.verified).toBe(false);
    expect(checkOf(plain, 'format').result).toBe('failed');
  });
  it('revokes, re-issues and issues new awards after an upload, with no one asking', async () => {
    const before = await badges(await awardIdsOf());
    const third = before[2]!;
    const boundary = 'laurel-test-boundary';
    const file = [
      'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date',
      "ALPHA-1,A-0003,Zoë,O'Neil-Smith,,,2023-05-20",
      'ALPHA-1,A-0100,New,Person,new.person@example.test,,2024-01-10',
      '',
    ].join('\r\n');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.a.id}/uploads`,
      headers: {
        authorization: `Bearer ${await w.token(w.adminA)}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fix.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await t.runJobs();
    const after = await badges(await awardIdsOf());
    expect(after).toHaveLength(before.length + 1);
    expect(after.every((state) => state.state === 'ISSUED')).toBe(true);
    const corrected = after.find((state) => state.awardId === third.awardId)!;
    expect(corrected.verificationUrl).not.toBe(third.verificationUrl);
    expect((await independentlyVerify(await documentOf(third.verificationUrl))).revoked).toBe(true);
    const fresh = await documentOf(after.at(-1)!.verificationUrl);
    expect((await independentlyVerify(fresh)).verified).toBe(true);
    const revokedRow = await db
      .selectFrom('issuedCredentials')
      .select(['revocationReason'])
      .where('verificationId', '=', third.verificationUrl.split('/').at(-1)!)
      .executeTakeFirstOrThrow();
    expect(revokedRow.revocationReason).toBe(
      'The award was corrected; a new credential replaces this one.',
    );
  });

  const outboxTo = (to: string) =>
    db
      .selectFrom('outboxEmails')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', to)
      .orderBy('id')
      .execute();

  it('e-mails each holder with an address the link of their credential once; an admin sends it again', async () => {
    const ids = await awardIdsOf();
    const states = await badges(ids);
    const live = states.filter((state) => state.state === 'ISSUED');
    const withAddress = live.filter((state) => state.holderEmail !== null);
    expect(withAddress.length).toBeGreaterThan(0);
    expect(live.some((state) => state.holderEmail === null)).toBe(true);
    for (const state of live) {
      if (state.holderEmail === null) {
        expect(state.sentAt).toBeNull();
        continue;
      }
      expect(state.sentAt, state.holderEmail).not.toBeNull();
      const messages = await outboxTo(state.holderEmail);
      const mine = messages.filter((m) => m.textBody.includes(state.verificationUrl));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toBe(
        'Your credential from Alpha College: Alpha Welding Certificate',
      );
      expect(mine[0]!.textBody).not.toMatch(/earning|salary|wage/i);
    }
    // Running the jobs again sends nothing new.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('outboxEmails')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('subject', 'like', 'Your credential from%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    await t.runJobs();
    expect(await count()).toBe(before);

    const target = withAddress[0]!;
    expect((await call(w.userA, 'POST', API_PATHS.awardBadgeSend(target.awardId))).statusCode).toBe(
      403,
    );
    expect(
      (await call(w.adminB, 'POST', API_PATHS.awardBadgeSend(target.awardId))).statusCode,
    ).toBe(404);
    const again = await call(w.adminA, 'POST', API_PATHS.awardBadgeSend(target.awardId));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ awardId: target.awardId, state: 'ISSUED' });
    expect(again.json().sentAt >= target.sentAt).toBe(true);
    const byPlatform = await call(
      w.platformAdmin,
      'POST',
      API_PATHS.awardBadgeSend(target.awardId),
    );
    expect(byPlatform.statusCode, byPlatform.body).toBe(200);
    expect(await count()).toBe(before + 2);
    const sentAudits = await db
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .where('y.code', '=', 'CREDENTIAL_SENT')
      .select(['e.summary', 'e.actorUserId'])
      .orderBy('e.id')
      .execute();
    expect(sentAudits.map((a) => a.actorUserId)).toEqual([w.adminA.id, w.platformAdmin.id]);
    expect(sentAudits[0]!.summary).toContain(target.holderEmail);

    const noAddress = live.find((state) => state.holderEmail === null)!;
    const refused = await call(w.adminA, 'POST', API_PATHS.awardBadgeSend(noAddress.awardId));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This award has no e-mail address to send its credential to.',
    );
    const notIssued = await addAward('A-0200', 'later@example.test');
    const none = await call(w.adminA, 'POST', API_PATHS.awardBadgeSend(notIssued));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This award has no live signed credential to send.');
    await db.deleteFrom('awards').where('id', '=', notIssued).execute();
  });

  it('says on the public page when and by whom a revoked credential was revoked', async () => {
    const revokedRow = await db
      .selectFrom('issuedCredentials')
      .select(['verificationId', 'revokedAt'])
      .where('status', '=', 'REVOKED')
      .where('revocationReason', '=', 'Issued in error')
      .executeTakeFirstOrThrow();
    const page = await publicGet(`/verify/${revokedRow.verificationId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This credential has been revoked by its issuer.');
    const day = new Date(String(revokedRow.revokedAt)).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(page.body).toContain(`Revoked on ${day} by Alpha College.`);
    // The issuer's reason is theirs: it is not shown to the public.
    expect(page.body).not.toContain('Issued in error');

    const spanish = await spanishGet(`/verify/${revokedRow.verificationId}`);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Esta credencial fue revocada por su emisor.');
    const dia = new Date(String(revokedRow.revokedAt)).toLocaleDateString('es-419', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(spanish.body).toContain(`Revocada el ${dia} por Alpha College.`);
    expect(spanish.body).toContain('Estado de revocación: verificación fallida');
    expect(spanish.body).toContain('El emisor revocó esta credencial.');
    expect(spanish.body).not.toContain('Issued in error');
  });

  it("shows the program's published outcome summary beside a credential only once its organization opts in", async () => {
    const figures = emptyFigures();
    const published = { lessThan: null, suppressed: false, reason: null, smallSample: false };
    figures.earnings.salary = { ...figures.earnings.salary, ...published, value: 52300, n: 1234 };
    figures.employment.employmentRate = {
      ...figures.employment.employmentRate,
      ...published,
      value: 0.64,
      n: 25,
      smallSample: true,
    };
    // Withheld: never on the page, whatever its stored value.
    figures.earnings.salaryGrowth = {
      ...figures.earnings.salaryGrowth,
      value: 0.371,
      n: null,
      lessThan: 10,
      suppressed: true,
      reason: 'FEWER_THAN_MIN',
    };
    await db
      .updateTable('organizations')
      .set({ insightsEntitled: true })
      .where('id', '=', w.a.id)
      .execute();
    // The credential's figures, as a build stores them: one range, all its award years.
    await db
      .deleteFrom('insightAggregates')
      .where('organizationId', '=', w.a.id)
      .where('credentialId', '=', w.credentialA)
      .execute();
    await db
      .insertInto('insightAggregates')
      .values({
        organizationId: w.a.id,
        credentialId: w.credentialA,
        awardYearFrom: 2023,
        awardYearTo: 2024,
        payload: JSON.stringify({
          method: INSIGHTS_METHOD,
          asOfYear: 2025,
          dollarsOfYear: 2025,
          figures,
        }),
        builtAt: new Date().toISOString(),
      })
      .execute();
    const [, second] = await badges(await awardIdsOf());
    const path = new URL(second!.verificationUrl).pathname;
    expect((await publicGet(path)).body).not.toContain('$52,300');

    expect(
      (
        await call(w.userA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
          showOutcomes: true,
        })
      ).statusCode,
    ).toBe(403);
    const on = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
      showOutcomes: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ showOutcomes: true, enabled: true });
    const page = (await publicGet(path)).body;
    expect(page).toContain("What this program's graduates went on to earn");
    expect(page).toContain('$52,300');
    expect(page).toContain('1,234 people');
    expect(page).toContain('64%');
    expect(page).toContain('a small sample');
    expect(page).toContain('in 2023–2024');
    expect(page).not.toContain('37%');
    expect(page).toContain('never the person who holds this credential');
    const spanish = (await spanishGet(path)).body;
    expect(spanish).toContain('Lo que llegaron a ganar los graduados de este programa');
    expect(spanish).toMatch(/USD\s52,300/); // a no-break space, as Intl writes it
    expect(spanish).toContain('1,234 personas');
    expect(spanish).toContain('64%');
    expect(spanish).toContain('una muestra pequeña');
    expect(spanish).toContain('Con empleo un año después del otorgamiento');
    expect(spanish).toContain('entre 2023 y 2024');
    expect(spanish).toContain('nunca a la persona titular de esta credencial');
    expect(spanish).not.toContain('37%');
    expect(spanish).not.toContain('graduates');

    const off = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
      showOutcomes: false,
    });
    expect(off.json()).toMatchObject({ showOutcomes: false, enabled: true });
    expect((await publicGet(path)).body).not.toContain('$52,300');
    const empty = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {});
    expect(empty.statusCode).toBe(400);
  });

  it('checks a pasted credential at /verify, and answers junk with a page that says what is wrong', async () => {
    const form = (credential: string) =>
      t.app.inject({
        method: 'POST',
        url: '/verify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ credential }).toString(),
      });
    const empty = await publicGet('/verify');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Check a credential');
    expect(empty.body).toContain('<html lang="en">');
    expect(empty.headers['content-security-policy']).toContain("script-src 'self'");
    expect(empty.headers.vary).toContain('Accept-Language');
    const emptyInSpanish = await spanishGet('/verify');
    expect(emptyInSpanish.statusCode).toBe(200);
    expect(emptyInSpanish.headers.vary).toContain('Accept-Language');
    expect(emptyInSpanish.body).toContain('<html lang="es">');
    expect(emptyInSpanish.body).toContain('<h1 id="check">Verificar una credencial</h1>');
    expect(emptyInSpanish.body).toContain('JSON de la credencial');
    expect(emptyInSpanish.body).toContain('>Verificar credencial</button>');
    expect(emptyInSpanish.body).toContain(
      'data-too-large="Este archivo es más grande de lo que puede ser una credencial (256 KB)',
    );
    expect(emptyInSpanish.body).not.toContain('Check a credential');
    // The page's script holds no words: the page gives them in its language.
    const script = await publicGet('/verify-assets/verify.js');
    expect(script.body).not.toMatch(/Link copied|Copy link|larger than/);

    const [, second] = await badges(await awardIdsOf());
    const credential = await documentOf(second!.verificationUrl);
    const valid = await form(JSON.stringify(credential, null, 2));
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toContain('This credential is valid.');
    expect(valid.body).toContain('Alpha Welding Certificate');
    const tampered = await form(JSON.stringify({ ...credential, name: 'Something else' }));
    expect(tampered.statusCode).toBe(200);
    expect(tampered.body).toContain('This credential could not be verified.');
    expect(tampered.body).toContain('Signature: failed');

    const cases: Array<[string, string]> = [
      ['not json at all', 'This is not JSON'],
      ['[1, 2]', 'a credential is a JSON object'],
      [`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'nested too deeply'],
      [`{"a":"${'x'.repeat(300 * 1024)}"}`, 'larger than a credential can be'],
      ['   ', 'Paste a credential, or choose its file.'],
    ];
    for (const [input, message] of cases) {
      const refused = await form(input);
      expect(refused.statusCode, input.slice(0, 20)).toBe(400);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body.toLowerCase()).toContain(message.toLowerCase());
    }

    // The same, for an employer whose browser prefers Spanish.
    const formInSpanish = (credential: string) =>
      t.app.inject({
        method: 'POST',
        url: '/verify',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...SPANISH },
        payload: new URLSearchParams({ credential }).toString(),
      });
    const validInSpanish = await formInSpanish(JSON.stringify(credential));
    expect(validInSpanish.statusCode).toBe(200);
    expect(validInSpanish.headers.vary).toContain('Accept-Language');
    expect(validInSpanish.body).toContain('<html lang="es">');
    expect(validInSpanish.body).toContain('Esta credencial es válida.');
    expect(validInSpanish.body).toContain('<h2 id="result">Resultado</h2>');
    expect(validInSpanish.body).toContain('Formato: verificación superada');
    expect(validInSpanish.body).toContain(
      'La credencial es una Verifiable Credential 2.0 firmada.',
    );
    const tamperedInSpanish = await formInSpanish(
      JSON.stringify({ ...credential, name: 'Something else' }),
    );
    expect(tamperedInSpanish.body).toContain('No se pudo verificar esta credencial.');
    expect(tamperedInSpanish.body).toContain('Firma: verificación fallida');
    const spanishCases: Array<[string, string]> = [
      ['not json at all', 'Esto no es JSON'],
      ['[1, 2]', 'una credencial es un objeto JSON'],
      [
        `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        'Esto no es una credencial que Laurel pueda leer',
      ],
      [`{"a":"${'x'.repeat(300 * 1024)}"}`, 'más grande de lo que puede ser una credencial'],
      ['   ', 'Pegue una credencial o elija su archivo.'],
    ];
    for (const [input, message] of spanishCases) {
      const refused = await formInSpanish(input);
      expect(refused.statusCode, input.slice(0, 20)).toBe(400);
      expect(refused.headers.vary).toContain('Accept-Language');
      expect(refused.body).toContain('<html lang="es">');
      expect(refused.body).toContain(message);
    }
    const deep = await formInSpanish(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
    expect(deep.body).not.toContain('nested too deeply');
    // More than any form of a credential: refused before it is read.
    const huge = await form('x'.repeat(1024 * 1024));
    expect(huge.statusCode).toBe(413);
  });

  it("shows each award's signed credential on its holder's page, with its public page", async () => {
    const states = await badges(await awardIdsOf());
    for (const state of states.slice(0, 2)) {
      const response = await call(w.adminA, 'GET', API_PATHS.awardAwardee(state.awardId));
      expect(response.statusCode, response.body).toBe(200);
      const award = response.json().awards.find((a: Json) => a.id === state.awardId);
      expect(award.signedCredential).toEqual({
        state: state.state,
        verificationUrl: state.verificationUrl,
      });
    }
  });

  it('keeps credentials signed by a retired key valid and fails those whose key was removed', async () => {
    const [, , third] = await badges(await awardIdsOf());
    const old = await documentOf(third!.verificationUrl);
    const rotated = spawnSync(
      process.execPath,
      [CLI, 'rotate-issuer-key', '--organization', String(w.a.id)],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          DATABASE_URL: t.database.url,
          COGNITO_POOL_ID: TEST_POOL_ID,
          COGNITO_CLIENT_ID: TEST_CLIENT_ID,
          PUBLIC_URL: TEST_PUBLIC_URL,
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(rotated.status, rotated.stderr).toBe(0);
    const newKey = /New issuer key for Alpha College: (\S+)/.exec(rotated.stdout)![1]!;
    expect(newKey).not.toBe(old.proof.verificationMethod);
    expect((await independentlyVerify(old)).verified).toBe(true);
    expect((await verifyApi(old)).verified).toBe(true);
    const fresh = await addAward('A-0004', 'new@example.test');
    await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), { awardIds: [fresh] });
    await t.runJobs();
    const [state] = await badges([fresh]);
    const signedWithNew = await documentOf(state!.verificationUrl);
    expect(signedWithNew.proof.verificationMethod).toBe(newKey);
    expect((await independentlyVerify(signedWithNew)).verified).toBe(true);
    const issuing = (await call(w.adminA, 'GET', API_PATHS.organizationIssuing(w.a.id))).json();
    expect(issuing.keys.map((k: Json) => k.status)).toEqual(['RETIRED', 'ACTIVE']);

    await db
      .deleteFrom('issuerKeys')
      .where('verificationMethod', '=', old.proof.verificationMethod)
      .execute();
    expect((await independentlyVerify(old)).verified).toBe(false);
    const report = await verifyApi(old);
    expect(report.verified).toBe(false);
    expect(checkOf(report, 'issuer').result).toBe('failed');
  });
});
