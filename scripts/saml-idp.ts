/**
 * A small SAML 2.0 identity provider standing in for an institution's (samlify as IdP): a sign-in
 * page for a few fictional employees, SP-initiated sign-in (AuthnRequest by HTTP-Redirect, its
 * signature checked against the service provider's metadata), and a response posted back to the
 * service provider's assertion consumer service, signed and optionally encrypted.
 * `npm run dev:saml-idp` starts it for the demo world; the tests build their own.
 *
 *   npm run dev:saml-idp        # http://localhost:4011, metadata at /metadata
 */
import { webcrypto, X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

import { createSelfSignedCertificate } from '@laurel/identity/self-signed';
import * as samlify from 'samlify';
import { escape, page as idpPage, readForm } from './idp-page.ts';

// samlify's default XML schema check needs a validator module; the service provider's messages
// are checked here by their signature, and the provider under test is Laurel's, not this one.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

export interface SamlEmployee {
  id: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** eduPersonAffiliation values, e.g. `staff`, `faculty`. */
  affiliations?: string[];
}

/** How the provider signs: the assertion, the whole response, or both; and whether it encrypts. */
export interface SamlIdpMode {
  sign: 'assertion' | 'response' | 'both';
  encrypt: boolean;
}

export interface SamlIdpOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  companyName?: string;
  employees: SamlEmployee[];
  mode?: SamlIdpMode;
  keys?: { certificate: string; privateKey: string };
  /** Reads a service provider's metadata by its entity id (Laurel's is the metadata's address). */
  spMetadata?: (entityId: string) => Promise<string>;
}

/** A login request the provider read, its signature checked. */
export interface ParsedRequest {
  id: string;
  spEntityId: string;
  relayState: string;
}

export interface SamlIdentityProvider {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  /** PEM of the signing certificate and its key (tests forge with others). */
  certificate: string;
  privateKey: string;
  parseRequest(url: string): Promise<ParsedRequest>;
  /** A SAMLResponse (base64) for the request and employee, as the mode says. */
  respond(input: {
    request: ParsedRequest;
    employee: SamlEmployee;
    mode?: SamlIdpMode;
    /** Changes the response XML before it is signed (tests: wrong audience, expired…). */
    alter?: (xml: string) => string;
  }): Promise<{ acsUrl: string; SAMLResponse: string; RelayState: string }>;
}

export interface SamlIdp extends SamlIdentityProvider {
  server: Server;
  close(): Promise<void>;
}

const OID = {
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  eppn: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  affiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
};
const URI_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

function attributeXml(name: string, values: string[]): string {
  return `<saml:Attribute Name="${name}" NameFormat="${URI_FORMAT}">${values
    .map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`)
    .join('')}</saml:Attribute>`;
}

/** The provider without a server: metadata, request parsing and responses. */
export async function createSamlIdentityProvider(options: {
  baseUrl: string;
  mode?: SamlIdpMode;
  /** How long the signing certificate is valid (a year unless said). */
  certificateDays?: number;
  /** A signing key and certificate to keep (PEM); a new pair otherwise. */
  keys?: { certificate: string; privateKey: string } | undefined;
  spMetadata: (entityId: string) => Promise<string>;
}): Promise<SamlIdentityProvider> {
  const { certificate, privateKey } =
    options.keys ??
    (await createSelfSignedCertificate(
      `${new URL(options.baseUrl).host} SAML IdP`,
      options.certificateDays ?? 365,
    ));
  const entityId = `${options.baseUrl}/metadata`;
  const ssoUrl = `${options.baseUrl}/sso`;
  const defaultMode = options.mode ?? { sign: 'assertion', encrypt: false };
  const settings = {
    entityID: entityId,
    privateKey,
    signingCert: certificate,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    singleSignOnService: [
      { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: ssoUrl },
    ],
    wantAuthnRequestsSigned: true,
  };
  const idpFor = (mode: SamlIdpMode) =>
    samlify.IdentityProvider({ ...settings, isAssertionEncrypted: mode.encrypt });
  const metadataXml = idpFor(defaultMode).getMetadata();

  async function spFor(spEntityId: string, mode: SamlIdpMode) {
    let metadata = await options.spMetadata(spEntityId);
    // Laurel's metadata asks for signed assertions; a provider that signs only the response is
    // played by reading it as not asking.
    if (mode.sign === 'response')
      metadata = metadata.replace(/WantAssertionsSigned="true"/, 'WantAssertionsSigned="false"');
    return samlify.ServiceProvider({ metadata, wantMessageSigned: mode.sign !== 'assertion' });
  }

  return {
    entityId,
    ssoUrl,
    metadataXml,
    certificate,
    privateKey,

    async parseRequest(url) {
      const parsed = new URL(url);
      const raw = parsed.search.slice(1);
      const param = (name: string) =>
        raw
          .split('&')
          .find((p) => p.startsWith(`${name}=`))
          ?.slice(name.length + 1);
      const samlRequest = parsed.searchParams.get('SAMLRequest');
      if (!samlRequest) throw new Error('No SAMLRequest');
      const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
      const spEntityId = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
      // The AuthnRequest's signature, checked by samlify against the SP's metadata.
      const octetString = ['SAMLRequest', 'RelayState', 'SigAlg']
        .filter((name) => param(name) !== undefined)
        .map((name) => `${name}=${param(name)}`)
        .join('&');
      const sp = await spFor(spEntityId, defaultMode);
      const result = await idpFor(defaultMode).parseLoginRequest(sp, 'redirect', {
        query: Object.fromEntries(parsed.searchParams),
        octetString,
      });
      const id = (result.extract as { request?: { id?: string } }).request?.id ?? '';
      return { id, spEntityId, relayState: parsed.searchParams.get('RelayState') ?? '' };
    },

    async respond({ request, employee, mode = defaultMode, alter }) {
      const sp = await spFor(request.spEntityId, mode);
      const idp = idpFor(mode);
      const attributes = [
        attributeXml(OID.mail, [employee.email]),
        attributeXml(OID.givenName, [employee.givenName]),
        attributeXml(OID.sn, [employee.familyName]),
        attributeXml(OID.eppn, [employee.email]),
        ...(employee.affiliations?.length
          ? [attributeXml(OID.affiliation, employee.affiliations)]
          : []),
      ].join('');
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
      const context = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: request.id } } },
        'post',
        { email: employee.email },
        (template: string) => {
          const id = `_${webcrypto.randomUUID()}`;
          let xml = samlify.SamlLib.replaceTagsByValue(template, {
            ID: id,
            AssertionID: `_${webcrypto.randomUUID()}`,
            Destination: acsUrl,
            Audience: request.spEntityId,
            SubjectRecipient: acsUrl,
            Issuer: entityId,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: now.toISOString(),
            ConditionsNotOnOrAfter: later,
            SubjectConfirmationDataNotOnOrAfter: later,
            NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
            NameID: employee.email,
            InResponseTo: request.id,
          })
            // samlify escapes tag values: the statements are XML, put in as they are.
            .replace(
              '{AuthnStatement}',
              `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
            )
            .replace(
              '{AttributeStatement}',
              `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`,
            );
          if (alter) xml = alter(xml);
          return { id, context: xml };
        },
      );
      return { acsUrl, SAMLResponse: context.context, RelayState: request.relayState };
    },
  };
}

const COLORS = { backdrop: '#0f3d3e', button: '#0f766e' };
/** This provider's sign-in page, in its own colours. */
const page = (company: string, body: string) => idpPage(company, body, COLORS);

/**
 * Starts the provider and its sign-in pages on one HTTP server.
 * @example const idp = await startSamlIdp({ employees })
 */
export async function startSamlIdp(options: SamlIdpOptions): Promise<SamlIdp> {
  const host = options.host ?? '127.0.0.1';
  const company = options.companyName ?? 'Institution';
  const server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, host === 'localhost' ? '127.0.0.1' : host, resolve),
  );
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${host}:${port}`;
  const spMetadata =
    options.spMetadata ??
    (async (entityId: string) => {
      const response = await fetch(entityId, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`SP metadata ${entityId}: ${response.status}`);
      return response.text();
    });
  const provider = await createSamlIdentityProvider({
    baseUrl,
    ...(options.mode ? { mode: options.mode } : {}),
    keys: options.keys,
    spMetadata,
  });
  const pending = new Map<string, ParsedRequest>();

  const signInPage = (key: string, error = '') =>
    page(
      company,
      `<h1>${escape(company)}</h1><p>Sign in with your ${escape(company)} account (SAML).</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/sso/login">
<input type="hidden" name="key" value="${escape(key)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<ul>${options.employees.map((e) => `<li>${escape(e.email)}</li>`).join('')}</ul>`,
    );

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', baseUrl);
      const html = (status: number, body: string) => {
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        response.end(body);
      };
      if (request.method === 'GET' && url.pathname === '/metadata') {
        response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        response.end(provider.metadataXml);
        return;
      }
      if (request.method === 'GET' && url.pathname === '/sso') {
        const parsed = await provider.parseRequest(url.toString()).catch(() => null);
        if (!parsed)
          return html(
            400,
            page(
              company,
              '<h1>Sign-in request refused</h1><p>The request is not a signed SAML AuthnRequest of a known service provider.</p>',
            ),
          );
        const key = webcrypto.randomUUID();
        pending.set(key, parsed);
        return html(200, signInPage(key));
      }
      if (request.method === 'POST' && url.pathname === '/sso/login') {
        const form = await readForm(request);
        const key = form.get('key') ?? '';
        const parsed = pending.get(key);
        if (!parsed) return html(400, page(company, '<h1>This sign-in has expired</h1>'));
        const employee = options.employees.find(
          (e) =>
            e.email === form.get('email')?.trim().toLowerCase() &&
            e.password === form.get('password'),
        );
        if (!employee) return html(200, signInPage(key, 'Wrong e-mail or password.'));
        pending.delete(key);
        const answer = await provider.respond({ request: parsed, employee });
        return html(
          200,
          page(
            company,
            `<h1>Signing you in…</h1><form id="saml" method="post" action="${escape(answer.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escape(answer.SAMLResponse)}">
<input type="hidden" name="RelayState" value="${escape(answer.RelayState)}">
<noscript><button type="submit">Continue</button></noscript></form>
<script>document.getElementById('saml').submit()</script>`,
          ),
        );
      }
      html(404, page(company, '<h1>Not found</h1>'));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  return {
    ...provider,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The demo institution's people (the same fictional employees as the OIDC demo provider). */
export const DEMO_SAML_EMPLOYEES: SamlEmployee[] = [
  {
    id: 'e-1001',
    email: 'maya.okafor@lakeshore.demo',
    password: 'Lakeshore-demo-2026!',
    givenName: 'Maya',
    familyName: 'Okafor',
    affiliations: ['staff', 'member'],
  },
  {
    id: 'e-1002',
    email: 'theo.lindqvist@lakeshore.demo',
    password: 'Lakeshore-demo-2026!',
    givenName: 'Theo',
    familyName: 'Lindqvist',
    affiliations: ['faculty', 'member'],
  },
];

/** The demo provider keeps its key across restarts, so Laurel's copy of its metadata stays good. */
async function demoKeys(): Promise<{ certificate: string; privateKey: string }> {
  const file = join(tmpdir(), 'laurel-dev-saml-idp.json');
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as {
      certificate: string;
      privateKey: string;
    };
    if (new Date(new X509Certificate(kept.certificate).validTo).getTime() > Date.now() + 86_400_000)
      return kept;
  } catch {
    // None yet, or unreadable: a new one.
  }
  const keys = await createSelfSignedCertificate('localhost SAML IdP (demo)', 3650);
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const idp = await startSamlIdp({
    keys: await demoKeys(),
    port: Number(process.env.SAML_IDP_PORT ?? 4011),
    host: 'localhost',
    companyName: 'Lakeshore State University',
    employees: DEMO_SAML_EMPLOYEES,
    mode: { sign: 'assertion', encrypt: process.env.SAML_IDP_ENCRYPT === 'true' },
  });
  console.log(
    `SAML identity provider at ${idp.ssoUrl.replace(/\/sso$/, '')} (metadata: ${idp.entityId})`,
  );
  for (const e of DEMO_SAML_EMPLOYEES) console.log(`  ${e.email} / ${e.password}`);
}
