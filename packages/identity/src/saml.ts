/**
 * Company sign-in through SAML 2.0 identity providers, as a Cognito user pool with SAML providers
 * does it: the pool is the service provider. `GET /oauth2/authorize?identity_provider=…` sends an
 * AuthnRequest (HTTP-Redirect binding, signed with SHA-256), the institution's provider answers at
 * the assertion consumer service `POST /saml2/idpresponse` (HTTP-POST binding), and the person
 * goes on to the app with the same one-time code as an OIDC sign-in (see federation.ts).
 *
 * Each provider (one per organization) is its own service provider: entity id
 * `<baseUrl>/saml2/metadata/<name>` (the address of its metadata), so an assertion meant for one
 * organization is refused by every other one (audience).
 */
import { createHash, X509Certificate } from 'node:crypto';

import { SAML, type CacheProvider, type Profile, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { CamelCasePlugin, type Kysely } from 'kysely';

import type { CryptoBox } from './crypto-box.ts';
import { createSelfSignedCertificate } from './self-signed.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** Clock difference tolerated between Laurel and the identity provider (NotBefore, NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** How long an AuthnRequest may wait for its answer. */
const REQUEST_TTL_MS = 10 * 60_000;
/** How long a consumed assertion id is kept at least (beyond its NotOnOrAfter). */
const REPLAY_MIN_TTL_MS = 60 * 60_000;
const SP_CERT_YEARS = 10;

/** What the pool knows of an institution's identity provider, from its metadata. */
export interface SamlIdpMetadata {
  entityId: string;
  /** SingleSignOnService location (HTTP-Redirect binding preferred). */
  ssoUrl: string;
  /** Signing certificates (PEM), several during a rollover. */
  certificates: string[];
  /** Whether the provider asks for signed AuthnRequests (Laurel signs them anyway). */
  wantAuthnRequestsSigned: boolean;
}

export interface SamlCertificateInfo {
  subject: string;
  notAfter: Date;
  fingerprint: string;
}

export interface SamlProviderInput {
  /** Cognito's provider name, e.g. `org-12`. */
  name: string;
  /** The identity provider's metadata (EntityDescriptor) as XML. */
  metadataXml: string;
  /** Where the metadata came from, when it was fetched (kept for the daily refresh). */
  metadataUrl?: string | null;
  /** AWS Cognito only: which SAML attribute fills each pool attribute (the embedded pool reads `SAML_ATTRIBUTES`). */
  attributeMapping?: Record<string, string>;
}

export interface SamlProviderRecord {
  name: string;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string | null;
  certificates: SamlCertificateInfo[];
  updatedAt: Date;
}

/** What the pool publishes to an institution about itself as one provider's service provider. */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  /** PEM certificate for signatures and encryption. */
  certificate: string;
  /** Signed SP metadata (EntityDescriptor). */
  metadataXml: string;
}

/** A SAML answer refused; `reason` is plain words for the person and the audit trail. */
export class SamlRefusal extends Error {
  override name = 'SamlRefusal';
}

/** A person an identity provider vouched for, from a validated assertion. */
export interface SamlSignIn {
  email: string;
  claims: Record<string, unknown>;
  /** What the assertion said, as sent: its NameID and every attribute by its own name. */
  received: {
    nameId: string;
    nameIdFormat: string | null;
    attributes: Record<string, string[]>;
  };
}

/** What a test sign-in (one that signs nobody in) received, or why the answer was refused. */
export type SamlTestOutcome =
  | { ok: true; provider: string; signIn: SamlSignIn }
  | { ok: false; provider: string; reason: string };

/** How long the outcome of a test sign-in can be read. */
const TEST_RESULT_TTL_MS = 10 * 60_000;

interface SamlProvidersTable {
  name: string;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string | null;
  metadataXml: string;
  createdAt: number | string;
  updatedAt: number | string;
}

interface SamlKeysTable {
  id: string;
  privateKey: string;
  certificate: string;
  createdAt: number | string;
}

interface SamlMessagesTable {
  /** `request:<provider>:<id>` for AuthnRequests, `assertion:<provider>:<sha256(id)>` for consumed assertions. */
  key: string;
  value: string;
  expiresAt: number | string;
}

interface SamlDatabase {
  identitySamlProviders: SamlProvidersTable;
  identitySamlKeys: SamlKeysTable;
  identitySamlMessages: SamlMessagesTable;
}

export interface SamlDeps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app schema: the tables are typed above
  db: Kysely<any>;
  /** `<publicUrl>/identity`. */
  baseUrl: string;
  secretBox: CryptoBox;
  now: () => number;
}

const num = (value: number | string) => Number(value);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function parseXml(xml: string): Document {
  if (xml.length > 1_000_000) throw new Error('The metadata is larger than 1 MB.');
  if (/<!DOCTYPE/i.test(xml)) throw new Error('The metadata must not contain a DOCTYPE.');
  const errors: string[] = [];
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    // xmldom throws on a fatal error (no root element, unclosed tags).
    throw new Error('The metadata is not valid XML.', { cause: error });
  }
  if (errors.length > 0 || !doc.documentElement) throw new Error('The metadata is not valid XML.');
  return doc;
}

/** Reads an identity provider's metadata; throws an Error in plain words when it cannot be used. */
export function parseIdpMetadata(xml: string): SamlIdpMetadata {
  let doc: Document;
  try {
    doc = parseXml(xml.trim());
  } catch (error) {
    throw new Error((error as Error).message, { cause: error });
  }
  const root = doc.documentElement;
  const entity =
    root.localName === 'EntityDescriptor'
      ? root
      : Array.from(root.getElementsByTagNameNS(MD, 'EntityDescriptor')).find((e) =>
          e.getElementsByTagNameNS(MD, 'IDPSSODescriptor').item(0),
        );
  if (!entity || entity.namespaceURI !== MD)
    throw new Error('The metadata has no SAML 2.0 EntityDescriptor.');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor').item(0);
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!idp || !entityId) throw new Error('The metadata does not describe an identity provider.');
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const service =
    services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING) ??
    services.find((s) => s.getAttribute('Binding') === POST_BINDING);
  const ssoUrl = service?.getAttribute('Location') ?? '';
  if (!/^https?:\/\//.test(ssoUrl))
    throw new Error('The metadata has no SingleSignOnService with the HTTP-Redirect binding.');
  const certificates: string[] = [];
  for (const descriptor of Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))) {
    const use = descriptor.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of Array.from(descriptor.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const pem = pemOf(cert.textContent ?? '');
      try {
        new X509Certificate(pem);
      } catch (error) {
        throw new Error('A signing certificate in the metadata cannot be read.', { cause: error });
      }
      if (!certificates.includes(pem)) certificates.push(pem);
    }
  }
  if (certificates.length === 0)
    throw new Error('The metadata has no signing certificate (KeyDescriptor use="signing").');
  return {
    entityId,
    ssoUrl,
    certificates,
    wantAuthnRequestsSigned: idp.getAttribute('WantAuthnRequestsSigned') === 'true',
  };
}

export function certificateInfo(pem: string): SamlCertificateInfo {
  const cert = new X509Certificate(pem);
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    notAfter: new Date(cert.validTo),
    fingerprint: cert.fingerprint256,
  };
}

/** Attribute names read for each claim, first found wins (InCommon/eduPerson, Entra ID, Okta). */
export const SAML_ATTRIBUTES = {
  email: [
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'email',
    'mail',
    'Email',
  ],
  given_name: [
    'urn:oid:2.5.4.42',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'givenName',
    'firstName',
    'given_name',
  ],
  family_name: [
    'urn:oid:2.5.4.4',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'sn',
    'surname',
    'lastName',
    'family_name',
  ],
  /** A stable subject: pairwise-id, then subject-id, then eduPersonPrincipalName, then the NameID. */
  subject: [
    'urn:oasis:names:tc:SAML:attribute:pairwise-id',
    'urn:oasis:names:tc:SAML:attribute:subject-id',
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
    'http://schemas.microsoft.com/identity/claims/objectidentifier',
  ],
  /** Values role mapping looks at: eduPersonAffiliation, scoped affiliation, groups and roles. */
  groups: [
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.9',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
    'groups',
    'memberOf',
    'role',
  ],
} as const;

function values(profile: Record<string, unknown>, name: string): string[] {
  const value = profile[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
}

/** The claims of a validated assertion's attributes, by the names of `SAML_ATTRIBUTES`. */
export function claimsOf(profile: Profile): SamlSignIn {
  const attributes = profile as unknown as Record<string, unknown>;
  const first = (names: readonly string[]) =>
    names.map((n) => values(attributes, n)[0]).find(Boolean);
  const nameId = typeof profile.nameID === 'string' ? profile.nameID : '';
  const emailNameId =
    profile.nameIDFormat === 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' ? nameId : '';
  const email = (first(SAML_ATTRIBUTES.email) ?? emailNameId).trim().toLowerCase();
  const groups = [...new Set(SAML_ATTRIBUTES.groups.flatMap((n) => values(attributes, n)))];
  const sent = (profile.attributes ?? {}) as Record<string, unknown>;
  return {
    received: {
      nameId,
      nameIdFormat: profile.nameIDFormat ?? null,
      attributes: Object.fromEntries(
        Object.keys(sent)
          .slice(0, 100)
          .map((name) => [name, values(sent, name).map((v) => v.slice(0, 500))]),
      ),
    },
    email,
    claims: {
      sub: first(SAML_ATTRIBUTES.subject) ?? nameId,
      email,
      given_name: first(SAML_ATTRIBUTES.given_name) ?? '',
      family_name: first(SAML_ATTRIBUTES.family_name) ?? '',
      groups,
      saml_issuer: profile.issuer,
    },
  };
}

/** Why node-saml refused an answer, in plain words (never the assertion itself). */
function reasonOf(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  if (/InResponseTo/i.test(message))
    return 'the answer does not belong to a sign-in Laurel started (InResponseTo unknown or used)';
  if (/multiple assertions/i.test(message)) return 'the answer holds more than one assertion';
  if (/signature/i.test(message))
    return 'the answer is not signed by the identity provider’s certificate';
  if (/NotBefore|NotOnOrAfter|expired|not yet valid/i.test(message))
    return 'the assertion is expired or not yet valid';
  if (/audience/i.test(message))
    return 'the assertion is meant for another service provider (audience)';
  if (/decrypt/i.test(message)) return 'the encrypted assertion could not be decrypted';
  if (/SAML provider returned/i.test(message))
    return `the identity provider refused the sign-in (${message.replace(/^SAML provider returned /, '')})`;
  if (/subject confirmation/i.test(message))
    return 'the assertion’s subject confirmation is expired';
  return 'the answer is not a valid SAML response';
}

function attribute(doc: Document, localName: string, attr: string): string[] {
  const out: string[] = [];
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i += 1) {
    const el = all.item(i)!;
    if (el.localName === localName && el.hasAttribute(attr)) out.push(el.getAttribute(attr)!);
  }
  return out;
}

export function createSaml(deps: SamlDeps) {
  const db = deps.db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<SamlDatabase>;
  const { now } = deps;
  const acsUrl = `${deps.baseUrl}/saml2/idpresponse`;
  const entityIdOf = (name: string) => `${deps.baseUrl}/saml2/metadata/${name}`;
  let keys: Promise<{ privateKey: string; certificate: string }> | null = null;

  /** The pool's SP key and certificate, made at first use and kept sealed. */
  function spKeys() {
    keys ??= (async () => {
      const row = await db
        .selectFrom('identitySamlKeys')
        .selectAll()
        .where('id', '=', 'sp')
        .executeTakeFirst();
      if (row)
        return { privateKey: deps.secretBox.open(row.privateKey), certificate: row.certificate };
      const { certificate, privateKey } = await createSelfSignedCertificate(
        `${new URL(deps.baseUrl).hostname} SAML service provider`,
        SP_CERT_YEARS * 365,
        new Date(now() - 86_400_000),
      );
      await db
        .insertInto('identitySamlKeys')
        .values({
          id: 'sp',
          privateKey: deps.secretBox.seal(privateKey),
          certificate,
          createdAt: now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const kept = await db
        .selectFrom('identitySamlKeys')
        .selectAll()
        .where('id', '=', 'sp')
        .executeTakeFirstOrThrow();
      return { privateKey: deps.secretBox.open(kept.privateKey), certificate: kept.certificate };
    })().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  }

  /** AuthnRequest ids, shared by every instance through the database (node-saml's cache). */
  function requestCache(provider: string): CacheProvider {
    const keyOf = (id: string) => `request:${provider}:${id}`;
    return {
      async saveAsync(key, value) {
        await db
          .insertInto('identitySamlMessages')
          .values({ key: keyOf(key), value, expiresAt: now() + REQUEST_TTL_MS })
          .execute();
        return { value, createdAt: now() };
      },
      async getAsync(key) {
        const row = await db
          .selectFrom('identitySamlMessages')
          .select(['value', 'expiresAt'])
          .where('key', '=', keyOf(key))
          .executeTakeFirst();
        return row && num(row.expiresAt) > now() ? row.value : null;
      },
      async removeAsync(key) {
        if (!key) return null;
        const row = await db
          .deleteFrom('identitySamlMessages')
          .where('key', '=', keyOf(key))
          .returning('value')
          .executeTakeFirst();
        return row?.value ?? null;
      },
    };
  }

  async function samlFor(row: SamlProvidersTable) {
    const { privateKey, certificate } = await spKeys();
    const metadata = parseIdpMetadata(row.metadataXml);
    return {
      metadata,
      certificate,
      saml: new SAML({
        issuer: entityIdOf(row.name),
        callbackUrl: acsUrl,
        entryPoint: metadata.ssoUrl,
        idpCert: metadata.certificates,
        audience: entityIdOf(row.name),
        privateKey,
        publicCert: certificate,
        decryptionPvk: privateKey,
        signatureAlgorithm: 'sha256',
        digestAlgorithm: 'sha256',
        // The assertion or the whole response must carry a valid signature, as the provider does it.
        wantAssertionsSigned: false,
        wantAuthnResponseSigned: false,
        acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
        maxAssertionAgeMs: 0,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: REQUEST_TTL_MS,
        cacheProvider: requestCache(row.name),
        identifierFormat: null,
        disableRequestedAuthnContext: true,
        signMetadata: true,
        metadataOrganization: undefined,
      }),
    };
  }

  async function findProvider(name: string) {
    return db
      .selectFrom('identitySamlProviders')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** Refuses an assertion already consumed (its id stays until it expires). */
  async function consumeAssertion(provider: string, assertionId: string, notOnOrAfter: number) {
    await db
      .deleteFrom('identitySamlMessages')
      .where('expiresAt', '<', now())
      .where('key', 'like', 'assertion:%')
      .execute();
    try {
      await db
        .insertInto('identitySamlMessages')
        .values({
          key: `assertion:${provider}:${sha256(assertionId)}`,
          value: String(now()),
          expiresAt: Math.max(notOnOrAfter + SAML_CLOCK_SKEW_MS, now() + REPLAY_MIN_TTL_MS),
        })
        .execute();
    } catch {
      throw new SamlRefusal('the assertion was already used (replayed)');
    }
  }

  return {
    acsUrl,
    entityIdOf,

    async upsertProvider(input: SamlProviderInput): Promise<SamlProviderRecord> {
      if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/.test(input.name))
        throw new Error(`Provider name "${input.name}" must be 1-32 letters, digits or dashes`);
      const metadata = parseIdpMetadata(input.metadataXml);
      const values = {
        entityId: metadata.entityId,
        ssoUrl: metadata.ssoUrl,
        metadataUrl: input.metadataUrl ?? null,
        metadataXml: input.metadataXml.trim(),
        updatedAt: now(),
      };
      const existing = await findProvider(input.name);
      if (existing)
        await db
          .updateTable('identitySamlProviders')
          .set(values)
          .where('name', '=', input.name)
          .execute();
      else
        await db
          .insertInto('identitySamlProviders')
          .values({ name: input.name, createdAt: now(), ...values })
          .execute();
      return (await this.getProvider(input.name))!;
    },

    async deleteProvider(name: string): Promise<void> {
      await db.deleteFrom('identitySamlProviders').where('name', '=', name).execute();
    },

    async getProvider(name: string): Promise<SamlProviderRecord | undefined> {
      const row = await findProvider(name);
      if (!row) return undefined;
      return {
        name: row.name,
        entityId: row.entityId,
        ssoUrl: row.ssoUrl,
        metadataUrl: row.metadataUrl,
        certificates: parseIdpMetadata(row.metadataXml).certificates.map(certificateInfo),
        updatedAt: new Date(num(row.updatedAt)),
      };
    },

    async isProvider(name: string): Promise<boolean> {
      return (await findProvider(name)) !== undefined;
    },

    /** The pool as the service provider of one provider: entity id, ACS, certificate, metadata. */
    async serviceProvider(name: string): Promise<SamlServiceProvider> {
      const { privateKey, certificate } = await spKeys();
      const saml = new SAML({
        issuer: entityIdOf(name),
        callbackUrl: acsUrl,
        idpCert: certificate,
        privateKey,
        publicCert: certificate,
        decryptionPvk: privateKey,
        signatureAlgorithm: 'sha256',
        digestAlgorithm: 'sha256',
        signMetadata: true,
        wantAssertionsSigned: true,
        identifierFormat: null,
      });
      return {
        entityId: entityIdOf(name),
        acsUrl,
        metadataUrl: entityIdOf(name),
        certificate,
        metadataXml: saml.generateServiceProviderMetadata(certificate, certificate),
      };
    },

    /** Where to send the browser: the provider's SSO service with a signed AuthnRequest. */
    async authorizeUrl(name: string, relayState: string): Promise<string> {
      const row = await findProvider(name);
      if (!row) throw new Error('The identity provider is not configured.');
      const { saml } = await samlFor(row);
      return saml.getAuthorizeUrlAsync(relayState, undefined, {});
    },

    /**
     * Validates a `SAMLResponse` posted to the ACS for `name`; throws `SamlRefusal` with the
     * reason in plain words.
     */
    async consume(name: string, samlResponse: string): Promise<SamlSignIn> {
      const row = await findProvider(name);
      if (!row) throw new SamlRefusal('the identity provider is not configured');
      if (samlResponse.length > 512 * 1024) throw new SamlRefusal('the answer is too large');
      let xml: string;
      let doc: Document;
      try {
        xml = Buffer.from(samlResponse, 'base64').toString('utf8');
        doc = parseXml(xml);
      } catch {
        throw new SamlRefusal('the answer is not a valid SAML response');
      }
      if (doc.documentElement.localName !== 'Response')
        throw new SamlRefusal('the answer is not a SAML response');
      // Destination of the whole response: this ACS, when given (required when it is signed).
      const destination = doc.documentElement.getAttribute('Destination');
      if (destination !== null && destination !== acsUrl)
        throw new SamlRefusal('the answer is addressed to another destination');
      const { saml, metadata } = await samlFor(row);
      let profile: Profile | null;
      try {
        ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
      } catch (error) {
        throw new SamlRefusal(reasonOf(error));
      }
      if (!profile) throw new SamlRefusal('the answer holds no assertion');
      if (profile.issuer !== metadata.entityId)
        throw new SamlRefusal('the assertion was issued by another identity provider');
      // The validated (signed, decrypted) assertion: its id, recipient and expiry.
      const assertionXml = profile.getAssertionXml?.() ?? '';
      const assertion = parseXml(assertionXml);
      const assertionId = assertion.documentElement.getAttribute('ID') ?? '';
      if (!assertionId) throw new SamlRefusal('the assertion has no ID');
      const recipients = attribute(assertion, 'SubjectConfirmationData', 'Recipient');
      if (recipients.length === 0 || recipients.some((r) => r !== acsUrl))
        throw new SamlRefusal('the assertion is meant for another recipient');
      const expiries = attribute(assertion, 'Conditions', 'NotOnOrAfter')
        .concat(attribute(assertion, 'SubjectConfirmationData', 'NotOnOrAfter'))
        .map((v) => Date.parse(v))
        .filter((v) => Number.isFinite(v));
      if (expiries.length === 0)
        throw new SamlRefusal('the assertion has no expiry (NotOnOrAfter)');
      await consumeAssertion(row.name, assertionId, Math.max(...expiries));
      return claimsOf(profile);
    },

    /** Keeps what a test sign-in received, readable by its id for ten minutes. */
    async keepTestOutcome(testId: string, outcome: SamlTestOutcome): Promise<void> {
      await db
        .insertInto('identitySamlMessages')
        .values({
          key: `test:${sha256(testId)}`,
          value: JSON.stringify(outcome),
          expiresAt: now() + TEST_RESULT_TTL_MS,
        })
        .execute();
    },

    /** What the test sign-in `testId` received; undefined when unknown, unfinished or expired. */
    async testOutcome(testId: string): Promise<SamlTestOutcome | undefined> {
      const row = await db
        .selectFrom('identitySamlMessages')
        .select(['value', 'expiresAt'])
        .where('key', '=', `test:${sha256(testId)}`)
        .executeTakeFirst();
      return row && num(row.expiresAt) > now()
        ? (JSON.parse(row.value) as SamlTestOutcome)
        : undefined;
    },

    async purgeExpired(): Promise<void> {
      await db.deleteFrom('identitySamlMessages').where('expiresAt', '<', now()).execute();
    },
  };
}
export type SamlFederation = ReturnType<typeof createSaml>;
